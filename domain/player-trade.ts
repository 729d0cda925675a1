/**
 * Player trade: the contracts shared by the API, the purchase workflow, the worker and the web app.
 * Pure: no I/O. The transition rules live here so the workflow and the UI agree on them.
 */
import { enums, object, optional, size, string, type Infer } from 'superstruct';
import { DomainError } from './errors.js';
import { PLATFORMS, type Platform, type PriceTable, playerIncomeCents, priceFor } from './pricing.js';
import { field } from './validation.js';
import type { WalletView } from './wallet.js';
import { type PurchaseReason, PURCHASE_REASONS, REASON_TEXT } from './purchase-reasons.js';

export { type PurchaseReason, PURCHASE_REASONS, REASON_TEXT };
import { FORMULA_START, HIDDEN_CHARACTERS, INVALID_VALUE, REQUIRED } from './messages.js';
import { hasHiddenCharacters, plainText, startsLikeFormula } from './plain-text.js';
import { allowedEvents, step, type ActionArgs, type Decision, type ProcessTable, type Step } from './process.js';
import { processDef, processWorkflowId, queryDef, updateDef } from './contracts.js';

/** A player card offered for sale on the game's transfer market (as the provider lists it). */
export interface PlayerCard {
  id: string;
  platform: Platform;
  playerName: string;
  versionName: string;
  chemistryStyle: string;
  /** Coins. */
  startPrice: number;
  /** Coins the seller spends to buy it now. */
  buyNowPrice: number;
  /** Coins: what the card usually sells for. */
  marketPrice: number;
  owner: string;
  contracts: number;
  /** Epoch ms when the provider's auction ends. */
  auctionEndsAt: number;
}

/** A card as the list shows it: with the seller's estimated income in euro cents. */
export interface ListedCard extends PlayerCard {
  incomeCents: number;
}

/** Estimated income of a card: its buy-now price minus the 5% tax, priced for its platform. */
export const cardIncomeCents = (card: Pick<PlayerCard, 'buyNowPrice' | 'platform'>, prices: PriceTable): number =>
  playerIncomeCents(card.buyNowPrice, priceFor(prices, card.platform));

// ---------------------------------------------------------------------------------------------
// The purchase process

/**
 * Where a purchase is:
 * picking -> reserved -> (bought) checking -> frozen -> available
 *                     -> (not bought) released | (deadline) expired
 * picking -> refused (card gone/taken, account busy or cooling down, pick limit)
 * checking -> rejected (provider says no purchase) | stuck (provider unreachable; support decides)
 */
export const PURCHASE_STATES = [
  'picking', 'reserved', 'checking', 'stuck', 'frozen', 'available', 'released', 'expired', 'rejected', 'refused',
] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/**
 * The record status the sell-record tabs filter on (specification section 4): processing
 * (picked, checking, frozen), available (withdrawable), settled (paid out by a withdrawal; set by the
 * withdrawal process), closed (ended without income: not bought, expired, not verified).
 */
export type RecordPhase = 'processing' | 'available' | 'settled' | 'closed';
export const RECORD_TABS = ['all', 'settled', 'processing', 'available'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export function phaseOf(state: PurchaseState): RecordPhase {
  switch (state) {
    case 'picking': case 'reserved': case 'checking': case 'stuck': case 'frozen': return 'processing';
    case 'available': return 'available';
    default: return 'closed';
  }
}

export const isFinalState = (s: PurchaseState): boolean =>
  s === 'available' || s === 'released' || s === 'expired' || s === 'rejected' || s === 'refused';

/** What can happen to a purchase, and who sends it (the seller's buttons, support, or the system). */
export const PURCHASE_EVENTS = [
  'reserved', 'pick_refused', 'bought', 'not_bought', 'deadline', 'verified', 'not_verified', 'provider_down',
  'support_verified', 'support_rejected', 'support_retry', 'freeze_ended',
] as const;
export type PurchaseEvent = (typeof PURCHASE_EVENTS)[number];

const ALREADY_BOUGHT = { code: 'already_bought', message: 'The purchase was confirmed and cannot be cancelled.' };
const CARD_GONE = { code: 'card_unavailable', message: REASON_TEXT.card_unavailable };
const TOO_LATE = { code: 'deadline_passed', message: REASON_TEXT.deadline_passed };
const NOT_STUCK = { code: 'not_stuck', message: 'Only a stuck verification can be resolved by hand' };
/** Player Bought repeated after the purchase was confirmed answers the current status (double clicks, a reload). */
const BOUGHT_BEFORE = ['bought'] as const;

/**
 * The purchase process as one table (domain/process.ts): the workflow moves by it, the API answers
 * `actions` from it and the page shows Player Bought / Not Bought from those actions. The one rule
 * it cannot hold is the clock: Player Bought counts only before the deadline (`purchaseStep`).
 */
export const PURCHASE_TABLE: ProcessTable<PurchaseState, PurchaseEvent> = {
  kind: 'player-purchase',
  initial: 'picking',
  events: {
    reserved: { by: 'system' },
    pick_refused: { by: 'system' },
    bought: { by: 'seller', refused: CARD_GONE },
    not_bought: { by: 'seller', refused: ALREADY_BOUGHT },
    deadline: { by: 'system' },
    verified: { by: 'system' },
    not_verified: { by: 'system' },
    provider_down: { by: 'system' },
    support_verified: { by: 'support', refused: NOT_STUCK },
    support_rejected: { by: 'support', refused: NOT_STUCK },
    support_retry: { by: 'support', refused: NOT_STUCK },
    freeze_ended: { by: 'system' },
  },
  states: {
    picking: { on: { reserved: 'reserved', pick_refused: 'refused' }, waitsFor: 'system', refuse: { not_bought: CARD_GONE } },
    reserved: { on: { bought: 'checking', not_bought: 'released', deadline: 'expired' }, waitsFor: 'seller' },
    checking: { on: { verified: 'frozen', not_verified: 'rejected', provider_down: 'stuck' }, repeats: BOUGHT_BEFORE, waitsFor: 'system' },
    stuck: {
      on: { support_verified: 'checking', support_rejected: 'rejected', support_retry: 'checking' },
      repeats: BOUGHT_BEFORE, waitsFor: 'support',
    },
    frozen: { on: { freeze_ended: 'available' }, repeats: BOUGHT_BEFORE, waitsFor: 'system' },
    available: { on: {}, repeats: BOUGHT_BEFORE, waitsFor: null },
    rejected: { on: {}, repeats: BOUGHT_BEFORE, waitsFor: null },
    released: { on: {}, repeats: ['not_bought'], waitsFor: null },
    expired: { on: {}, waitsFor: null, refuse: { bought: TOO_LATE, not_bought: TOO_LATE } },
    refused: { on: {}, waitsFor: null, refuse: { not_bought: CARD_GONE } },
  },
};

/** Why a purchase is where it is (`ProcessSubState`, the support tool's sub-state): its reason, `provider_unreachable` while stuck, else `none`. */
export const purchaseSubState = (s: { state: PurchaseState; reason: PurchaseReason | null }): string =>
  s.reason ?? (s.state === 'stuck' ? 'provider_unreachable' : 'none');

/** The seller's buttons in the buy window. */
export type SellerAction = Extract<PurchaseEvent, 'bought' | 'not_bought'>;

/**
 * What `event` does to a purchase now: the table's answer plus the deadline rule (Player Bought
 * after the buy window is refused even before the workflow has noticed the deadline).
 */
export function purchaseStep(s: Pick<PurchaseStatus, 'state' | 'deadline'>, event: PurchaseEvent, now: number): Step<PurchaseState> {
  const r = step(PURCHASE_TABLE, s.state, event);
  if (r.ok && !r.repeat && event === 'bought' && now >= s.deadline) return { ok: false, from: s.state, ...TOO_LATE };
  return r;
}

/** The events the seller may send now: what the record, the live event and the page's buttons show. */
export const purchaseActions = (s: Pick<PurchaseStatus, 'state' | 'deadline'>, now: number): SellerAction[] =>
  (allowedEvents(PURCHASE_TABLE, s.state, 'seller') as SellerAction[]).filter((e) => purchaseStep(s, e, now).ok);

const verdictOf = (r: Step<PurchaseState>) => (r.ok ? (r.repeat ? 'repeat' : 'accept') : r.code);


/** Who resolved a stuck verification by hand, and why (kept on the record and in the ledger). */
export interface SupportDecision {
  decision: 'verified' | 'rejected' | 'retry';
  by: string;
  reason: string;
  at: number;
}

/** The read model of one purchase: the record row, the dialog and the balance's frozen lines. */
export interface PurchaseStatus {
  purchaseId: string;
  sellerId: string;
  state: PurchaseState;
  phase: RecordPhase;
  card: PlayerCard;
  gameAccount: { id: string; platform: Platform; name: string };
  /** Coins the seller spends (the buy-now price). */
  coinsSpent: number;
  /** Euro cents credited when verified (fixed at pick time). */
  incomeCents: number;
  pickedAt: number;
  /** Absolute end of the buy window (epoch ms); clients count down against it. */
  deadline: number;
  boughtAt: number | null;
  creditedAt: number | null;
  /** When the frozen income becomes available (epoch ms). */
  releaseAt: number | null;
  releasedAt: number | null;
  reason: PurchaseReason | null;
  /** Free text from the provider or support, when there is one. */
  detail: string | null;
  support: SupportDecision | null;
  /** Verification attempts made so far (for support). */
  attempts: number;
  /** What the seller may do now (`bought`, `not_bought`): the page shows exactly these buttons. */
  actions: SellerAction[];
  /** Every decision taken so far: who (seller, support agent, system), why and when. */
  decisions: Decision<PurchaseEvent>[];
}

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

/** Player Bought counts only while the card is reserved and its deadline has not passed (the table plus the deadline rule). */
export const checkBought = (s: Pick<PurchaseStatus, 'state' | 'deadline'>, now: number): 'accept' | 'repeat' | PurchaseReason =>
  verdictOf(purchaseStep(s, 'bought', now)) as 'accept' | 'repeat' | PurchaseReason;

/** Not Bought releases a reserved card; once bought it cannot be cancelled (the table's answer). */
export const checkNotBought = (s: Pick<PurchaseStatus, 'state'>): 'accept' | 'repeat' | 'already_bought' | 'deadline_passed' | 'card_unavailable' =>
  verdictOf(step(PURCHASE_TABLE, s.state, 'not_bought')) as 'accept' | 'repeat' | 'already_bought' | 'deadline_passed' | 'card_unavailable';

/** The provider's answer to "did this game account buy this card?": when and at what price (coins), or why not. */
export type VerifyAnswer =
  | { bought: true; boughtAt: number; price: number }
  | { bought: false; reason: 'no_purchase' | 'bought_by_other' };

/**
 * Why a provider's answer does not verify this purchase, or null when it does: the card must have
 * been bought by the seller's account after the pick (a purchase made before it is not one we
 * offered) and at the buy-now price the seller saw (clocks compared as they are: provider time
 * against workflow time, both epoch ms).
 */
export function verificationProblem(answer: VerifyAnswer, s: Pick<PurchaseStatus, 'pickedAt' | 'coinsSpent'>): string | null {
  if (!answer.bought) return answer.reason;
  if (!Number.isFinite(answer.boughtAt) || answer.boughtAt < s.pickedAt) return 'bought_before_pick';
  if (answer.price !== s.coinsSpent) return 'price_mismatch';
  return null;
}

/** Support's answer to a stuck verification. */
export interface SupportResolveArgs {
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

// ---------------------------------------------------------------------------------------------
// Inputs

const isString = (v: unknown): v is string => typeof v === 'string';
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A seller's game account: platform and the account identity used on the transfer market. */
export const GameAccountInput = object({
  platform: field<Platform>('platform', [(v: unknown): v is Platform => PLATFORMS.includes(v as Platform), REQUIRED]),
  name: field<string>('name', [isString, REQUIRED], [
    [(v) => v.length > 0, REQUIRED],
    [(v) => !hasHiddenCharacters(v), HIDDEN_CHARACTERS],
    [(v) => !startsLikeFormula(v), FORMULA_START],
    [(v) => v.length <= 64 && /^[^\s<>"'`]{1}[^<>"'`]*$/.test(v), INVALID_VALUE],
  ], plainText),
});
export type GameAccountInput = Infer<typeof GameAccountInput>;

export interface GameAccountView {
  id: string;
  platform: Platform;
  name: string;
  /** The purchase it is busy with, if any. */
  activePurchaseId: string | null;
  /** Until when it may not buy again (epoch ms), or null. */
  cooldownUntil: number | null;
  createdAt: number;
}

const idField = (name: string) =>
  field<string>(name, [isString, REQUIRED], [[(v) => /^[A-Za-z0-9:_-]{1,80}$/.test(v), INVALID_VALUE]], trimmed);

export const PickInput = object({ cardId: idField('cardId'), gameAccountId: idField('gameAccountId') });
export type PickInput = Infer<typeof PickInput>;

export const SupportResolveInput = object({
  decision: enums(['verified', 'rejected', 'retry']),
  by: size(string(), 1, 100),
  reason: size(string(), 1, 500),
  note: optional(string()),
});
export type SupportResolveInput = Infer<typeof SupportResolveInput>;

/** Price filter of the list: whole coins, both ends optional, min <= max. */
export interface PriceFilter {
  minPrice: number | null;
  maxPrice: number | null;
  platform: Platform | null;
}

const MAX_COINS = 100_000_000;

/** Reads the list's query string; a bad bound is refused with the field named. */
export function parsePriceFilter(q: Record<string, unknown>): PriceFilter {
  const num = (name: string): number | null => {
    const raw = q[name];
    if (raw === undefined || raw === '' || raw === null) return null;
    // A repeated parameter arrives as an array: refused, never joined into another number (`1,2` is not 12).
    if (typeof raw !== 'string' && typeof raw !== 'number') throw DomainError.invalidFields([{ field: name, message: INVALID_VALUE }]);
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/[,_\s]/g, ''));
    if (!Number.isSafeInteger(n) || n < 0 || n > MAX_COINS) throw DomainError.invalidFields([{ field: name, message: INVALID_VALUE }]);
    return n;
  };
  const minPrice = num('minPrice');
  const maxPrice = num('maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    throw DomainError.invalidFields([{ field: 'maxPrice', message: INVALID_VALUE }]);
  }
  const p = q.platform;
  let platform: Platform | null = null;
  if (p !== undefined && p !== '') {
    if (typeof p !== 'string' || !PLATFORMS.includes(p as Platform)) throw DomainError.invalidFields([{ field: 'platform', message: INVALID_VALUE }]);
    platform = p as Platform;
  }
  return { minPrice, maxPrice, platform };
}

/** Page number and size of a list (size capped so one request stays cheap). */
export function parsePage(q: Record<string, unknown>, defaultSize = 20, maxSize = 100): { page: number; size: number } {
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(q.page ?? 1)) || 1));
  const size = Math.max(1, Math.min(maxSize, Math.floor(Number(q.size ?? defaultSize)) || defaultSize));
  return { page, size };
}

// ---------------------------------------------------------------------------------------------
// What the API answers (the web reads these types; the routes are checked against them)

/** A read model with its write version (live events and the record carry it; a newer one wins). */
export type Versioned<T> = T & { version?: number };
/** `POST /api/player-trade/picks`, `/purchases/:id/bought|not-bought`, `GET /purchases/:id`. */
export interface PurchaseAnswer { purchase: Versioned<PurchaseStatus>; serverNow?: number }
/** `GET /api/player-trade/open`: picks still waiting or being checked. */
export interface OpenPurchasesAnswer { items: Versioned<PurchaseStatus>[]; serverNow: number }
/** `GET /api/player-trade/cards`. */
export interface CardsAnswer { items: ListedCard[]; total: number; page: number; size: number; message?: string }
/** `GET /api/player-trade/cards/:id`. */
export interface CardAnswer { card: ListedCard }
/** `GET /api/player-trade/records`. */
export interface RecordsAnswer { items: Versioned<PurchaseStatus>[]; total: number; page: number; size: number; tab: RecordTab }
/** `GET /api/game-accounts`. */
export interface GameAccountsAnswer { items: GameAccountView[] }
/**
 * One frozen income on the balance page, released to available at `releaseAt`: a player purchase
 * in its freeze or a comfort run under review. Together they add up to the wallet's frozen amount.
 */
export type FrozenItem =
  | { kind: 'player'; purchaseId: string; playerName: string; incomeCents: number; releaseAt: number | null }
  | { kind: 'comfort'; runId: string; originEmail: string; coinsTransferred: number; incomeCents: number; releaseAt: number | null };
/** `GET /api/wallet`. */
export interface BalanceAnswer { wallet: WalletView; frozenItems: FrozenItem[] }

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
