import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Connection } from 'mongoose';
import { connectDatabase, databaseReachable } from '../../infra/db.js';
import { startDatabaseProxy, type DatabaseProxy } from '../support/freezable-proxy.js';

/**
 * The driver's server monitor gone silent (seen twice in CI after a database stall: no heartbeat for
 * 60 s, the server "Unknown" for good) is restarted by infra/db.ts, and calls answer again. The
 * silence is made here by stopping the monitor's own timer, as a wedged check would.
 */
describe('a silent server monitor', () => {
  let proxy: DatabaseProxy;
  let conn: Connection;
  const DEADLINE_MS = 1500;

  beforeAll(async () => {
    proxy = await startDatabaseProxy(inject('mongoUri'));
    // A 1 s heartbeat instead of the driver's 10 s: the watch restarts a monitor silent for 7.5 s instead of 16.5 s.
    conn = await connectDatabase(proxy.databaseUri, `monitor-watch-${process.pid}`, { timeoutMS: DEADLINE_MS, heartbeatMs: 1_000 });
  });
  afterAll(async () => {
    proxy.thaw();
    await conn?.close();
    await proxy?.close();
  });

  it('is restarted, and the database answers again', async () => {
    expect(await databaseReachable(conn)).toBe(true);
    type Monitor = { monitorId?: { stop(): void } };
    const servers = (conn.getClient() as unknown as { topology: { s: { servers: Map<string, { monitor: Monitor }> } } }).topology.s.servers;
    for (const s of servers.values()) s.monitor.monitorId?.stop();
    // A stall marks the server unknown; with its monitor silent nothing would ever check it again.
    proxy.freeze();
    expect(await databaseReachable(conn)).toBe(false);
    proxy.thaw();
    await expect.poll(() => databaseReachable(conn), { timeout: 45_000, interval: 500 }).toBe(true);
  });
});
