/**
 * Cold and warm start of `npm start` until /ready is green: cold = empty data directory (servers
 * create their databases), warm = the same data directory again. Binaries are already cached
 * (scripts/provision.ts reports their one-time build). Also times the clean stop on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/dev-services/process.js';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));

async function once(label: string) {
  const ports = { PORT: await freePort(), SIMULATOR_PORT: await freePort(), MONGO_PORT: await freePort(), TEMPORAL_PORT: await freePort(), TEMPORAL_UI_PORT: await freePort() };
  const env = { ...process.env, DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) };
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: 'ignore', detached: false });
  const url = `http://127.0.0.1:${ports.PORT}/ready`;
  for (;;) {
    try { if ((await fetch(url)).ok) break; } catch { /* not yet */ }
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (Date.now() - t0 > 300_000) throw new Error('not ready after 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const ready = Date.now() - t0;
  const s0 = Date.now();
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  console.log(`npm start ${label}: /ready green after ${(ready / 1000).toFixed(1)} s; Ctrl-C stop took ${((Date.now() - s0) / 1000).toFixed(1)} s`);
}

await once('cold (empty .data)');
await once('warm (same .data)');
rmSync(dataDir, { recursive: true, force: true });
