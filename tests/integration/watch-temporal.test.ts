import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { provideTemporal, type TemporalService } from '../../infra/dev-services/index.js';
import { watchTemporal } from '../../scripts/watch-temporal.js';
import { eventually } from '../support/servers.js';

/** Holds SQLite's exclusive lock on the file until `release`: every read of the store waits, as a broken store fails. */
async function lockStore(dbFile: string): Promise<{ release(): Promise<void> }> {
  const holder: ChildProcess = spawn('python3', ['-u', '-c', [
    'import sqlite3, sys',
    `c = sqlite3.connect(${JSON.stringify(dbFile)}, timeout=10, isolation_level=None)`,
    "c.execute('BEGIN EXCLUSIVE')",
    "print('locked')",
    'sys.stdin.read()',
  ].join('\n')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const release = async () => { holder.stdin!.end(); if (holder.exitCode === null) await once(holder, 'exit'); };
  const [chunk] = (await once(holder.stdout!, 'data')) as [Buffer];
  if (chunk.toString().trim() !== 'locked') { await release(); throw new Error(`no lock: ${chunk.toString()}`); }
  return { release };
}

/** The dev server's own process, found by its data dir (unique to this file). */
const serverPid = (dataDir: string) => Number(execFileSync('pgrep', ['-f', `db-filename ${dataDir}`]).toString().trim().split('\n')[0]);

const FAST = { everyMs: 300, answerWithinMs: 500, misses: 3 };

/** npm start's Temporal watchdog: a store that fails is said, the dev server restarted, and its workflows kept. */
describe('npm start watches Temporal', () => {
  // A dev server of this file's own (own port, own SQLite file): the run's shared one must not be stopped.
  const dataDir = mkdtempSync(join(tmpdir(), 'coinmarket-watch-temporal-'));
  let temporal: TemporalService;
  let conn: Connection;
  beforeAll(async () => {
    temporal = await provideTemporal({ dataDir, ignoreEnv: true, log: () => {} });
    conn = await Connection.connect({ address: temporal.address });
  });
  afterAll(async () => {
    await conn?.close();
    await temporal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says when reads of the store fail while the health check says SERVING, and when they answer again (TEMPORAL_ADDRESS: only said)', async () => {
    const lines: string[] = [];
    const stop = watchTemporal({ address: temporal.address, choice: { ...temporal.choice, chosen: 'TEMPORAL_ADDRESS' } }, 'default', (l) => lines.push(l), FAST);
    const lock = await lockStore(join(dataDir, 'temporal.db'));
    try {
      await eventually(async () => lines.length > 0, 15_000, 'the report');
      expect(lines[0]).toMatch(/^Temporal \(TEMPORAL_ADDRESS\) has failed reads of its store for \d+(\.\d+)? s \(last: describe\w+: .+\); workflow runs wait meanwhile .*\. It is not run by npm start: check it\.$/);
      // What the soak saw: the health check is no witness.
      const health = await conn.withDeadline(Date.now() + 2_000, () => conn.healthService.check({}));
      expect(health.status).toBe(1); // SERVING
      await lock.release();
      await eventually(async () => lines.includes('Temporal answers again'), 15_000, 'the all-clear');
    } finally {
      await lock.release();
      await stop();
    }
  });

  it('restarts a dev server that stops answering, and its workflows are still there', async () => {
    const client = new Client({ connection: conn });
    // No worker polls this queue: the run stays open, as a waiting one would.
    const handle = await client.workflow.start('watchdogSurvivor', { taskQueue: `watch-temporal-${process.pid}`, workflowId: `survivor-${Date.now()}` });
    const pid = serverPid(dataDir);
    const lines: string[] = [];
    const stop = watchTemporal(temporal, 'default', (l) => lines.push(l), FAST);
    process.kill(pid, 'SIGSTOP');
    try {
      await eventually(async () => lines.includes('the Temporal dev server restarted'), 60_000, 'the restart');
      expect(lines[0]).toMatch(/has failed reads of its store for .*workflow runs wait meanwhile .*\. Restarting the Temporal dev server \(its workflows are kept in its SQLite file\)…$/);
      expect(serverPid(dataDir)).not.toBe(pid);
      await eventually(async () => lines.includes('Temporal answers again'), 15_000, 'the all-clear');
      const run = await handle.describe();
      expect(run.status.name).toBe('RUNNING');
    } finally {
      try { process.kill(pid, 'SIGCONT'); } catch { /* restarted: gone */ }
      await stop();
    }
  });
});
