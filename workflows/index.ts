/** Every workflow the worker runs; the worker bundles this file. */
export { countdownWorkflow } from './countdown.js';
