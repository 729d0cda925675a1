/**
 * Bundles the workflow code once, at image build time, into dist/workflow-bundle.js. A worker
 * started with WORKFLOW_BUNDLE pointing at it polls within seconds instead of first spending
 * 10-40 s (on a busy 2-core machine) bundling with webpack: that startup is the time a crashed
 * worker's payouts and transfers wait when no other replica runs (docs/withdrawals.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflows } from '../workers/worker.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'workflow-bundle.js');
const bundle = await bundleWorkflows();
if (!('code' in bundle)) throw new Error('the workflow bundle has no code');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, bundle.code);
console.log(`workflow bundle: ${out} (${Math.round(bundle.code.length / 1024)} KiB)`);
