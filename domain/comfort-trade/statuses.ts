/** What a seller reads of a comfort run: its statuses and error sub-states with the specification's guidance (section 4). */
import { MARKET_LOCKED } from '../messages.js';
import { fillPromises } from '../timing-promises.js';

/**
 * Pending Payment's guidance with its times as placeholders (domain/timing-promises.ts): the web
 * dictionaries take this, the API's English view the filled text below.
 */
export const PENDING_PAYMENT_GUIDANCE = 'Paid on schedule. The account review takes about {{reviewHours}} hours after the transfer is completed; then the income is added to your available balance.';

/** The run status a seller sees (specification section 4), plus `cancelled` for a run closed without income. */
export const COMFORT_STATUSES = [
  'transferring', 'transfer_completed', 'pending_payment', 'paid', 'error', 'payment_error', 'cancelled',
] as const;
export type ComfortStatus = (typeof COMFORT_STATUSES)[number];

/**
 * The status's name and guidance. Each guidance starts with the specification's own words (section
 * 4, first letter capitalised); any help of ours follows them. Pending Payment says what this system
 * does (the review, `reviewMs`, about 24 hours): the specification's "3-7 days" contradicted its own
 * "within 24 hours of completion time" and is promised nowhere (domain/timing-promises.ts).
 */
export const STATUS_TEXT: Readonly<Record<ComfortStatus, { label: string; guidance: string }>> = {
  transferring: {
    label: 'Transferring',
    guidance: 'Coins being moved: do not log in to your game account, on any console or the web app, until the transfer is completed.',
  },
  transfer_completed: {
    label: 'Transfer Completed',
    guidance: 'May log in; a remainder usually under 50K coins may stay and be sold later.',
  },
  pending_payment: {
    label: 'Pending Payment',
    guidance: fillPromises(PENDING_PAYMENT_GUIDANCE),
  },
  // The specification names Paid without guidance; this sentence is ours.
  paid: { label: 'Paid', guidance: 'Added to your available balance.' },
  error: { label: 'Error', guidance: 'System retries later; can be ignored.' },
  // The specification's words, then how the seller fixes it alone (issue 19: nothing waits for support that the seller can fix).
  payment_error: { label: 'Payment Error', guidance: 'Problem with payment address; contact support. Or save a valid payment method and address in Settings: the payment is then retried at once.' },
  // Our words: the specification shows no status for a run support cancelled or that expired.
  cancelled: { label: 'Cancelled', guidance: 'This run was closed; any coins transferred before are paid as usual.' },
};

/** Who fixes an error sub-state: the seller resubmits login details, or support retries or cancels. */
export type Fixer = 'seller' | 'support';

/** The provider's error sub-states (specification section 4). */
export const ERROR_SUB_STATES = [
  'no_login_verification', 'customer_online', 'wrong_password', 'wrong_backup_codes', 'wrong_gauth',
  'captcha', 'wrong_platform', 'no_club', 'tradepile_full', 'market_locked',
] as const;
export type ErrorSubState = (typeof ERROR_SUB_STATES)[number];

/**
 * Sub-states of the run itself: a plain provider error, retries run out, the seller did not fix in
 * time, support cancelled, the payment retried after the seller saved payout details.
 */
export type RunSubState = 'provider_error' | 'retries_exhausted' | 'expired' | 'cancelled' | 'payment_retry' | 'none';
/** The `ProcessSubState` search attribute and the record's sub-state. */
export type ComfortSubState = ErrorSubState | RunSubState;

/** Each error sub-state's name, guidance (starting with the specification's words, section 4) and who may fix it. */
export const SUB_STATE_TEXT: Readonly<Record<ErrorSubState, { label: string; guidance: string; fixer: Fixer }>> = {
  no_login_verification: {
    label: 'No Login Verification',
    guidance: 'Enable login verification, get 6 new backup codes, then resubmit.',
    fixer: 'seller',
  },
  customer_online: {
    label: 'Customer Online',
    guidance: 'Logged in on console or web app; log out everywhere and tell support.',
    fixer: 'support',
  },
  wrong_password: { label: 'Wrong Account/Password', guidance: 'Resubmit: the game did not accept this account and password.', fixer: 'seller' },
  wrong_backup_codes: { label: 'Wrong Backup Codes', guidance: 'Incorrect or expired; resubmit with 6 new backup codes.', fixer: 'seller' },
  // The specification names Wrong Gauth and No Club without guidance; these sentences are ours.
  wrong_gauth: { label: 'Wrong Gauth', guidance: 'The authSecret (authenticator key) is wrong; please resubmit.', fixer: 'seller' },
  captcha: { label: 'Captcha', guidance: 'Solve in web app, then contact support. The game shows the captcha when you log in to its web app.', fixer: 'support' },
  wrong_platform: { label: 'Wrong Platform', guidance: 'Contact support to cancel and resubmit.', fixer: 'support' },
  no_club: { label: 'No Club', guidance: 'This game account has no club; please contact support.', fixer: 'support' },
  tradepile_full: { label: 'Tradepile Full', guidance: 'Clear it, notify support. Empty the tradepile (transfer list) in the game first.', fixer: 'support' },
  // Section 4's words, then the transfer-market message the specification gives (section 9).
  market_locked: { label: 'Market Locked', guidance: `No transfer market access; contact support. ${MARKET_LOCKED}`, fixer: 'support' },
};

/** Guidance of the run's own sub-states (our words; the specification is silent). */
export const RUN_SUB_STATE_TEXT: Readonly<Record<Exclude<RunSubState, 'none'>, { label: string; guidance: string }>> = {
  provider_error: { label: 'Error', guidance: STATUS_TEXT.error.guidance },
  retries_exhausted: { label: 'Error', guidance: 'The system could not finish the transfer; support has been notified.' },
  expired: { label: 'Expired', guidance: 'New login details did not arrive in time; the run was closed.' },
  cancelled: { label: 'Cancelled', guidance: 'Support cancelled this run.' },
  payment_retry: { label: 'Transfer Completed', guidance: 'Your payment details were saved; the payment is being retried.' },
};

export const isErrorSubState = (s: string): s is ErrorSubState => (ERROR_SUB_STATES as readonly string[]).includes(s);

/** The guidance a record shows for a status and sub-state: the sub-state's when it has one. */
export function guidanceOf(status: ComfortStatus, subState: ComfortSubState): string {
  if (isErrorSubState(subState)) return SUB_STATE_TEXT[subState].guidance;
  if (subState !== 'none') return RUN_SUB_STATE_TEXT[subState].guidance;
  return STATUS_TEXT[status].guidance;
}
