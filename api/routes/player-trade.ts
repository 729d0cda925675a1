/**
 * Player trade over HTTP: the live player list with a price filter, game accounts, Pick, Player
 * Bought / Not Bought, the sell record and the balance. Routes validate, run or signal the purchase
 * workflow, and shape the answer; visitors get "Click Log In to view all content".
 */
import type { LiveEvent } from '../../domain/live-events.js';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { startProcess } from '../../infra/temporal/start-process.js';
import { temporalFailure } from '../temporal-errors.js';
import { DomainError } from '../../domain/errors.js';
import { NO_PLAYERS } from '../../domain/messages.js';
import {
  GameAccountInput, PURCHASE_UPDATES, purchaseStep, SELLER_ACTION_UPDATE, MARKET_CHANGED, parsePage, parsePriceFilter, pickRefusal, PickInput,
  PLAYER_PURCHASE, playerPurchaseWorkflowId, PURCHASE_REASONS, RECORD_TABS, REASON_TEXT,
  type PickLimit, type PickOutcome, type PlayerPurchaseInput, type PurchaseReason, type PurchaseStatus,
  type PurchaseAnswer, type BalanceAnswer, type FrozenItem, type PurchaseTimings, type RecordTab, type SellerAction, type VerifyPolicy,
} from '../../domain/player-trade.js';
import type { PriceTable } from '../../domain/pricing.js';
import { cardsCollection } from '../../infra/market/cards.js';
import { GameAccounts, toGameAccountView } from '../../infra/player-trade/game-accounts.js';
import { Purchases, toPurchaseStatus } from '../../infra/player-trade/purchases.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { ComfortRuns } from '../../infra/comfort/runs.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import type { Db } from 'mongodb';
import { parseBody } from '../errors.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { CardList } from '../player-trade/card-list.js';
import { object, optional, string, size } from 'superstruct';

export interface PlayerTradeOptions {
  taskQueue: string;
  prices: PriceTable;
  timings: PurchaseTimings;
  verify: VerifyPolicy;
  pickLimit: PickLimit;
  /** Where sellers buy the card (the provider's page; the simulator in development). */
  marketPageUrl: string | null;
  /** How stale the in-memory player list may be. */
  listMaxAgeMs?: number;
}

const PickBody = object({ cardId: PickInput.schema.cardId, gameAccountId: PickInput.schema.gameAccountId, requestId: optional(size(string(), 1, 80)) });

const isReason = (s: unknown): s is PurchaseReason => PURCHASE_REASONS.includes(s as PurchaseReason);

/** A purchase refusal code as the API's error (reasons keep their HTTP kind and words). */
const purchaseRefusal = (code: string, message: string): DomainError =>
  isReason(code) ? (code === 'deadline_passed' ? new DomainError('conflict', code, REASON_TEXT[code]) : pickRefusal(code)) : new DomainError('conflict', code, message);

/** A failed Temporal call of a purchase: the workflow's refusal, or 503 "try again" when Temporal did not answer. */
const temporalError = (err: unknown) => temporalFailure(err, purchaseRefusal);

/** A request id already used for another pick: one request id is one purchase, for good. */
const DUPLICATE_REQUEST = () => new DomainError('conflict', 'duplicate_request', 'This request was already used for another pick. Please pick again.');

/** The list also reloads on every market change event; this only bounds the staleness if one is missed. */
const LIST_SAFETY_REFRESH_MS = 30_000;

export async function registerPlayerTradeRoutes(app: FastifyInstance, deps: { db: Db; temporal: Client; options: PlayerTradeOptions }) {
  const { options: o, temporal } = deps;
  const cards = await cardsCollection(deps.db);
  const [accounts, purchases, wallets, runs] = await Promise.all([GameAccounts.open(deps.db), Purchases.open(deps.db), Wallets.open(deps.db), ComfortRuns.open(deps.db)]);
  const settlement = await Settlement.open(deps.db, wallets.ledger);
  const list = new CardList(cards, o.prices, o.listMaxAgeMs ?? LIST_SAFETY_REFRESH_MS);
  const auth = { preHandler: requireSeller };

  app.get('/api/player-trade/config', async () => ({
    buyWindowMs: o.timings.buyWindowMs, freezeMs: o.timings.freezeMs, cooldownMs: o.timings.cooldownMs,
    pickLimit: o.pickLimit, marketPageUrl: o.marketPageUrl, prices: o.prices,
  }));

  /** The player list: listed cards in the price range, cheapest first, with each card's income. */
  app.get('/api/player-trade/cards', auth, async (req) => {
    const q = req.query as Record<string, unknown>;
    const filter = parsePriceFilter(q);
    const { page, size: pageSize } = parsePage(q, 20, 100);
    const r = await list.query(filter, page, pageSize);
    return { ...r, page, size: pageSize, ...(r.total === 0 ? { message: NO_PLAYERS } : {}) };
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
  /** Pick: starts the purchase workflow and answers once the card is reserved or the pick refused. */
  app.post('/api/player-trade/picks', auth, async (req, reply) => {
    const seller = sellerOf(req);
    const body = parseBody(PickBody, req.body);
    // A replayed request (same requestId) reaches the same purchase instead of starting another.
    const purchaseId = body.requestId
      ? createHash('sha256').update(`${seller.id}:${body.requestId}`).digest('hex').slice(0, 24)
      : randomBytes(12).toString('hex');
    const input: PlayerPurchaseInput = {
      purchaseId, sellerId: seller.id, cardId: body.cardId, gameAccountId: body.gameAccountId,
      prices: o.prices, timings: o.timings, verify: o.verify, pickLimit: o.pickLimit,
    };
    let handle;
    try {
      handle = await startProcess({ client: temporal, taskQueue: o.taskQueue }, PLAYER_PURCHASE, purchaseId, input, seller.id);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw temporalError(err) ?? err;
      return reply.code(200).send(await replayedPick(seller.id, purchaseId, body.cardId, body.gameAccountId));
    }
    let outcome: PickOutcome;
    try {
      outcome = await handle.executeUpdate(PURCHASE_UPDATES.pickOutcome);
    } catch (err) {
      throw temporalError(err) ?? err;
    }
    if (!outcome.ok) throw pickRefusal(outcome.reason, outcome.retryAt);
    list.invalidate();
    return reply.code(201).send({ purchase: outcome.status, serverNow: Date.now() } satisfies PurchaseAnswer);
  });

  /**
   * A pick whose request id was used before (a double click, a retried request): the identical
   * request gets the first purchase's status (200), or the first pick's refusal; the same request id
   * for another card or game account is refused (409 `duplicate_request`) and changes nothing.
   */
  async function replayedPick(sellerId: string, purchaseId: string, cardId: string, gameAccountId: string): Promise<PurchaseAnswer> {
    const same = (s: PurchaseStatus) => s.card.id === cardId && s.gameAccount.id === gameAccountId;
    const rec = await purchases.get(sellerId, purchaseId);
    if (rec) {
      if (!same(toPurchaseStatus(rec))) throw DUPLICATE_REQUEST();
      return { purchase: toPurchaseStatus(rec), serverNow: Date.now() };
    }
    let outcome: PickOutcome;
    try {
      outcome = await temporal.workflow.getHandle(playerPurchaseWorkflowId(purchaseId)).executeUpdate(PURCHASE_UPDATES.pickOutcome);
    } catch (err) {
      const mapped = temporalError(err);
      if (mapped?.code === 'unavailable') throw mapped;
      throw DUPLICATE_REQUEST(); // the first pick ended without a purchase record: it was refused
    }
    if (!outcome.ok) throw pickRefusal(outcome.reason, outcome.retryAt);
    if (!same(outcome.status)) throw DUPLICATE_REQUEST();
    return { purchase: outcome.status, serverNow: Date.now() };
  }

  const act = async (sellerId: string, purchaseId: string, action: SellerAction): Promise<PurchaseStatus> => {
    const rec = await purchases.get(sellerId, purchaseId);
    if (!rec) throw new DomainError('not_found', 'purchase_not_found', 'Purchase not found');
    try {
      return await temporal.workflow.getHandle(playerPurchaseWorkflowId(purchaseId)).executeUpdate(SELLER_ACTION_UPDATE[action], { args: [{ by: sellerId }] });
    } catch (err) {
      const mapped = temporalError(err);
      if (mapped) throw mapped;
      // The workflow has ended: decide from the record by the same table, so a late or repeated click gets a clear answer.
      const current = toPurchaseStatus((await purchases.get(sellerId, purchaseId))!);
      const verdict = purchaseStep(current, action, Date.now());
      if (verdict.ok && verdict.repeat) return current;
      if (!verdict.ok) throw isReason(verdict.code) ? new DomainError('conflict', verdict.code, REASON_TEXT[verdict.code]) : new DomainError('conflict', verdict.code, verdict.message);
      throw new DomainError('conflict', 'not_possible', 'This action is no longer possible');
    }
  };

  /** Player Bought: the seller bought the card on the market; the system checks it. */
  app.post<{ Params: { id: string } }>('/api/player-trade/purchases/:id/bought', auth, async (req) => ({
    purchase: await act(sellerOf(req).id, req.params.id, 'bought'), serverNow: Date.now(),
  }));
  /** Not Bought: the seller did not buy it; the card goes back on sale. */
  app.post<{ Params: { id: string } }>('/api/player-trade/purchases/:id/not-bought', auth, async (req) => ({
    purchase: await act(sellerOf(req).id, req.params.id, 'not_bought'),
  }));

  app.get<{ Params: { id: string } }>('/api/player-trade/purchases/:id', auth, async (req) => {
    const rec = await purchases.get(sellerOf(req).id, req.params.id);
    if (!rec) throw new DomainError('not_found', 'purchase_not_found', 'Purchase not found');
    return { purchase: toPurchaseStatus(rec) };
  });

  /** Open picks (waiting for Player Bought or being checked): the page resumes its dialog after a reload. */
  app.get('/api/player-trade/open', auth, async (req) => ({ items: (await purchases.open(sellerOf(req).id)).map((d) => toPurchaseStatus(d)), serverNow: Date.now() }));

  /** The player sell record, by tab (All, Settled, Processing, Available), newest first. */
  app.get('/api/player-trade/records', auth, async (req) => {
    const q = req.query as Record<string, unknown>;
    const tab = (RECORD_TABS.includes(q.tab as RecordTab) ? q.tab : 'all') as RecordTab;
    const { page, size: pageSize } = parsePage(q, 10, 50);
    const sellerId = sellerOf(req).id;
    const r = await purchases.list(sellerId, tab, page, pageSize, await settlement.settledRefs(sellerId));
    return { items: r.items.map(toPurchaseStatus), total: r.total, page, size: pageSize, tab };
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
  return {
    /** A market change on the live log (any replica's worker wrote it): the next read reloads the list. */
    onLiveEvent(e: LiveEvent) {
      if (e.type === MARKET_CHANGED) list.markStale();
    },
  };
}
