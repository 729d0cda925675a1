/** The player purchase's transition table and the rules it cannot hold alone (the buy window's deadline, the provider's verification). */
import { type PurchaseReason, REASON_TEXT } from '../purchase-reasons.js';
import { allowedEvents, step, type ProcessTable, type Step } from '../process.js';

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

/**
 * Which amounts a record row shows: a pick that ended without a purchase (Not bought, expired,
 * refused) spent no coins and earned nothing; a purchase that was not verified spent coins but
 * earned nothing. Others show the coins and the income (expected until credited).
 */
export function recordAmounts(state: PurchaseState): { coins: boolean; income: boolean } {
  if (state === 'released' || state === 'expired' || state === 'refused') return { coins: false, income: false };
  if (state === 'rejected') return { coins: true, income: false };
  return { coins: true, income: true };
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

/** A purchase's state and the end of its buy window (epoch ms): what the seller's actions depend on. */
export interface PurchaseClock { state: PurchaseState; deadline: number }

/**
 * What `event` does to a purchase now: the table's answer plus the deadline rule (Player Bought
 * after the buy window is refused even before the workflow has noticed the deadline).
 */
export function purchaseStep(s: PurchaseClock, event: PurchaseEvent, now: number): Step<PurchaseState> {
  const r = step(PURCHASE_TABLE, s.state, event);
  if (r.ok && !r.repeat && event === 'bought' && now >= s.deadline) return { ok: false, from: s.state, ...TOO_LATE };
  return r;
}

/** The events the seller may send now: what the record, the live event and the page's buttons show. */
export const purchaseActions = (s: PurchaseClock, now: number): SellerAction[] =>
  (allowedEvents(PURCHASE_TABLE, s.state, 'seller') as SellerAction[]).filter((e) => purchaseStep(s, e, now).ok);

const verdictOf = (r: Step<PurchaseState>) => (r.ok ? (r.repeat ? 'repeat' : 'accept') : r.code);

/** Player Bought counts only while the card is reserved and its deadline has not passed (the table plus the deadline rule). */
export const checkBought = (s: PurchaseClock, now: number): 'accept' | 'repeat' | PurchaseReason =>
  verdictOf(purchaseStep(s, 'bought', now)) as 'accept' | 'repeat' | PurchaseReason;

/** Not Bought releases a reserved card; once bought it cannot be cancelled (the table's answer). */
export const checkNotBought = (s: { state: PurchaseState }): 'accept' | 'repeat' | 'already_bought' | 'deadline_passed' | 'card_unavailable' =>
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
export function verificationProblem(answer: VerifyAnswer, s: { pickedAt: number; coinsSpent: number }): string | null {
  if (!answer.bought) return answer.reason;
  if (!Number.isFinite(answer.boughtAt) || answer.boughtAt < s.pickedAt) return 'bought_before_pick';
  if (answer.price !== s.coinsSpent) return 'price_mismatch';
  return null;
}
