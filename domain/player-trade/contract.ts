/** How the API, the support tool and the workflow name and start a purchase: input, timings, id, updates and query; the market's live events and sync workflow. */
import { DomainError } from '../errors.js';
import type { PriceTable } from '../pricing.js';
import { type PurchaseReason, REASON_TEXT } from '../purchase-reasons.js';
import type { ActionArgs } from '../process.js';
import { PROVIDER_REFUSAL_TYPES } from '../provider-refusal.js';
import { processDef, processWorkflowId, queryDef, updateDef } from '../contracts.js';
import { PURCHASE_TABLE } from './table.js';
import type { SupportDecision, PurchaseStatus } from './views.js';

export interface PurchaseTimings {
  buyWindowMs: number;
  freezeMs: number;
  cooldownMs: number;
}

/** The verification retry policy: bounded, with backoff; after the last attempt the purchase is stuck. */
export interface VerifyPolicy {
  maxAttempts: number;
  initialIntervalMs: number;
  maximumIntervalMs: number;
  /** One call to the provider may take this long before it counts as failed. */
  attemptTimeoutMs: number;
}

export const DEFAULT_VERIFY_POLICY: Readonly<VerifyPolicy> = {
  maxAttempts: 8,
  initialIntervalMs: 2_000,
  maximumIntervalMs: 60_000,
  attemptTimeoutMs: 15_000,
};

/**
 * Repeated picks without buying: a seller may end at most `maxUnbought` picks without a purchase
 * (Not Bought or the deadline) in any rolling `windowMs`; the next pick is refused until the oldest
 * leaves the window. A game account holds one open pick at a time.
 */
export interface PickLimit {
  maxUnbought: number;
  windowMs: number;
}
export const DEFAULT_PICK_LIMIT: Readonly<PickLimit> = { maxUnbought: 3, windowMs: 60 * 60_000 };

/** Input of `playerPurchaseWorkflow`; everything it needs is fixed at pick time. */
export interface PlayerPurchaseInput {
  purchaseId: string;
  sellerId: string;
  cardId: string;
  gameAccountId: string;
  /** The operator's prices at pick time; the income is fixed from them when the card is reserved. */
  prices: PriceTable;
  timings: PurchaseTimings;
  verify: VerifyPolicy;
  pickLimit: PickLimit;
}

export const PURCHASE_KIND = PURCHASE_TABLE.kind;
/** The purchase as the API starts it (`player-purchase:<purchaseId>`). */
export const PLAYER_PURCHASE = processDef<PlayerPurchaseInput>({ workflowType: 'playerPurchaseWorkflow', table: PURCHASE_TABLE });
export const playerPurchaseWorkflowId = (purchaseId: string) => processWorkflowId(PLAYER_PURCHASE, purchaseId);

/** Outcome of the pick step, answered to the seller who clicked Pick. */
export type PickOutcome =
  | { ok: true; status: PurchaseStatus }
  | { ok: false; reason: PurchaseReason; message: string; retryAt?: number };

/** HTTP kind of a refused pick. */
export const pickRefusal = (reason: PurchaseReason, retryAt?: number): DomainError => {
  const kind = reason === 'card_unavailable' || reason === 'account_busy' ? 'conflict'
    : reason === 'account_not_found' ? 'not_found'
    : reason === 'platform_mismatch' ? 'invalid'
    : reason === 'account_cooldown' || reason === 'pick_limit' ? 'rate_limited'
    : 'invalid';
  return new DomainError(kind, reason, REASON_TEXT[reason], retryAt ? { data: { retryAt } } : {});
};

/** The failure type of the market provider's refusal of a verification (final: the purchase waits for support). */
export const MARKET_REFUSED = PROVIDER_REFUSAL_TYPES.market;

/** Support's answer to a stuck verification. */
export interface SupportResolveArgs extends ActionArgs {
  decision: SupportDecision['decision'];
  by: string;
  reason: string;
}

/** The purchase workflow's updates and query: one name and one argument type for the workflow, the API and tests. */
export const PURCHASE_UPDATES = {
  /** The pick's answer (reserved or refused); the API waits on it after starting the workflow. */
  pickOutcome: updateDef<PickOutcome>('pickOutcome'),
  /** The seller pressed Player Bought. */
  bought: updateDef<PurchaseStatus, [ActionArgs]>('bought'),
  /** The seller pressed Not Bought. */
  notBought: updateDef<PurchaseStatus, [ActionArgs]>('notBought'),
  /** Support resolves a stuck verification by hand: verified, rejected, or try the provider again. */
  supportResolve: updateDef<PurchaseStatus, [SupportResolveArgs]>('supportResolve'),
};
/** The purchase's live status (null until the card is reserved). */
export const PURCHASE_STATUS_QUERY = queryDef<PurchaseStatus | null>('status');
/** The update that sends each seller action. */
export const SELLER_ACTION_UPDATE = { bought: PURCHASE_UPDATES.bought, not_bought: PURCHASE_UPDATES.notBought } as const;
/** Live events of the player market go to every signed-in seller (seller id `*`: all rooms). */
export const MARKET_BROADCAST = '*';
/** Event types: a purchase's record changed; a seller's wallet changed; cards were taken, returned, added or removed. */
export const PURCHASE_UPDATED = 'purchase:updated';
export const WALLET_UPDATED = 'wallet:updated';
export const MARKET_CHANGED = 'market:changed';

/** `market:changed` data: ids that left the list and ids that (re)joined it. */
export interface MarketChange {
  removed: string[];
  added: string[];
  /** How many listed cards changed price or details (the sync's count). */
  changed?: number;
}

/** The one market-sync workflow run shared by all worker replicas. */
export const MARKET_SYNC_WORKFLOW_ID = 'market-sync';
/** The workflow type the market sync runs as (workflows/market-sync.ts). */
export const MARKET_SYNC_WORKFLOW = 'marketSyncWorkflow';
