/** The comfort run's transition table: states, events, who sends them and the status each state shows. */
import { type ProcessTable, type Actor, allowedEvents, isFinal } from '../process.js';
import { type ComfortStatus, type ErrorSubState, COMFORT_STATUSES, SUB_STATE_TEXT } from './statuses.js';
import { RESUBMIT_NOT_NEEDED } from './texts.js';

/**
 * Where a run is:
 * transferring -(progress)-> transferring -(completed)-> transfer_completed -(credit)-> pending_payment -(reviewEnded)-> paid
 * transferring -(failed)-> retrying -(retryDue)-> transferring | -(gaveUp)-> stalled (support)
 * transferring -(needsSeller)-> waiting_seller -(resubmit)-> transferring | -(expire)-> stopped
 * transferring -(needsSupport)-> waiting_support -(retry)-> transferring
 * any error -(cancel)-> stopped -(settle: some coins moved)-> transfer_completed | -(close: none)-> closed
 * transfer_completed -(paymentInvalid)-> payment_error -(payoutDetailsSaved | markResolved)-> transfer_completed
 */
export const COMFORT_STATES = [
  'transferring', 'retrying', 'stalled', 'waiting_seller', 'waiting_support', 'stopped',
  'transfer_completed', 'payment_error', 'pending_payment', 'paid', 'closed',
] as const;
export type ComfortState = (typeof COMFORT_STATES)[number];

export const COMFORT_EVENTS = [
  'progress', 'completed', 'failed', 'needsSeller', 'needsSupport', 'retryDue', 'gaveUp',
  'resubmit', 'retry', 'cancel', 'markResolved', 'expire', 'settle', 'close', 'credit', 'paymentInvalid', 'reviewEnded',
  'payoutDetailsSaved',
] as const;
export type ComfortEvent = (typeof COMFORT_EVENTS)[number];

/** The seller's and support's actions (updates of the run workflow). */
export type ComfortAction = Extract<ComfortEvent, 'resubmit' | 'retry' | 'cancel' | 'markResolved'>;

// The button's and the refusal's words live in ./texts.js so the web's dictionaries read them without this module.
export { SELL_NOW, RESUBMIT_NOT_NEEDED } from './texts.js';

/** The comfort run's transition table: the workflow, the API and the record page all ask it. */
export const COMFORT_TABLE: ProcessTable<ComfortState, ComfortEvent> = {
  kind: 'comfort-run',
  initial: 'transferring',
  events: {
    progress: { by: 'system' },
    completed: { by: 'system' },
    failed: { by: 'system' },
    needsSeller: { by: 'system' },
    needsSupport: { by: 'system' },
    retryDue: { by: 'system' },
    gaveUp: { by: 'system' },
    resubmit: { by: 'seller', refused: { code: 'resubmit_not_needed', message: RESUBMIT_NOT_NEEDED } },
    retry: { by: 'support' },
    cancel: { by: 'support' },
    markResolved: { by: 'support' },
    expire: { by: 'system' },
    settle: { by: 'system' },
    close: { by: 'system' },
    credit: { by: 'system' },
    paymentInvalid: { by: 'system' },
    reviewEnded: { by: 'system' },
    // The API sends it (a signal) to every run in Payment Error when the seller saves valid payout details.
    payoutDetailsSaved: { by: 'seller' },
  },
  states: {
    transferring: {
      on: { progress: 'transferring', completed: 'transfer_completed', failed: 'retrying', needsSeller: 'waiting_seller', needsSupport: 'waiting_support', cancel: 'stopped' },
      // A resubmit or retry that arrives after the run already moved on is a harmless double click.
      repeats: ['resubmit', 'retry'],
      waitsFor: 'system',
    },
    retrying: { on: { retryDue: 'transferring', gaveUp: 'stalled', cancel: 'stopped' }, waitsFor: 'system' },
    stalled: { on: { retry: 'transferring', cancel: 'stopped' }, waitsFor: 'support' },
    waiting_seller: { on: { resubmit: 'transferring', expire: 'stopped', cancel: 'stopped' }, waitsFor: 'seller' },
    waiting_support: { on: { retry: 'transferring', cancel: 'stopped' }, waitsFor: 'support' },
    stopped: { on: { settle: 'transfer_completed', close: 'closed' }, repeats: ['cancel'], waitsFor: 'system' },
    transfer_completed: { on: { credit: 'pending_payment', paymentInvalid: 'payment_error', close: 'closed' }, waitsFor: 'system' },
    // The seller fixes it by saving payout details; support may still mark it resolved.
    payment_error: { on: { payoutDetailsSaved: 'transfer_completed', markResolved: 'transfer_completed' }, waitsFor: 'seller' },
    pending_payment: { on: { reviewEnded: 'paid' }, repeats: ['markResolved'], waitsFor: 'system' },
    paid: { on: {}, waitsFor: null },
    closed: { on: {}, repeats: ['cancel'], waitsFor: null },
  },
};

/** The status a seller sees for a state (sub-states refine `error`). */
export const STATUS_OF: Readonly<Record<ComfortState, ComfortStatus>> = {
  transferring: 'transferring',
  retrying: 'error',
  stalled: 'error',
  waiting_seller: 'error',
  waiting_support: 'error',
  stopped: 'cancelled',
  transfer_completed: 'transfer_completed',
  payment_error: 'payment_error',
  pending_payment: 'pending_payment',
  paid: 'paid',
  closed: 'cancelled',
};

/** The provider event an error sub-state raises: who must act decides where the run waits. */
export const errorEvent = (s: ErrorSubState): ComfortEvent => (SUB_STATE_TEXT[s].fixer === 'seller' ? 'needsSeller' : 'needsSupport');

export const isComfortFinal = (s: ComfortState): boolean => isFinal(COMFORT_TABLE, s);

/** The actions `actor` may take now (the record's buttons and the API's `actions`). */
export const comfortActions = (s: ComfortState, actor: Actor): ComfortAction[] =>
  allowedEvents(COMFORT_TABLE, s, actor).filter((e): e is ComfortAction =>
    e === 'resubmit' || e === 'retry' || e === 'cancel' || e === 'markResolved');

/**
 * The comfort sell record's status filter: all, every status, or `settled` (Paid runs whose income
 * paid withdrawals have wholly paid out, domain/sale-money.ts); `paid` holds the other Paid runs.
 */
export const COMFORT_FILTERS = ['all', ...COMFORT_STATUSES, 'settled'] as const;
export type ComfortFilter = (typeof COMFORT_FILTERS)[number];
