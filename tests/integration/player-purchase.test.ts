import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectTemporal } from '../../infra/temporal.js';
import { PURCHASE_STATUS_QUERY, PURCHASE_UPDATES, type PurchaseStatus } from '../../domain/player-trade.js';
import { cardIncomeCents } from '../../domain/player-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import { SA } from '../../domain/search-attributes.js';
import { cardsCollection, type CardDoc } from '../../infra/market/cards.js';
import { GAME_ACCOUNTS_COLLECTION } from '../../infra/player-trade/game-accounts.js';
import { PURCHASES_COLLECTION } from '../../infra/player-trade/purchases.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { eventually, testDatabase, uniqueQueue } from '../support/servers.js';
import { recordHistory } from '../support/histories.js';
import { tallyHistory, untilLastTimer } from '../support/history-cost.js';
import { addGameAccount, buyOnSimulator, newId, pick, startPlayerWorker, startSimulator, steer, syncFromSimulator } from '../support/player-trade.js';
import { testKeyRing } from '../support/secrets.js';

describe('player purchase workflow on the real Temporal server', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let worker: Awaited<ReturnType<typeof startPlayerWorker>>;
  let wallets: Wallets;
  const queue = uniqueQueue('purchase');
  const cards = () => database.db.db!.collection<CardDoc>('market_cards');

  beforeAll(async () => {
    database = await testDatabase('purchase');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    sim = await startSimulator(120);
    await cardsCollection(database.db.db!);
    await syncFromSimulator(database.db, sim.url);
    wallets = await Wallets.open(database.db.db!);
    worker = await startPlayerWorker(database.db, queue, sim.url);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await sim?.close();
    await temporal?.connection.close();
    await database?.drop();
  });

  /** A listed card nobody else in this file has used. */
  const used = new Set<string>();
  async function freshCard(platform?: CardDoc['platform']): Promise<CardDoc> {
    const c = await cards().find({ state: 'listed', ...(platform ? { platform } : {}) }).toArray();
    const card = c.find((x) => !used.has(x._id))!;
    used.add(card._id);
    return card;
  }
  async function setup() {
    const sellerId = newId('seller');
    const card = await freshCard();
    const account = await addGameAccount(database.db, sellerId, card.platform);
    return { sellerId, card, account };
  }
  /** The refusal an update met: its type (our reason code) and message. */
  const refusal = async (p: Promise<unknown>): Promise<{ type?: string; message: string }> => {
    try {
      await p;
    } catch (err) {
      const cause = (err as { cause?: { type?: string; message: string } }).cause;
      return cause ?? { message: (err as Error).message };
    }
    throw new Error('expected a refusal');
  };
  const record = (purchaseId: string) => database.db.db!.collection(PURCHASES_COLLECTION).findOne({ _id: purchaseId as never });

  it('plays the whole purchase: reserve, Player Bought, checking, verified, frozen credit, release after the freeze', async () => {
    const { sellerId, card, account } = await setup();
    const { handle, outcome, purchaseId } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 2_500 } });
    expect(outcome.ok).toBe(true);
    const reserved = (outcome as { status: PurchaseStatus }).status;
    const income = cardIncomeCents(card, DEFAULT_PRICE_TABLE);
    expect(reserved).toMatchObject({ state: 'reserved', coinsSpent: card.buyNowPrice, incomeCents: income, gameAccount: { name: account.name } });
    expect(reserved.deadline - reserved.pickedAt).toBe(20_000);
    expect(reserved.actions).toEqual(['bought', 'not_bought']);
    expect((await handle.describe()).typedSearchAttributes.get(SA.waitingFor)).toBe('seller');
    expect((await cards().findOne({ _id: card._id }))).toMatchObject({ state: 'reserved', reservedBy: sellerId, purchaseId });
    expect(await record(purchaseId)).toMatchObject({ state: 'reserved', phase: 'processing' });

    await buyOnSimulator(sim.url, card._id, card.platform, account.name);
    const afterBought: PurchaseStatus = await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{ by: sellerId }] });
    expect(afterBought.state).toBe('checking');
    expect(afterBought.actions).toEqual([]);
    expect(afterBought.decisions.at(-1)).toMatchObject({ event: 'bought', actor: 'seller', by: sellerId, at: afterBought.boughtAt });

    await eventually(async () => (await record(purchaseId))?.state === 'frozen', 15_000, 'frozen');
    const frozen = (await record(purchaseId))!;
    expect(frozen.releaseAt).toBe(frozen.boughtAt + 2_500);
    expect(await wallets.get(sellerId)).toMatchObject({ frozen: income, available: 0 });
    expect((await cards().findOne({ _id: card._id }))?.state).toBe('sold');
    expect((await database.db.db!.collection(GAME_ACCOUNTS_COLLECTION).findOne({ _id: account._id as never }))).toMatchObject({
      activePurchaseId: '', cooldownUntil: frozen.boughtAt + 4 * 3600_000,
    });

    const final: PurchaseStatus = await handle.result();
    expect(final).toMatchObject({ state: 'available', phase: 'available' });
    await recordHistory(handle, 'player-purchase--local-steps-verified-frozen-released');
    // Its cost in round trips up to "credited frozen" (the freeze timer), the same on every run of this
    // path: a change that adds steps fails here. Before local steps: 64 history events, 10 workflow
    // tasks, 7 activities, 4 search-attribute upserts (issue 20).
    const cost = tallyHistory(untilLastTimer((await handle.fetchHistory()).events ?? []));
    // Now: one activity (the provider's verification), four local steps; 31 events and 3 tasks, 35 and 5
    // when the pick's answer or a slow step takes a workflow task of its own.
    expect(cost).toMatchObject({ activities: 1, localActivities: 4, upserts: 4 });
    expect(cost.events).toBeLessThanOrEqual(35);
    expect(cost.workflowTasks).toBeLessThanOrEqual(5);
    expect(await wallets.get(sellerId)).toMatchObject({ frozen: 0, available: income, total: income });
    expect((await wallets.history(sellerId)).map((e) => e.kind).sort()).toEqual(['player_credit_frozen', 'player_freeze_released']);
    const desc = await handle.describe();
    expect(desc.typedSearchAttributes.get(SA.status)).toBe('available');
    expect(desc.typedSearchAttributes.get(SA.sellerId)).toBe(sellerId);
    expect(desc.typedSearchAttributes.get(SA.kind)).toBe('player-purchase');
    expect(desc.typedSearchAttributes.get(SA.waitingFor)).toBe('nobody');
    expect(desc.typedSearchAttributes.get(SA.subState)).toBe('none');
    expect(final.decisions.map((d) => d.event)).toEqual(['reserved', 'bought', 'verified', 'freeze_ended']);
    // Every change reached the seller's live log.
    const events = await database.db.db!.collection('events').find({ sellerId, subject: purchaseId }).toArray();
    expect(events.map((e) => e.data.state)).toEqual(expect.arrayContaining(['reserved', 'checking', 'frozen', 'available']));
    expect(await database.db.db!.collection('events').countDocuments({ sellerId, type: 'wallet:updated' })).toBeGreaterThanOrEqual(2);
  });

  it('credits once when Player Bought arrives many times at once and again later', async () => {
    const { sellerId, card, account } = await setup();
    const { handle } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 60_000 } });
    await buyOnSimulator(sim.url, card._id, card.platform, account.name);
    const answers = await Promise.all(Array.from({ length: 10 }, () => handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] }) as Promise<PurchaseStatus>));
    expect(new Set(answers.map((a) => a.boughtAt)).size).toBe(1);
    await eventually(async () => (await handle.query(PURCHASE_STATUS_QUERY))?.state === 'frozen', 15_000, 'frozen');
    const repeat: PurchaseStatus = await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    expect(repeat.state).toBe('frozen');
    // Not Bought after confirming is refused: a purchase cannot be cancelled.
    expect(await refusal(handle.executeUpdate(PURCHASE_UPDATES.notBought, { args: [{}] }))).toMatchObject({ type: 'already_bought', message: expect.stringMatching(/cannot be cancelled/) });
    expect((await wallets.get(sellerId)).frozen).toBe(cardIncomeCents(card, DEFAULT_PRICE_TABLE));
    expect(await wallets.ledger.countDocuments({ sellerId })).toBe(1);
    await handle.terminate('test done');
  });

  it('Not Bought releases the card and the game account, without cooldown; later answers are refused', async () => {
    const { sellerId, card, account } = await setup();
    const { handle, purchaseId } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id });
    await Promise.all([handle.executeUpdate(PURCHASE_UPDATES.notBought, { args: [{}] }), handle.executeUpdate(PURCHASE_UPDATES.notBought, { args: [{}] })]);
    const final: PurchaseStatus = await handle.result();
    expect(final).toMatchObject({ state: 'released', reason: 'not_bought', phase: 'closed' });
    await recordHistory(handle, 'player-purchase--local-steps-not-bought');
    expect((await cards().findOne({ _id: card._id }))).toMatchObject({ state: 'listed', purchaseId: '' });
    expect((await database.db.db!.collection(GAME_ACCOUNTS_COLLECTION).findOne({ _id: account._id as never }))).toMatchObject({ activePurchaseId: '', cooldownUntil: 0 });
    expect(await record(purchaseId)).toMatchObject({ state: 'released' });
    expect(await refusal(handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] }))).toBeTruthy();
    expect((await wallets.get(sellerId)).total).toBe(0);
  });

  it('expires at the deadline, returns the card, and refuses Player Bought afterwards', async () => {
    const { sellerId, card, account } = await setup();
    const { handle } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { buyWindowMs: 1_500 } });
    const final: PurchaseStatus = await handle.result();
    // Not before the deadline, by the server's own clock (start and close times of the run).
    const ran = await handle.describe();
    expect(ran.closeTime!.getTime() - ran.startTime.getTime()).toBeGreaterThanOrEqual(1_400);
    expect(final).toMatchObject({ state: 'expired', reason: 'deadline_passed' });
    await recordHistory(handle, 'player-purchase--local-steps-expired');
    expect((await cards().findOne({ _id: card._id }))?.state).toBe('listed');
    await expect(handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] })).rejects.toThrow();
    expect((await wallets.get(sellerId)).total).toBe(0);
  });

  it('records why when the provider says the account did not buy the card, and credits nothing', async () => {
    const { sellerId, card, account } = await setup();
    const { handle } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id });
    await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] }); // but never bought on the market
    const final: PurchaseStatus = await handle.result();
    expect(final).toMatchObject({ state: 'rejected', reason: 'not_verified', detail: 'no_purchase', phase: 'closed' });
    await recordHistory(handle, 'player-purchase--local-steps-not-verified');
    expect((await wallets.get(sellerId)).total).toBe(0);
    expect(await wallets.ledger.countDocuments({ sellerId })).toBe(0);
  });

  it('does not verify a card bought before the pick, or bought at another price, and credits nothing', async () => {
    // Bought on the market first, picked afterwards (our list had not synced yet): not a purchase we offered.
    const early = await setup();
    await buyOnSimulator(sim.url, early.card._id, early.card.platform, early.account.name);
    const a = await pick(temporal.client, queue, { sellerId: early.sellerId, cardId: early.card._id, gameAccountId: early.account._id });
    expect(a.outcome.ok).toBe(true);
    await a.handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    expect(await a.handle.result()).toMatchObject({ state: 'rejected', reason: 'not_verified', detail: 'bought_before_pick' });
    // Bought after the pick but at another price than the one the seller was shown.
    const cheap = await setup();
    const b = await pick(temporal.client, queue, { sellerId: cheap.sellerId, cardId: cheap.card._id, gameAccountId: cheap.account._id });
    await buyOnSimulator(sim.url, cheap.card._id, cheap.card.platform, cheap.account.name, cheap.card.buyNowPrice - 100);
    await b.handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    expect(await b.handle.result()).toMatchObject({ state: 'rejected', reason: 'not_verified', detail: 'price_mismatch' });
    for (const sellerId of [early.sellerId, cheap.sellerId]) expect(await wallets.ledger.countDocuments({ sellerId })).toBe(0);
  });

  it('retries verification with backoff while the provider fails, then credits', async () => {
    const { sellerId, card, account } = await setup();
    const { handle } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 60_000 } });
    await buyOnSimulator(sim.url, card._id, card.platform, account.name);
    const before = (await (await fetch(`${sim.url}/test/stats`)).json()).verifyCalls as number;
    await steer(sim.url, { mode: 'error', remaining: 2 });
    await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    await eventually(async () => (await handle.query(PURCHASE_STATUS_QUERY))?.state === 'frozen', 15_000, 'frozen after retries');
    const after = (await (await fetch(`${sim.url}/test/stats`)).json()).verifyCalls as number;
    expect(after - before).toBe(3);
    expect((await wallets.get(sellerId)).frozen).toBe(cardIncomeCents(card, DEFAULT_PRICE_TABLE));
    await handle.terminate('test done');
  });

  it('a slow provider counts as a failed attempt; after the last attempt support resolves it by hand, recorded with who and why', async () => {
    const { sellerId, card, account } = await setup();
    const { handle, purchaseId } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 60_000 } });
    await buyOnSimulator(sim.url, card._id, card.platform, account.name);
    await steer(sim.url, { mode: 'normal', delayMs: 1_500 }); // longer than the 1 s attempt timeout
    await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    await eventually(async () => (await handle.query(PURCHASE_STATUS_QUERY))?.state === 'stuck', 30_000, 'stuck');
    await steer(sim.url, { mode: 'normal', delayMs: 0 });
    await eventually(async () => (await record(purchaseId))?.state === 'stuck', 10_000, 'stuck record');
    expect((await handle.describe()).typedSearchAttributes.get(SA.waitingFor)).toBe('support');
    await expect(handle.executeUpdate(PURCHASE_UPDATES.supportResolve, { args: [{ decision: 'verified', by: '', reason: '' }] })).rejects.toThrow();
    await handle.executeUpdate(PURCHASE_UPDATES.supportResolve, { args: [{ decision: 'verified', by: 'agent-ana', reason: 'checked the club transfer list by hand' }] });
    await eventually(async () => (await handle.query(PURCHASE_STATUS_QUERY))?.state === 'frozen', 15_000, 'frozen after support');
    const rec = await record(purchaseId);
    expect(rec?.support).toMatchObject({ decision: 'verified', by: 'agent-ana', reason: 'checked the club transfer list by hand' });
    expect(rec?.decisions).toEqual(expect.arrayContaining([
      expect.objectContaining({ event: 'support_verified', actor: 'support', by: 'agent-ana', reason: 'checked the club transfer list by hand' }),
    ]));
    const [entry] = await wallets.history(sellerId);
    expect(entry).toMatchObject({ kind: 'player_credit_frozen', by: 'agent-ana', reason: 'checked the club transfer list by hand' });
    // Only a stuck verification can be resolved by hand.
    expect(await refusal(handle.executeUpdate(PURCHASE_UPDATES.supportResolve, { args: [{ decision: 'rejected', by: 'x', reason: 'y' }] }))).toMatchObject({ type: 'not_stuck' });
    await handle.terminate('test done');
    await recordHistory(handle, 'player-purchase--local-steps-stuck-support-resolved');
  });

  it('refuses a pick that changes nothing: card taken, account busy, account cooling down, wrong platform, unknown account', async () => {
    const { sellerId, card, account } = await setup();
    const first = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 60_000 } });
    expect(first.outcome.ok).toBe(true);
    // the same account, another card: busy
    const other = await freshCard(card.platform);
    const busy = await pick(temporal.client, queue, { sellerId, cardId: other._id, gameAccountId: account._id });
    expect(busy.outcome).toMatchObject({ ok: false, reason: 'account_busy' });
    // another seller, the same card: taken
    const seller2 = newId('seller');
    const acc2 = await addGameAccount(database.db, seller2, card.platform);
    expect((await pick(temporal.client, queue, { sellerId: seller2, cardId: card._id, gameAccountId: acc2._id })).outcome).toMatchObject({ ok: false, reason: 'card_unavailable' });
    // someone else's account
    expect((await pick(temporal.client, queue, { sellerId: seller2, cardId: other._id, gameAccountId: account._id })).outcome).toMatchObject({ ok: false, reason: 'account_not_found' });
    // wrong platform
    const foreign = (await cards().find({ state: 'listed', platform: { $ne: card.platform } }).toArray()).find((c) => !used.has(c._id))!;
    expect((await pick(temporal.client, queue, { sellerId: seller2, cardId: foreign._id, gameAccountId: acc2._id })).outcome).toMatchObject({ ok: false, reason: 'platform_mismatch' });
    // after buying, the account cools down for 4 hours
    await buyOnSimulator(sim.url, card._id, card.platform, account.name);
    await first.handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    await eventually(async () => (await first.handle.query(PURCHASE_STATUS_QUERY))?.state === 'frozen', 15_000, 'frozen');
    const cool = await pick(temporal.client, queue, { sellerId, cardId: other._id, gameAccountId: account._id });
    expect(cool.outcome).toMatchObject({ ok: false, reason: 'account_cooldown' });
    expect((cool.outcome as { retryAt: number }).retryAt).toBeGreaterThan(Date.now() + 3.9 * 3600_000);
    expect((await cards().findOne({ _id: other._id }))?.state).toBe('listed');
    await first.handle.terminate('test done');
  });

  it('limits picks without buying: the fourth within the hour is refused', async () => {
    const sellerId = newId('seller');
    for (let i = 0; i < 3; i++) {
      const card = await freshCard();
      const acc = await addGameAccount(database.db, sellerId, card.platform);
      const p = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: acc._id });
      expect(p.outcome.ok).toBe(true);
      await p.handle.executeUpdate(PURCHASE_UPDATES.notBought, { args: [{}] });
      await p.handle.result();
    }
    const card = await freshCard();
    const acc = await addGameAccount(database.db, sellerId, card.platform);
    const refused = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: acc._id });
    expect(refused.outcome).toMatchObject({ ok: false, reason: 'pick_limit' });
    expect((await cards().findOne({ _id: card._id }))?.state).toBe('listed');
  });
});
