import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../infra/db.js';
import { SellerFeed, type FeedDoc } from '../../infra/seller-feed/feed.js';
import { feedChange } from '../support/feed-changes.js';
import { testDatabase } from '../support/servers.js';

const run = promisify(execFile);

type Answer = { subject: string; position: number; fresh: boolean };

/**
 * The seller feed's promise to API clients (docs/api-events.md): positions 1, 2, 3, … per seller,
 * no gap and no repeat, each change once, whatever number of worker replicas append and wherever
 * one of them dies. Real FerretDB, real processes.
 */
describe('seller feed: positions without gap or repeat from many replicas', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  const conns: Awaited<ReturnType<typeof connectDatabase>>[] = [];
  /** A replica: its own connection and its own SellerFeed (nothing shared in memory). */
  const replica = async () => {
    const conn = await connectDatabase(inject('mongoUri'), t.name, { monitorCommands: true });
    conns.push(conn);
    const inserts: number[] = [];
    conn.getClient().on('commandStarted', (e: { commandName: string; command: Record<string, unknown> }) => {
      if (e.commandName === 'insert' && e.command.insert === 'seller_feed') inserts.push((e.command.documents as unknown[]).length);
    });
    return { feed: await SellerFeed.open(conn.db!), inserts };
  };
  const stored = async (sellerId: string) =>
    (await t.db.db!.collection<FeedDoc>('seller_feed').find({ sellerId }).sort({ position: 1 }).toArray());
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  beforeAll(async () => { t = await testDatabase('feed'); await SellerFeed.open(t.db.db!); });
  afterAll(async () => { await Promise.all(conns.map((c) => c.close())); await t.drop(); });

  it('three processes and two connections appending at once (each also appending the same 10 changes) give 1..N, each change once, each answer its own entry', async () => {
    const sellerId = 'seller-many';
    const OWN = 40;
    const SHARED = 10;
    const children = ['p1', 'p2', 'p3'].map((name) =>
      run(process.execPath, ['--import', 'tsx', 'tests/support/feed-append-child.ts', inject('mongoUri'), t.name, sellerId, name, String(OWN), String(SHARED)], { timeout: 60_000 }));
    const here = await Promise.all(['c1', 'c2'].map(async (name) => {
      const { feed } = await replica();
      // Each shared change twice from this replica too: a retried activity whose first attempt is still running.
      const changes = [...upTo(OWN).map((i) => `${name}-${i - 1}`), ...upTo(SHARED).map((i) => `shared-${i - 1}`), ...upTo(SHARED).map((i) => `shared-${i - 1}`)];
      return Promise.all(changes.map(async (subject): Promise<Answer> => {
        const { event, fresh } = await feed.append(feedChange(sellerId, subject));
        return { subject, position: event.position, fresh };
      }));
    }));
    const answers = [...here.flat(), ...(await Promise.all(children)).flatMap((c) => JSON.parse(c.stdout.trim().split('\n').pop()!) as Answer[])];

    const entries = await stored(sellerId);
    const N = 5 * OWN + SHARED;
    expect(entries.map((e) => e.position)).toEqual(upTo(N));
    expect(new Set(entries.map((e) => e.subject)).size).toBe(N);
    const bySubject = new Map(entries.map((e) => [e.subject, e.position]));
    for (const a of answers) expect({ subject: a.subject, position: a.position }).toEqual({ subject: a.subject, position: bySubject.get(a.subject) });
    // Each change was written by exactly one append: the others were told it was there already.
    const freshBySubject = new Map<string, number>();
    for (const a of answers) if (a.fresh) freshBySubject.set(a.subject, (freshBySubject.get(a.subject) ?? 0) + 1);
    expect([...bySubject.keys()].filter((s) => freshBySubject.get(s) !== 1)).toEqual([]);
  });

  it("one process's 60 changes of one seller at the same moment are written in a few inserts, not one colliding insert each", async () => {
    const sellerId = 'seller-burst';
    const { feed, inserts } = await replica();
    await feed.append(feedChange(sellerId, 'first'));
    inserts.length = 0;
    const answers = await Promise.all(upTo(60).map((i) => feed.append(feedChange(sellerId, `burst-${i}`))));
    expect(answers.map((a) => a.event.position).sort((a, b) => a - b)).toEqual(upTo(61).slice(1));
    expect((await stored(sellerId)).map((e) => e.position)).toEqual(upTo(61));
    // The first change goes alone; the 59 that arrived meanwhile in one batch.
    expect(inserts.length).toBeLessThanOrEqual(3);
    expect(inserts.reduce((a, b) => a + b, 0)).toBe(60);
  });

  it('a replica that died after writing its changes (its answers lost): their retries from another replica are answered at their positions, and the next change follows without a gap', async () => {
    const sellerId = 'seller-died';
    const survivor = await replica();
    for (const s of ['a', 'b', 'c']) await survivor.feed.append(feedChange(sellerId, s));
    // The dying replica wrote 4 and 5 (a batch), then died before its activities heard of it.
    const dying = await replica();
    await Promise.all(['d', 'e'].map((s) => dying.feed.append(feedChange(sellerId, s))));
    // The activities are retried on the survivor, which last saw position 3, together with a new change.
    const [e, f, d] = await Promise.all(['e', 'f', 'd'].map((s) => survivor.feed.append(feedChange(sellerId, s))));
    expect([e!.event.position, e!.fresh]).toEqual([5, false]);
    expect([d!.event.position, d!.fresh]).toEqual([4, false]);
    expect([f!.event.position, f!.fresh]).toEqual([6, true]);
    expect((await stored(sellerId)).map((x) => [x.position, x.subject])).toEqual([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd'], [5, 'e'], [6, 'f']]);
  });

  it('a feed written before this version (entries only, partly pruned behind a floor) goes on at its head + 1', async () => {
    const sellerId = 'seller-old';
    const docs = t.db.db!.collection<FeedDoc>('seller_feed');
    const at = new Date('2026-01-01T00:00:00Z');
    await docs.insertMany(upTo(9).map((p) => ({ _id: `${sellerId}:${p}`, sellerId, position: p, key: `withdrawal:updated|old-${p}|v1`, type: 'withdrawal:updated', subject: `old-${p}`, data: {}, at })));
    await t.db.db!.collection<{ _id: string; position: number }>('seller_feed_floors').insertOne({ _id: sellerId, position: 6 });
    await docs.deleteMany({ sellerId, position: { $lte: 6 } });
    const { feed } = await replica();
    const answers = await Promise.all(['new-1', 'new-2', 'old-8'].map((s) => feed.append(feedChange(sellerId, s))));
    expect(answers.map((a) => [a.event.position, a.fresh])).toEqual([[10, true], [11, true], [8, false]]);
    expect((await stored(sellerId)).map((e) => e.position)).toEqual([7, 8, 9, 10, 11]);
  });
});
