import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY, MARKET_BROADCAST, MARKET_CHANGED } from '../../domain/player-trade.js';
import { cardsCollection } from '../../infra/market/cards.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { FAST_VERIFY, startSimulator, syncFromSimulator } from '../support/player-trade.js';

describe('player list kept in memory per API replica', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let seller: SignedInSeller;
  beforeAll(async () => {
    sim = await startSimulator(20);
    app = await startTestApp(undefined, {
      playerTrade: {
        taskQueue: uniqueQueue('list-refresh'), timings: { buyWindowMs: 30_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 },
        verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: sim.url,
        // Long enough that only the market change event can refresh it within the test.
        listMaxAgeMs: 600_000,
      },
    });
    await syncFromSimulator(app.db, sim.url);
    seller = await createSignedInSeller(app);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const total = async () => ((await (await seller.fetch('/api/player-trade/cards?size=1')).json()) as { total: number }).total;

  it('refreshes when a market change event arrives on the live log, not before', async () => {
    expect(await total()).toBe(20);
    const cards = await cardsCollection(app.db.db!);
    const card = await cards.findOne({ state: 'listed' });
    await cards.updateOne({ _id: card!._id }, { $set: { state: 'gone' } });
    // The replica still serves its copy: no database read per request.
    expect(await total()).toBe(20);
    await app.publish(MARKET_BROADCAST, MARKET_CHANGED, { removed: [card!._id] }, 'market');
    await eventually(async () => (await total()) === 19, 10_000, 'list refreshed after market:changed');
  });
});
