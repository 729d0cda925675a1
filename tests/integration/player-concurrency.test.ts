import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectTemporal } from '../../infra/temporal.js';
import type { CardDoc } from '../../infra/market/cards.js';
import { testDatabase, uniqueQueue } from '../support/servers.js';
import { addGameAccount, newId, pick, startPlayerWorker, startSimulator, syncFromSimulator } from '../support/player-trade.js';
import { testKeyRing } from '../support/secrets.js';

describe('50 sellers pick the same card at the same moment', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let worker: Awaited<ReturnType<typeof startPlayerWorker>>;
  const queue = uniqueQueue('race');
  beforeAll(async () => {
    database = await testDatabase('race');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    sim = await startSimulator(10);
    await syncFromSimulator(database.db, sim.url);
    worker = await startPlayerWorker(database.db, queue, sim.url);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await sim?.close();
    await temporal?.connection.close();
    await database?.drop();
  });

  it('exactly one gets the reservation; the others get "no longer available" and change nothing', async () => {
    const cards = database.db.db!.collection<CardDoc>('market_cards');
    const card = (await cards.findOne({ state: 'listed' }))!;
    const sellers = await Promise.all(Array.from({ length: 50 }, async () => {
      const sellerId = newId('s');
      const acc = await addGameAccount(database.db, sellerId, card.platform);
      return { sellerId, accountId: acc._id };
    }));
    const results = await Promise.all(sellers.map((s) => pick(temporal.client, queue, { sellerId: s.sellerId, cardId: card._id, gameAccountId: s.accountId })));
    const winners = results.filter((r) => r.outcome.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.outcome.ok).every((r) => !r.outcome.ok && r.outcome.reason === 'card_unavailable')).toBe(true);
    const doc = (await cards.findOne({ _id: card._id }))!;
    expect(doc.state).toBe('reserved');
    expect(doc.purchaseId).toBe(winners[0].purchaseId);
    // The losers' game accounts were given back.
    const busy = await database.db.db!.collection('game_accounts').countDocuments({ activePurchaseId: { $ne: '' } });
    expect(busy).toBe(1);
    expect(await database.db.db!.collection('player_purchases').countDocuments({})).toBe(1);
    await winners[0].handle.terminate('test done');
  });
});
