/**
 * Player trade over HTTP: the live player list with a price filter, game accounts, Pick, Player
 * Bought / Not Bought, the sell record and the balance. Routes parse the request and shape the
 * answer; the actions are in api/player-trade/service.ts. Visitors get "Click Log In to view all content".
 */
import type { FastifyPluginAsync } from 'fastify';
import { object, optional, string, size } from 'superstruct';
import { DomainError } from '../../domain/errors.js';
import { NO_PLAYERS } from '../../domain/messages.js';
import { GameAccountInput, parsePage, parsePriceFilter, PickInput, RECORD_TABS, REASON_TEXT, type BalanceAnswer, type CardsAnswer, type FrozenItem, type RecordTab } from '../../domain/player-trade.js';
import type { ComfortRuns } from '../../infra/comfort/runs.js';
import { toGameAccountView } from '../../infra/player-trade/game-accounts.js';
import { toPurchaseStatus } from '../../infra/player-trade/purchases.js';
import { parseBody } from '../errors.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { cardsAnswerJson } from '../player-trade/card-list.js';
import type { PlayerTradeService } from '../player-trade/service.js';
import type { PlayerTradeOptions } from '../player-trade/settings.js';

export type { PlayerTradeOptions } from '../player-trade/settings.js';

const PickBody = object({ cardId: PickInput.schema.cardId, gameAccountId: PickInput.schema.gameAccountId, requestId: optional(size(string(), 1, 80)) });

/** The player trade slice (and the balance): an encapsulated plugin over the service app.ts built; `runs` for the comfort income frozen in the balance. */
export const playerTradeRoutes: FastifyPluginAsync<{ service: PlayerTradeService; runs: ComfortRuns; options: PlayerTradeOptions }> = async (app, deps) => {
  const { service, runs, options: o } = deps;
  const { list, accounts, purchases, wallets } = service;
  const auth = { preHandler: requireSeller };

  app.get('/api/player-trade/config', async () => ({
    buyWindowMs: o.timings.buyWindowMs, freezeMs: o.timings.freezeMs, cooldownMs: o.timings.cooldownMs,
    pickLimit: o.pickLimit, marketPageUrl: o.marketPageUrl, prices: o.prices,
  }));

  /** The player list: listed cards in the price range, cheapest first, with each card's income. */
  app.get('/api/player-trade/cards', auth, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const filter = parsePriceFilter(q);
    const { page, size: pageSize } = parsePage(q, 20, 100);
    const r = await list.query(filter, page, pageSize);
    const rest: Omit<CardsAnswer, 'items'> = { total: r.total, page, size: pageSize, ...(r.total === 0 ? { message: NO_PLAYERS } : {}) };
    return reply.type('application/json; charset=utf-8').send(cardsAnswerJson(r.items, rest));
  });

  /** One card's details (the player information panel and /auction-detail). */
  app.get<{ Params: { id: string } }>('/api/player-trade/cards/:id', auth, async (req) => {
    const card = await list.get(req.params.id);
    if (!card) throw new DomainError('not_found', 'card_unavailable', REASON_TEXT.card_unavailable);
    return { card };
  });

  // --- game accounts (/member/account-list)
  app.get('/api/game-accounts', auth, async (req) => ({ items: (await accounts.list(sellerOf(req).id)).map(toGameAccountView) }));
  app.post('/api/game-accounts', auth, async (req, reply) => {
    const input = parseBody(GameAccountInput, req.body);
    const doc = await accounts.add(sellerOf(req).id, input);
    return reply.code(201).send({ account: toGameAccountView(doc) });
  });
  app.delete<{ Params: { id: string } }>('/api/game-accounts/:id', auth, async (req, reply) => {
    await accounts.remove(sellerOf(req).id, req.params.id);
    return reply.code(204).send();
  });

  // --- the purchase
  /** Pick: 201 with the reserved purchase; a replayed request (same requestId) gets the first answer with 200. */
  app.post('/api/player-trade/picks', auth, async (req, reply) => {
    const { answer, created } = await service.pick(sellerOf(req).id, parseBody(PickBody, req.body));
    return reply.code(created ? 201 : 200).send(answer);
  });

  /** Player Bought: the seller bought the card on the market; the system checks it. */
  app.post<{ Params: { id: string } }>('/api/player-trade/purchases/:id/bought', auth, async (req) => ({
    purchase: await service.act(sellerOf(req).id, req.params.id, 'bought'), serverNow: Date.now(),
  }));
  /** Not Bought: the seller did not buy it; the card goes back on sale. */
  app.post<{ Params: { id: string } }>('/api/player-trade/purchases/:id/not-bought', auth, async (req) => ({
    purchase: await service.act(sellerOf(req).id, req.params.id, 'not_bought'),
  }));

  app.get<{ Params: { id: string } }>('/api/player-trade/purchases/:id', auth, async (req) => ({
    purchase: await service.purchase(sellerOf(req).id, req.params.id),
  }));

  /** Open picks (waiting for Player Bought or being checked): the page resumes its dialog after a reload. */
  app.get('/api/player-trade/open', auth, async (req) => ({ items: (await purchases.open(sellerOf(req).id)).map((d) => toPurchaseStatus(d)), serverNow: Date.now() }));

  /** The player sell record, by tab (All, Settled, Processing, Available), newest first. */
  app.get('/api/player-trade/records', auth, async (req) => {
    const q = req.query as Record<string, unknown>;
    const tab = (RECORD_TABS.includes(q.tab as RecordTab) ? q.tab : 'all') as RecordTab;
    const { page, size: pageSize } = parsePage(q, 10, 50);
    return { ...(await service.records(sellerOf(req).id, tab, page, pageSize)), page, size: pageSize, tab };
  });

  /** The balance: total, available, frozen, and when each frozen amount (player or comfort income) is released. */
  app.get('/api/wallet', auth, async (req): Promise<BalanceAnswer> => {
    const sellerId = sellerOf(req).id;
    const [wallet, frozen, reviewed] = await Promise.all([wallets.get(sellerId), purchases.frozen(sellerId), runs.frozen(sellerId)]);
    const frozenItems: FrozenItem[] = [
      ...frozen.map((p) => ({ kind: 'player' as const, purchaseId: p._id, playerName: p.card.playerName, incomeCents: p.incomeCents, releaseAt: p.releaseAt })),
      ...reviewed.map((r) => ({ kind: 'comfort' as const, runId: r.runId, originEmail: r.originEmail, coinsTransferred: r.coinsTransferred, incomeCents: r.creditedCents ?? 0, releaseAt: r.releaseAt })),
    ];
    frozenItems.sort((a, b) => (a.releaseAt ?? Infinity) - (b.releaseAt ?? Infinity));
    return { wallet, frozenItems };
  });
};
