import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watchDatabase } from '../../scripts/watch-database.js';
import { startFreezableProxy, type FreezableProxy } from '../support/freezable-proxy.js';
import { eventually } from '../support/servers.js';

/** npm start's watchdog: a database that stops answering is said so, and the local FerretDB restarted (issue 21). */
describe('npm start watches the database', () => {
  let proxy: FreezableProxy;
  beforeAll(async () => {
    const target = new URL(inject('mongoUri').replace(/^mongodb:/, 'http:'));
    proxy = await startFreezableProxy(target.hostname, Number(target.port));
  });
  afterAll(async () => { proxy.thaw(); await proxy.close(); });

  const choice = { service: 'MongoDB' as const, chosen: 'FerretDB 1.x on PostgreSQL (test)', skipped: [] };

  it('says when the database stops answering, restarts FerretDB, and says when it answers again', async () => {
    const lines: string[] = [];
    let restarts = 0;
    // Restarting here means the database answers again, as a restarted FerretDB does.
    const stop = watchDatabase({ uri: proxy.uri(inject('mongoUri')), choice, restart: async () => { restarts++; proxy.thaw(); } }, (l) => lines.push(l), { everyMs: 300, answerWithinMs: 200, misses: 3 });
    try {
      await eventually(async () => lines.length === 0, 2_000, 'quiet while the database answers');
      proxy.freeze();
      await eventually(async () => restarts === 1, 15_000, 'FerretDB restarted');
      expect(lines[0]).toMatch(/^the database \(FerretDB 1\.x on PostgreSQL \(test\)\) has not answered for \d+(\.\d+)? s; requests answer "unavailable" meanwhile\. Restarting FerretDB/);
      expect(lines).toContain('FerretDB restarted');
    } finally {
      await stop();
    }
  });

  it('only reports a database it does not run (MONGODB_URI)', async () => {
    const lines: string[] = [];
    proxy.freeze();
    const stop = watchDatabase({ uri: proxy.uri(inject('mongoUri')), choice: { ...choice, chosen: 'MONGODB_URI' } }, (l) => lines.push(l), { everyMs: 300, answerWithinMs: 200, misses: 3 });
    try {
      await eventually(async () => lines.length > 0, 15_000, 'the report');
      expect(lines[0]).toMatch(/has not answered .* It is not run by npm start: check it\.$/);
      proxy.thaw();
      await eventually(async () => lines.includes('the database answers again'), 15_000, 'the all-clear');
    } finally {
      proxy.thaw();
      await stop();
    }
  });
});
