/**
 * The player purchase's actions: Pick (start the purchase workflow and wait for the reservation),
 * Player Bought / Not Bought (updates of the running purchase, or an answer from its record by the
 * same table once it has ended), and the reads of the player list and the sell record. The routes
 * file only parses requests and shapes answers, as for the comfort run and the withdrawal.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import {
  PLAYER_PURCHASE, PURCHASE_REASONS, PURCHASE_UPDATES, REASON_TEXT, SELLER_ACTION_UPDATE, pickRefusal, playerPurchaseWorkflowId, purchaseStep,
  type PickOutcome, type PlayerPurchaseInput, type PurchaseAnswer, type PurchaseReason, type PurchaseStatus, type RecordTab, type SellerAction,
} from '../../domain/player-trade.js';
import { cardsCollection } from '../../infra/market/cards.js';
import { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { Purchases, paidOutIds, toPurchaseRecord, toPurchaseStatus } from '../../infra/player-trade/purchases.js';
import { startProcess } from '../../infra/temporal/start-process.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { temporalFailure } from '../temporal-errors.js';
import { CardList } from './card-list.js';
import type { PlayerTradeOptions } from './settings.js';

const isReason = (s: unknown): s is PurchaseReason => PURCHASE_REASONS.includes(s as PurchaseReason);

/** A purchase refusal code as the API's error (reasons keep their HTTP kind and words). */
const purchaseRefusal = (code: string, message: string): DomainError =>
  isReason(code) ? (code === 'deadline_passed' ? new DomainError('conflict', code, REASON_TEXT[code]) : pickRefusal(code)) : new DomainError('conflict', code, message);

/** A failed Temporal call of a purchase: the workflow's refusal, or 503 "try again" when Temporal did not answer. */
const temporalError = (err: unknown) => temporalFailure(err, purchaseRefusal);

/** A request id already used for another pick: one request id is one purchase, for good. */
const DUPLICATE_REQUEST = () => new DomainError('conflict', 'duplicate_request', 'This request was already used for another pick. Please pick again.');

export const purchaseNotFound = () => new DomainError('not_found', 'purchase_not_found', 'Purchase not found');

/** The list also reloads on every market change event; this only bounds the staleness if one is missed. */
const LIST_SAFETY_REFRESH_MS = 30_000;

export type PlayerTradeService = Awaited<ReturnType<typeof createPlayerTradeService>>;

/** The player trade actions over one database, Temporal client and configuration. */
export async function createPlayerTradeService(deps: { db: Db; temporal: Client; options: PlayerTradeOptions }) {
  const { options: o, temporal } = deps;
  const cards = await cardsCollection(deps.db);
  const [accounts, purchases, wallets] = await Promise.all([GameAccounts.open(deps.db), Purchases.open(deps.db), Wallets.open(deps.db)]);
  const settlement = await Settlement.open(deps.db, wallets.ledger);
  const list = new CardList(cards, o.prices, o.listMaxAgeMs ?? LIST_SAFETY_REFRESH_MS);

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

  return {
    list, accounts, purchases, wallets, settlement,

    /**
     * Pick: starts the purchase workflow and answers once the card is reserved or the pick refused.
     * `created` is false for a replayed request (same requestId), which reaches the same purchase.
     */
    async pick(sellerId: string, body: { cardId: string; gameAccountId: string; requestId?: string }): Promise<{ answer: PurchaseAnswer; created: boolean }> {
      const purchaseId = body.requestId
        ? createHash('sha256').update(`${sellerId}:${body.requestId}`).digest('hex').slice(0, 24)
        : randomBytes(12).toString('hex');
      const input: PlayerPurchaseInput = {
        purchaseId, sellerId, cardId: body.cardId, gameAccountId: body.gameAccountId,
        prices: o.prices, timings: o.timings, verify: o.verify, pickLimit: o.pickLimit,
      };
      let handle;
      try {
        handle = await startProcess({ client: temporal, taskQueue: o.taskQueue }, PLAYER_PURCHASE, purchaseId, input, sellerId);
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw temporalError(err) ?? err;
        return { answer: await replayedPick(sellerId, purchaseId, body.cardId, body.gameAccountId), created: false };
      }
      let outcome: PickOutcome;
      try {
        outcome = await handle.executeUpdate(PURCHASE_UPDATES.pickOutcome);
      } catch (err) {
        throw temporalError(err) ?? err;
      }
      if (!outcome.ok) throw pickRefusal(outcome.reason, outcome.retryAt);
      list.invalidate();
      return { answer: { purchase: outcome.status, serverNow: Date.now() }, created: true };
    },

    /** Player Bought / Not Bought on the running purchase; once it has ended, the answer comes from its record by the same table. */
    async act(sellerId: string, purchaseId: string, action: SellerAction): Promise<PurchaseStatus> {
      const rec = await purchases.get(sellerId, purchaseId);
      if (!rec) throw purchaseNotFound();
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
    },

    async purchase(sellerId: string, purchaseId: string): Promise<PurchaseStatus> {
      const rec = await purchases.get(sellerId, purchaseId);
      if (!rec) throw purchaseNotFound();
      return toPurchaseStatus(rec);
    },

    /** The player sell record, by tab (All, Settled, Processing, Available), newest first. */
    async records(sellerId: string, tab: RecordTab, page: number, pageSize: number) {
      const money = await settlement.money(sellerId);
      const r = await purchases.list(sellerId, tab, page, pageSize, paidOutIds(money));
      return { items: r.items.map((d) => toPurchaseRecord(d, money)), total: r.total };
    },
  };
}
