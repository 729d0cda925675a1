/**
 * The newest position of the live log, found the way FerretDB 1.x can answer on the second day.
 * An hour-long soak (issue 21) stalled: with 10,700 events in the log, finding the newest by a sort
 * took 50 s (FerretDB reads the whole log for a sort, a range or an `$in`; only an exact `_id` is
 * indexed), every publisher whose hint was stale and every API's tail waited behind it, and comfort
 * runs' record steps timed out on every attempt. Now only exact `_id` lookups, a few dozen at most.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Collection } from 'mongodb';
import { connectDatabase } from '../../infra/db.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { lastPosition, oldestKept, publishEvent } from '../../infra/live/publish.js';

describe('the live log head on a long log', () => {
  let db: Awaited<ReturnType<typeof connectDatabase>>;
  let log: Collection<EventDoc>;
  const queries: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await connectDatabase(inject('mongoUri'), `loghead_${randomBytes(4).toString('hex')}`, { monitorCommands: true });
    log = db.db!.collection<EventDoc>('events');
    const at = new Date();
    // 3,000 positions, of which the oldest 999 were dropped (a capped log keeps the newest).
    for (let from = 1000; from <= 3000; from += 500) {
      await log.insertMany(Array.from({ length: Math.min(500, 3001 - from) }, (_, i) => ({ _id: from + i, sellerId: 's', type: 't', subject: 'x', data: { n: from + i }, at })));
    }
    db.getClient().on('commandStarted', (e: { commandName: string; command: Record<string, unknown> }) => {
      if (e.commandName === 'find' && e.command.find === 'events') queries.push(e.command);
    });
  });
  afterAll(async () => {
    await db.dropDatabase().catch(() => undefined);
    await db.close();
  });

  /** What FerretDB answers without reading the log: an exact `_id`, or a plain limit with no filter and no sort. */
  const indexedOnly = () => queries.every((q) => !q.sort && (typeof (q.filter as { _id?: unknown })._id === 'number' || (Object.keys(q.filter as object).length === 0 && q.limit === 1)));

  it('finds the newest position from nothing, from a recent one and from a dropped one, with exact lookups only', async () => {
    for (const near of [undefined, 2990, 1500, 10]) {
      queries.length = 0;
      expect(await lastPosition(log, near)).toBe(3000);
      expect(indexedOnly()).toBe(true);
      expect(queries.length).toBeLessThanOrEqual(30);
    }
    queries.length = 0;
    expect(await lastPosition(log, 2999)).toBe(3000);
    expect(queries.length).toBeLessThanOrEqual(4);
  });

  it('finds the oldest position kept after a dropped one, with exact lookups only', async () => {
    queries.length = 0;
    expect(await oldestKept(log, 5, 3000)).toBe(1000);
    expect(indexedOnly()).toBe(true);
  });

  it('appends after the newest position when this process has no fresh hint', async () => {
    queries.length = 0;
    const e = await publishEvent(log, { sellerId: 'seller-x', type: 'probe:sent', subject: 'probe', data: { sentAt: 1 } });
    expect(e.id).toBe('3001');
    expect(indexedOnly()).toBe(true);
  });
});
