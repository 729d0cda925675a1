import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectTemporal } from '../../infra/temporal.js';
import { testKeyRing } from '../support/secrets.js';
import { LOG_IN_TO_VIEW, NO_PLAYERS, TRY_AGAIN } from '../../domain/messages.js';
import type { ListedCard, PurchaseStatus } from '../../domain/player-trade.js';
import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY, playerPurchaseWorkflowId } from '../../domain/player-trade.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller, sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { buyOnSimulator, FAST_VERIFY, startPlayerWorker, startSimulator, syncFromSimulator } from '../support/player-trade.js';

describe('player trade over HTTP', () => {
  const queue = uniqueQueue('player-api');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let worker: Awaited<ReturnType<typeof startPlayerWorker>>;
  let seller: SignedInSeller;
  beforeAll(async () => {
    sim = await startSimulator(80);
    app = await startTestApp(undefined, {
      playerTrade: {
        taskQueue: queue, timings: { buyWindowMs: 30_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 },
        verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: sim.url, listMaxAgeMs: 0,
      },
    });
    await syncFromSimulator(app.db, sim.url);
    worker = await startPlayerWorker(app.db, queue, sim.url);
    seller = await createSignedInSeller(app);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

  it('visitors are asked to log in; the list filters by price and shows income', async () => {
    const visitor = await json(await fetch(`${app.url}/api/player-trade/cards`));
    expect(visitor).toMatchObject({ status: 401, body: { error: { message: LOG_IN_TO_VIEW } } });

    const all = await json(await seller.fetch('/api/player-trade/cards?size=100'));
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(80);
    const prices = (all.body.items as ListedCard[]).map((c) => c.buyNowPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const mid = prices[40];
    const filtered = await json(await seller.fetch(`/api/player-trade/cards?minPrice=${mid}&maxPrice=${mid * 2}&size=100`));
    expect((filtered.body.items as ListedCard[]).every((c) => c.buyNowPrice >= mid && c.buyNowPrice <= mid * 2 && c.incomeCents > 0)).toBe(true);
    expect((await json(await seller.fetch('/api/player-trade/cards?minPrice=99999999'))).body).toMatchObject({ total: 0, message: NO_PLAYERS });
    expect((await seller.fetch('/api/player-trade/cards?minPrice=10&maxPrice=5')).status).toBe(400);
  });

  it('plays pick, Player Bought, frozen credit, release; records and balance follow', async () => {
    const card = ((await json(await seller.fetch('/api/player-trade/cards?size=1'))).body.items as ListedCard[])[0];
    const acc = await json(await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'MyClub-1' }) }));
    expect(acc.status).toBe(201);
    const accountId = acc.body.account.id as string;
    // Without the CSRF header a cookie write is refused.
    expect((await fetch(`${app.url}/api/player-trade/picks`, { method: 'POST', headers: { cookie: seller.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ cardId: card.id, gameAccountId: accountId }) })).status).toBe(403);

    const picked = await json(await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: accountId, requestId: 'click-1' }) }));
    expect(picked.status).toBe(201);
    const p = picked.body.purchase as PurchaseStatus;
    expect(p).toMatchObject({ state: 'reserved', incomeCents: card.incomeCents });
    expect(p.deadline - Date.now()).toBeGreaterThan(25_000);
    // A double click (same request id) reaches the same purchase.
    const again = await json(await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: accountId, requestId: 'click-1' }) }));
    expect(again.body.purchase.purchaseId).toBe(p.purchaseId);
    // The card left the list; another seller picking it is told clearly.
    expect(((await json(await seller.fetch('/api/player-trade/cards?size=100'))).body.items as ListedCard[]).some((c) => c.id === card.id)).toBe(false);
    const other = await createSignedInSeller(app);
    const oacc = await json(await other.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'Other-1' }) }));
    const taken = await json(await other.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: oacc.body.account.id }) }));
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'card_unavailable' } } });
    // Someone else's purchase cannot be touched.
    expect((await other.fetch(`/api/player-trade/purchases/${p.purchaseId}/bought`, { method: 'POST' })).status).toBe(404);

    await buyOnSimulator(sim.url, card.id, card.platform, 'MyClub-1');
    const boughtFrom = Date.now();
    const bought = await json(await seller.fetch(`/api/player-trade/purchases/${p.purchaseId}/bought`, { method: 'POST' }));
    const boughtUntil = Date.now();
    expect(bought.body.purchase.state).toBe('checking');
    const repeat = await json(await seller.fetch(`/api/player-trade/purchases/${p.purchaseId}/bought`, { method: 'POST' }));
    expect(repeat.status).toBe(200);
    expect((await json(await seller.fetch(`/api/player-trade/purchases/${p.purchaseId}/not-bought`, { method: 'POST' }))).body.error.code).toBe('already_bought');

    const frozen = await eventually(async () => {
      const w = await json(await seller.fetch('/api/wallet'));
      return w.body.wallet.frozen === card.incomeCents && w.body.frozenItems.length === 1 ? w.body : null;
    }, 15_000, 'frozen balance');
    expect(frozen.frozenItems[0]).toMatchObject({ purchaseId: p.purchaseId, incomeCents: card.incomeCents });
    // The freeze (1.5 s here) runs from the moment Player Bought was accepted.
    expect(frozen.frozenItems[0].releaseAt).toBeGreaterThanOrEqual(boughtFrom + 1_500);
    expect(frozen.frozenItems[0].releaseAt).toBeLessThanOrEqual(boughtUntil + 1_500);
    expect((await json(await seller.fetch('/api/player-trade/records?tab=processing'))).body.total).toBe(1);

    await eventually(async () => (await json(await seller.fetch('/api/wallet'))).body.wallet.available === card.incomeCents, 15_000, 'released');
    const recs = await eventually(async () => {
      const r = await json(await seller.fetch('/api/player-trade/records?tab=available'));
      return r.body.total === 1 ? r : null;
    }, 10_000, 'available record');
    expect(recs.body).toMatchObject({ total: 1, tab: 'available' });
    expect(recs.body.items[0]).toMatchObject({ purchaseId: p.purchaseId, state: 'available', coinsSpent: card.buyNowPrice });
    expect((await json(await seller.fetch('/api/player-trade/records?tab=processing'))).body.total).toBe(0);
    expect((await json(await seller.fetch('/api/player-trade/records?tab=all&page=1&size=5'))).body.total).toBe(1);

    // The account cools down for 4 hours.
    const next = ((await json(await seller.fetch('/api/player-trade/cards?size=100'))).body.items as ListedCard[]).find((c) => c.platform === card.platform)!;
    const cool = await json(await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: next.id, gameAccountId: accountId }) }));
    expect(cool).toMatchObject({ status: 429, body: { error: { code: 'account_cooldown' } } });
    // The error contract carries when to try again.
    expect(cool.body.error.data.retryAt).toBeGreaterThan(Date.now() + 3.9 * 3600_000);
    const accounts = await json(await seller.fetch('/api/game-accounts'));
    expect(accounts.body.items[0].cooldownUntil).toBeGreaterThan(Date.now() + 3.9 * 3600_000);
    // Removing the game account and adding it again keeps its 4 hours: the rule is the account's, not the record's.
    const until = accounts.body.items[0].cooldownUntil as number;
    const name = accounts.body.items[0].name as string;
    expect((await seller.fetch(`/api/game-accounts/${accountId}`, { method: 'DELETE' })).status).toBe(204);
    const readded = await json(await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: name.toUpperCase() }) }));
    expect(readded.status).toBe(201);
    expect(readded.body.account.cooldownUntil).toBe(until);
    const still = await json(await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: next.id, gameAccountId: readded.body.account.id }) }));
    expect(still).toMatchObject({ status: 429, body: { error: { code: 'account_cooldown', data: { retryAt: until } } } });
  });

  it('Not Bought returns the card; game accounts validate and cannot be shared between sellers', async () => {
    const s = await createSignedInSeller(app);
    const bad = await json(await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: 'nintendo', name: '' }) }));
    expect(bad.status).toBe(400);
    expect((await json(await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: 'ps', name: 'Shared-Club' }) }))).status).toBe(201);
    expect((await json(await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: 'ps', name: 'shared-club' }) }))).status).toBe(409);
    const card = ((await json(await s.fetch('/api/player-trade/cards?size=1'))).body.items as ListedCard[])[0];
    const acc = await json(await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'Second-Club' }) }));
    const picked = await json(await s.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: acc.body.account.id }) }));
    expect((await s.fetch(`/api/game-accounts/${acc.body.account.id}`, { method: 'DELETE' })).status).toBe(409);
    const nb = await json(await s.fetch(`/api/player-trade/purchases/${picked.body.purchase.purchaseId}/not-bought`, { method: 'POST' }));
    expect(nb.status).toBe(200);
    // The purchase's end (its workflow's result) comes after the card and the game account are both given back:
    // the card listed again alone does not say the account is free yet.
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    try {
      expect(await temporal.client.workflow.getHandle(playerPurchaseWorkflowId(picked.body.purchase.purchaseId)).result()).toMatchObject({ state: 'released', reason: 'not_bought' });
    } finally {
      await temporal.connection.close();
    }
    expect(((await json(await s.fetch('/api/player-trade/cards?size=100'))).body.items as ListedCard[]).some((c) => c.id === card.id)).toBe(true);
    expect((await s.fetch(`/api/game-accounts/${acc.body.account.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('a request id is one purchase for good: replaying it after Not Bought never takes another card', async () => {
    const s = await createSignedInSeller(app);
    const items = (await json(await s.fetch('/api/player-trade/cards?size=100'))).body.items as ListedCard[];
    const first = items[10];
    const second = items.slice(11).find((c) => c.platform === first.platform)!;
    const acc = (await json(await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: first.platform, name: 'Replay-Club' }) }))).body.account.id as string;
    const pickWith = (cardId: string) => s.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId, gameAccountId: acc, requestId: 'same-click' }) });
    const picked = await json(await pickWith(first.id));
    expect(picked.status).toBe(201);
    const purchaseId = picked.body.purchase.purchaseId as string;
    expect((await s.fetch(`/api/player-trade/purchases/${purchaseId}/not-bought`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => ((await json(await s.fetch(`/api/player-trade/purchases/${purchaseId}`))).body.purchase.state === 'released'), 10_000, 'released');

    // The attack: the same request id with another card would have started a second run under the same purchase id.
    for (let i = 0; i < 3; i++) {
      expect(await json(await pickWith(second.id))).toMatchObject({ status: 409, body: { error: { code: 'duplicate_request' } } });
    }
    const stillListed = await json(await s.fetch(`/api/player-trade/cards/${second.id}`));
    expect(stillListed.status).toBe(200);
    // The identical replay answers the first purchase as it is now.
    const replay = await json(await pickWith(first.id));
    expect(replay).toMatchObject({ status: 200, body: { purchase: { purchaseId, state: 'released', card: { id: first.id } } } });
    expect((await json(await s.fetch('/api/player-trade/records?tab=all'))).body.total).toBe(1);
  });

  it('a repeated price bound is refused, not glued together', async () => {
    const r = await json(await seller.fetch('/api/player-trade/cards?minPrice=1&minPrice=2'));
    expect(r).toMatchObject({ status: 400, body: { error: { fields: [{ field: 'minPrice' }] } } });
    expect((await seller.fetch('/api/player-trade/cards?platform=ps&platform=xbox')).status).toBe(400);
  });

  it('a Temporal outage during Player Bought / Not Bought answers "try again" (503), not "no longer possible"', async () => {
    const down = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, {
      temporalDown: true,
      playerTrade: { taskQueue: queue, timings: { buyWindowMs: 30_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 }, verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: sim.url },
    });
    try {
      const s = await createSignedInSeller(app);
      const card = ((await json(await s.fetch('/api/player-trade/cards?size=100'))).body.items as ListedCard[])[30];
      const acc = (await json(await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'Outage-Club' }) }))).body.account.id as string;
      const picked = await json(await s.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: acc }) }));
      expect(picked.status).toBe(201);
      const viaDown = sellerFetch(down.url, s.cookie, s.csrf);
      for (const action of ['bought', 'not-bought']) {
        const r = await json(await viaDown(`/api/player-trade/purchases/${picked.body.purchase.purchaseId}/${action}`, { method: 'POST' }));
        expect(r).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: TRY_AGAIN } } });
      }
      // Nothing was decided: the purchase still waits for the seller, who can answer through a working replica.
      const nb = await json(await s.fetch(`/api/player-trade/purchases/${picked.body.purchase.purchaseId}/not-bought`, { method: 'POST' }));
      expect(nb.status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
