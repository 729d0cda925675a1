import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { stopwatch } from '../support/wait.js';
import { provideMongo, type MongoService } from '../../infra/dev-services/index.js';
import { connectDatabase } from '../../infra/db.js';
import { syncCards, type CardDoc } from '../../infra/market/cards.js';
import type { ProviderCard } from '../../infra/market/contract.js';

const run = promisify(execFile);

/**
 * The second day on FerretDB (issue 21): a restart on yesterday's data and many conditional updates at
 * once used to deadlock FerretDB's PostgreSQL pool for good, so every later call, ping included, hung.
 * These run on a FerretDB of their own: a hang here must not stop the rest of the run.
 */
describe('FerretDB on the second day', () => {
  const root = mkdtempSync(join(tmpdir(), 'coinmarket-second-day-'));
  // Files share their process (isolate false): the variable goes back to what it was.
  const noMemoryServer = process.env.COINMARKET_NO_MEMORY_SERVER;
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    if (noMemoryServer === undefined) delete process.env.COINMARKET_NO_MEMORY_SERVER;
    else process.env.COINMARKET_NO_MEMORY_SERVER = noMemoryServer;
  });
  const provide = async (dir: string): Promise<MongoService> => {
    process.env.COINMARKET_NO_MEMORY_SERVER = '1';
    return provideMongo({ dataDir: join(root, dir), ignoreEnv: true, scratch: true, log: () => {} });
  };
  const card = (i: number, rev = 1): ProviderCard => ({
    id: `card-${i}`, rev, name: `Player ${i}`, rating: 80, position: 'ST', price: 10_000 + i, auctionEndsAt: Date.now() + 3600_000,
  } as unknown as ProviderCard);
  /** Pings within a second, or says it did not. */
  const pings = async (uri: string) => {
    const conn = await connectDatabase(uri, 'admin', { timeoutMS: 1000 });
    try {
      await conn.db!.command({ ping: 1 });
      return true;
    } catch {
      return false;
    } finally {
      await conn.close();
    }
  };

  it('starts, stops and starts again on the same data, and the market sync that marks yesterday\'s 300 cards gone answers', async () => {
    const first = await provide('restart');
    expect(first.kind).toBe('ferretdb');
    let conn = await connectDatabase(first.uri, 'market');
    const cards = () => conn.db!.collection<CardDoc>('market_cards');
    expect((await syncCards(cards(), Array.from({ length: 300 }, (_, i) => card(i)))).added).toHaveLength(300);
    await conn.close();
    await first.stop();

    const second = await provide('restart');
    conn = await connectDatabase(second.uri, 'market', { timeoutMS: 20_000 });
    try {
      // Today's market has none of yesterday's cards: one sync marks all 300 gone (one bulk of 300 updates before).
      const took = stopwatch();
      const result = await syncCards(cards(), [card(1000)]);
      expect(result.removed).toHaveLength(300);
      expect(took()).toBeLessThan(20_000);
      expect(await cards().countDocuments({ state: 'gone' })).toBe(300);
      expect(await pings(second.uri)).toBe(true);
    } finally {
      await conn.close();
      await second.stop();
    }
  }, 120_000);

  it('answers 200 concurrent conditional updates from four processes, and ping after them', async () => {
    const svc = await provide('concurrent');
    try {
      const conn = await connectDatabase(svc.uri, 'market');
      await conn.db!.collection('market_cards').insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: `card-${i}` as never, state: 'listed' })));
      await conn.close();
      const children = [0, 1, 2, 3].map((p) => run(process.execPath, ['--import', 'tsx', 'tests/support/conditional-updates-child.ts', svc.uri, 'market', String(p * 50), '50'], { timeout: 60_000 }));
      const outcomes = await Promise.allSettled(children);
      const said = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.stdout.trim() : `died: ${String((o.reason as Error).message).slice(0, 200)}`));
      expect(said.every((s) => s.startsWith('{"updated":50,')), said.join('\n')).toBe(true);
      expect(await pings(svc.uri)).toBe(true);
      const check = await connectDatabase(svc.uri, 'market');
      expect(await check.db!.collection('market_cards').countDocuments({ state: 'gone' })).toBe(200);
      await check.close();
    } finally {
      await svc.stop();
    }
  }, 120_000);
});
