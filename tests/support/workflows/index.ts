/** The workflows a test worker runs: every workflow of the app, and the test-only countdown. global-setup bundles this file. */
export * from '../../../workflows/index.js';
export { countdownWorkflow } from './countdown.js';
