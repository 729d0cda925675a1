/**
 * Comfort trade: the seller hands over game web-app login details and the provider transfers the
 * coins out. The run's transition table, its statuses and error sub-states with the specification's
 * guidance, the submission schema, the one-click paste parser and the batch rules. Pure: no I/O;
 * the workflow, the API and the web pages all read this module.
 */
import { object, optional, Struct, type Infer } from 'superstruct';
import { COMFORT_BATCH_MAX, COMFORT_MIN_COINS } from './timing.js';
import {
  AUTH_SECRET_MESSAGE, backupCodeMessage, CHOOSE_OPTION, DUPLICATE_ACCOUNT, EMAIL_FORMAT, INVALID_VALUE, MARKET_LOCKED, MIN_COINS_MESSAGE, REQUIRED, tooLong,
} from './messages.js';
import { codedField } from './message-codes.js';
import { choiceField, emailField, secretField } from './fields.js';
import { PLATFORMS, coinsToCents, priceFor, type Platform, type PriceTable } from './pricing.js';
import type { ProcessTable, Decision, Actor, ActionArgs } from './process.js';
import { processDef, processWorkflowId, queryDef, signalDef, updateDef } from './contracts.js';
import { allowedEvents, isFinal } from './process.js';
import { field, validate, type ValidationResult } from './validation.js';
import type { FieldError } from './errors.js';

export { COMFORT_BATCH_MAX, COMFORT_MIN_COINS };
export { AUTH_SECRET_MESSAGE, DUPLICATE_ACCOUNT, MIN_COINS_MESSAGE };
export { PLATFORMS, type Platform };

// ---------------------------------------------------------------------------------------------
// Statuses and error sub-states (specification section 4)

/** The run status a seller sees (specification section 4), plus `cancelled` for a run closed without income. */
export const COMFORT_STATUSES = [
  'transferring', 'transfer_completed', 'pending_payment', 'paid', 'error', 'payment_error', 'cancelled',
] as const;
export type ComfortStatus = (typeof COMFORT_STATUSES)[number];

/**
 * The status's name and guidance. Each guidance starts with the specification's own words (section
 * 4, first letter capitalised); any help of ours follows them. Pending Payment keeps the
 * specification's "3-7 days" as the outer bound and says what this system does within it (the
 * review, `reviewMs`, about 24 hours; docs/comfort-trade.md "Pending Payment wording").
 */
export const STATUS_TEXT: Readonly<Record<ComfortStatus, { label: string; guidance: string }>> = {
  transferring: {
    label: 'Transferring',
    guidance: 'Coins being moved; the seller must not log in. Stay logged out of your game account on every console and the web app until the transfer is completed.',
  },
  transfer_completed: {
    label: 'Transfer Completed',
    guidance: 'May log in; a remainder usually under 50K coins may stay and be sold later.',
  },
  pending_payment: {
    label: 'Pending Payment',
    guidance: 'Paid on schedule, 3-7 days at the latest. The account review takes about 24 hours; then the income is added to your available balance.',
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

// ---------------------------------------------------------------------------------------------
// The run's process

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

/** The form's button, in the specification's words (section 2); the page capitalises the first letter like every button. */
export const SELL_NOW = 'sell now';

export const RESUBMIT_NOT_NEEDED = 'This run does not need new login details now.';

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
 * The comfort sell record's status filter: all, every status, or `settled` (Paid runs whose income a
 * paid withdrawal has wholly paid out; they stay under Paid too, marked Settled).
 */
export const COMFORT_FILTERS = ['all', ...COMFORT_STATUSES, 'settled'] as const;
export type ComfortFilter = (typeof COMFORT_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// Timings

const HOUR_MS = 3_600_000;

/** The run's durations; deployments configure them, tests shorten them. */
export interface ComfortTimings {
  /** Frozen review of the credited income before it becomes available (specification: about 24 hours). */
  reviewMs: number;
  /** A run waiting for new login details closes after this long (our rule: 72 hours). */
  sellerFixMs: number;
  /** How often the watching activity asks the provider for progress while transferring. */
  pollMs: number;
  /** One watch lasts at most this long before the workflow looks again (bounds history growth and cancel latency). */
  watchMs: number;
  /** Plain provider errors: attempts before the run waits for support, and the backoff between them. */
  errorRetries: number;
  retryInitialMs: number;
  retryMaxMs: number;
}

export const DEFAULT_COMFORT_TIMINGS: Readonly<ComfortTimings> = {
  reviewMs: 24 * HOUR_MS,
  sellerFixMs: 72 * HOUR_MS,
  pollMs: 30_000,
  watchMs: 5 * 60_000,
  errorRetries: 5,
  retryInitialMs: 60_000,
  retryMaxMs: 30 * 60_000,
};

/** The wait before retry `attempt` (1-based) after a plain error: doubling, capped. */
export const retryDelayMs = (t: Pick<ComfortTimings, 'retryInitialMs' | 'retryMaxMs'>, attempt: number): number =>
  Math.min(t.retryMaxMs, t.retryInitialMs * 2 ** Math.max(0, attempt - 1));

// ---------------------------------------------------------------------------------------------
// The submission

/** How long the seller lets the provider use the account (specification: at least about 12 hours, transfer about 2 days). */
export const TRANSFER_TIMES = ['12h', '24h', '48h', '72h'] as const;
export type TransferTime = (typeof TRANSFER_TIMES)[number];
export const DEFAULT_TRANSFER_TIME: TransferTime = '48h';
export const transferTimeMs = (t: TransferTime): number => Number.parseInt(t, 10) * HOUR_MS;

export const BACKUP_CODE_COUNT = 6;
export const BACKUP_CODE_PATTERN = /^\d{8}$/;
export const AUTH_SECRET_LENGTH = 16;

// Our words where the specification gives no sentence.
export const BATCH_TOO_LARGE = 'At most 50 accounts per file; please contact support first for larger batches';
export const BATCH_EMPTY = 'The file holds no accounts';
export const FILE_UNREADABLE = 'This file cannot be read; please use the CSV or XLSX template';
export const FILE_TYPE = 'Please upload the CSV or XLSX template';
export const RUN_NOT_FOUND = 'This comfort trade was not found';
export const COMFORT_UNAVAILABLE = 'Comfort trade is not available right now, please try again later';

export type LoginMethod = 'backup_codes' | 'auth_secret';

/** Whole coins typed as a number or digits (thousands separators and spaces tolerated). */
const coinsCoercer = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const text = value.replace(/[\s,_]/g, '');
    return text === '' ? '' : /^\d+$/.test(text) ? Number(text) : value;
  }
  return value ?? '';
};
const isWholeCoins = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const coinsField = (): Struct<number, null> =>
  field<number>('coins', [isWholeCoins, REQUIRED], [[(n) => n >= COMFORT_MIN_COINS, MIN_COINS_MESSAGE]], coinsCoercer);

/** Backup code text: digits only, spaces the seller may have pasted removed. */
export const normalizeCode = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, '') : '');
/** authSecret text: spaces removed, upper case (authenticator apps show it grouped and in either case). */
export const normalizeAuthSecret = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : '');
export const isBackupCode = (code: string): boolean => BACKUP_CODE_PATTERN.test(code);
// A TOTP key is base32 (A-Z, 2-7).
export const isAuthSecret = (secret: string): boolean => /^[A-Z2-7]{16}$/.test(secret);

const base = object({
  platform: choiceField(PLATFORMS, CHOOSE_OPTION),
  coinAmount: coinsField(),
  transferTime: choiceField(TRANSFER_TIMES, CHOOSE_OPTION),
  email: emailField(REQUIRED),
  password: secretField(REQUIRED, 128),
  loginMethod: optional(field<LoginMethod>('loginMethod', [(v): v is LoginMethod => v === 'backup_codes' || v === 'auth_secret', CHOOSE_OPTION])),
  backupCodes: optional(field<unknown[]>('codes', [(v): v is unknown[] => Array.isArray(v), INVALID_VALUE])),
  authSecret: optional(field<string>('authSecret', [(v): v is string => typeof v === 'string', AUTH_SECRET_MESSAGE])),
});

/** Which second factor a submission uses: the named one, else the authSecret when only it is filled. */
export function loginMethodOf(input: { loginMethod?: unknown; backupCodes?: unknown; authSecret?: unknown }): LoginMethod {
  if (input.loginMethod === 'backup_codes' || input.loginMethod === 'auth_secret') return input.loginMethod;
  const codes = Array.isArray(input.backupCodes) ? input.backupCodes.map(normalizeCode) : [];
  return normalizeAuthSecret(input.authSecret) !== '' && codes.every((c) => c === '') ? 'auth_secret' : 'backup_codes';
}

/** The second-factor rule, one message per bad code (field `backupCodes.<0-5>`) or on `authSecret`. */
export function credentialProblems(input: { loginMethod?: unknown; backupCodes?: unknown; authSecret?: unknown }): FieldError[] {
  if (loginMethodOf(input) === 'auth_secret') {
    return isAuthSecret(normalizeAuthSecret(input.authSecret)) ? [] : [codedField({ field: 'authSecret', message: AUTH_SECRET_MESSAGE })];
  }
  const codes = Array.isArray(input.backupCodes) ? input.backupCodes : [];
  const problems: FieldError[] = [];
  for (let i = 0; i < BACKUP_CODE_COUNT; i++) {
    if (!isBackupCode(normalizeCode(codes[i]))) problems.push(codedField({ field: `backupCodes.${i}`, message: backupCodeMessage(i + 1) }));
  }
  return problems;
}

/** The form's fields as the schema checks them (the second factor is checked by `credentialProblems`). */
export const ComfortSubmissionBase = base;

/** A checked submission: the second factor normalized, exactly one of codes or authSecret. */
export interface ComfortSubmission {
  platform: Platform;
  coinAmount: number;
  transferTime: TransferTime;
  email: string;
  password: string;
  loginMethod: LoginMethod;
  backupCodes: string[] | null;
  authSecret: string | null;
}
export type ComfortSubmissionFields = Infer<typeof base>;

/** Checks one submission (form, API or file row): every bad field answered in the specification's words. */
export function validateSubmission(input: unknown): ValidationResult<ComfortSubmission> {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const checked = validate(base, raw);
  const second = credentialProblems(raw);
  const errors = [...(checked.ok ? [] : checked.errors.filter((e) => !e.field.startsWith('backupCodes') && e.field !== 'authSecret')), ...second];
  if (!checked.ok || errors.length) return { ok: false, errors };
  const method = loginMethodOf(raw);
  const v = checked.value;
  return {
    ok: true,
    value: {
      platform: v.platform, coinAmount: v.coinAmount, transferTime: v.transferTime, email: v.email, password: v.password,
      loginMethod: method,
      backupCodes: method === 'backup_codes' ? (raw.backupCodes as unknown[]).slice(0, BACKUP_CODE_COUNT).map(normalizeCode) : null,
      authSecret: method === 'auth_secret' ? normalizeAuthSecret(raw.authSecret) : null,
    },
  };
}

/** The login details the provider needs, kept only in the vault (never in history, logs or answers). */
export interface ComfortCredentials {
  email: string;
  password: string;
  backupCodes: string[] | null;
  authSecret: string | null;
}

/** New login details a seller resubmits after a login error (the origin email stays). */
export interface ResubmitInput {
  password?: string;
  backupCodes?: string[];
  authSecret?: string;
  loginMethod?: LoginMethod;
}

/**
 * Checks a resubmission: the password may be left empty (kept), the second factor is required again
 * (used backup codes are never reused).
 */
export function validateResubmit(input: unknown): ValidationResult<{ password: string | null; loginMethod: LoginMethod; backupCodes: string[] | null; authSecret: string | null }> {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const errors = credentialProblems(raw);
  const password = typeof raw.password === 'string' && raw.password !== '' ? raw.password : null;
  if (password !== null && [...password].length > 128) errors.push(codedField({ field: 'password', message: tooLong(128) }));
  if (errors.length) return { ok: false, errors };
  const method = loginMethodOf(raw);
  return {
    ok: true,
    value: {
      password, loginMethod: method,
      backupCodes: method === 'backup_codes' ? (raw.backupCodes as unknown[]).slice(0, BACKUP_CODE_COUNT).map(normalizeCode) : null,
      authSecret: method === 'auth_secret' ? normalizeAuthSecret(raw.authSecret) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One-click paste

/**
 * Reads "1.code 2.code ... 6.code" as pasted from the game's backup-code page: markers `N.` (or
 * `N)`, `N、`) at the start or after white space, codes with any spaces or newlines inside. Without
 * markers, six groups of digits separated by white space or commas are taken in order. Missing codes
 * come back empty so the form shows which one is wrong.
 */
export function parseBackupCodes(text: string): string[] {
  const codes: string[] = Array.from({ length: BACKUP_CODE_COUNT }, () => '');
  const marker = /(^|\s)([1-6])\s*[.)、．]/g;
  const found: { n: number; start: number; end: number }[] = [];
  for (let m = marker.exec(text); m; m = marker.exec(text)) found.push({ n: Number(m[2]), start: m.index + m[1]!.length, end: m.index + m[0].length });
  if (found.length) {
    found.forEach((f, i) => {
      const body = text.slice(f.end, found[i + 1]?.start ?? text.length).replace(/\s+/g, '');
      if (codes[f.n - 1] === '') codes[f.n - 1] = body;
    });
    return codes;
  }
  const groups = text.split(/[\s,;]+/).filter(Boolean);
  groups.slice(0, BACKUP_CODE_COUNT).forEach((g, i) => { codes[i] = g; });
  return codes;
}

// ---------------------------------------------------------------------------------------------
// Money

/** The unit price (euro cents per 100K coins) and estimated income (euro cents) of an amount. */
export function comfortQuote(prices: PriceTable, platform: Platform, coins: number): { unitPriceCents: number; incomeCents: number } {
  const unitPriceCents = priceFor(prices, platform);
  return { unitPriceCents, incomeCents: coinsToCents(coins, unitPriceCents) };
}

/** Income of the coins actually transferred at the unit price fixed at submission. */
export const comfortIncomeCents = (coinsTransferred: number, unitPriceCents: number): number =>
  coinsToCents(coinsTransferred, unitPriceCents);

// ---------------------------------------------------------------------------------------------
// Batch files

/** Column order of the CSV and XLSX templates; the header row names them. */
export const BATCH_COLUMNS = [
  'platform', 'coinAmount', 'transferTime', 'email', 'password',
  'code1', 'code2', 'code3', 'code4', 'code5', 'code6', 'authSecret',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** An example row of the templates (a fake account). */
export const BATCH_EXAMPLE: Readonly<Record<BatchColumn, string>> = {
  platform: 'ps', coinAmount: '200000', transferTime: '48h', email: 'player@example.com', password: 'Example-Pass1',
  code1: '12345678', code2: '23456789', code3: '34567890', code4: '45678901', code5: '56789012', code6: '67890123', authSecret: '',
};

/** A file row as the submission the schema checks. */
export function rowToInput(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const cell = (k: string) => { const v = row[k]; return v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : String(v); };
  return {
    platform: cell('platform').toLowerCase(),
    coinAmount: cell('coinAmount'),
    transferTime: cell('transferTime').toLowerCase(),
    email: cell('email'),
    // Passwords keep inner spaces but a spreadsheet cell's edges are not part of it.
    password: cell('password'),
    backupCodes: [1, 2, 3, 4, 5, 6].map((n) => cell(`code${n}`)),
    authSecret: cell('authSecret'),
  };
}

/**
 * A bad field of a file: its line (1 is the header, so data starts at 2), column and message, with
 * the message's code and numbers (the line among them) so a client translates it without the words.
 */
export interface RowError extends FieldError {
  line: number;
}

/** Maps a schema field to the file's column name (`backupCodes.2` is `code3`). */
export const columnOf = (fieldName: string): string => {
  const m = /^backupCodes\.(\d)$/.exec(fieldName);
  return m ? `code${Number(m[1]) + 1}` : fieldName;
};

const rowError = (line: number, e: FieldError): RowError => {
  const coded = codedField(e);
  return { ...coded, line, field: columnOf(e.field), data: { ...coded.data, line } };
};

/** Why a whole file is refused: its API code (`batch_invalid` lists the rows), words and numbers. */
export type BatchRefusal = { ok: false; code: 'batch_empty' | 'batch_too_large' | 'batch_invalid'; message: string; errors: RowError[] };

/** Checks a whole file: every bad row and field, by line; the submissions only when all are good. */
export function validateBatch(rows: readonly Readonly<Record<string, unknown>>[]): { ok: true; submissions: ComfortSubmission[] } | BatchRefusal {
  if (rows.length === 0) return { ok: false, code: 'batch_empty', message: BATCH_EMPTY, errors: [] };
  if (rows.length > COMFORT_BATCH_MAX) return { ok: false, code: 'batch_too_large', message: BATCH_TOO_LARGE, errors: [] };
  const submissions: ComfortSubmission[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const r = validateSubmission(rowToInput(row));
    if (!r.ok) {
      for (const e of r.errors) errors.push(rowError(i + 2, e));
      return;
    }
    const key = `${r.value.platform}:${r.value.email}`;
    if (seen.has(key)) errors.push(rowError(i + 2, { field: 'email', message: DUPLICATE_ACCOUNT }));
    seen.add(key);
    submissions.push(r.value);
  });
  return errors.length ? { ok: false, code: 'batch_invalid', message: errors[0]!.message, errors } : { ok: true, submissions };
}

// ---------------------------------------------------------------------------------------------
// The read model

/** One run as the comfort sell record shows it; never holds a secret. */
export interface ComfortRunView {
  runId: string;
  sellerId: string;
  state: ComfortState;
  status: ComfortStatus;
  subState: ComfortSubState;
  waitingFor: Actor | 'nobody';
  /** The guidance the record shows for the status and sub-state. */
  guidance: string;
  platform: Platform;
  /** The game web-app email the coins come from (not a secret; the record lets the seller copy it). */
  originEmail: string;
  loginMethod: LoginMethod;
  transferTime: TransferTime;
  /** Coins the seller offered. */
  coinAmount: number;
  coinsTransferred: number;
  /** Chunks moved successfully / chunks planned, as the provider reports them. */
  successCount: number;
  totalCount: number;
  unitPriceCents: number;
  /** Estimated income of the coins offered (euro cents). */
  estimatedIncomeCents: number;
  /** Income credited for the coins actually transferred (euro cents), once credited. */
  creditedCents: number | null;
  /** Plain-error attempts made so far. */
  attempts: number;
  createdAt: number;
  completedAt: number | null;
  creditedAt: number | null;
  releaseAt: number | null;
  paidAt: number | null;
  /** While the run waits for new login details: when it closes if none arrive (epoch ms); null otherwise. Absent on records written before it existed. */
  fixBy?: number | null;
  /** Actions the seller may take now (`resubmit`). */
  sellerActions: ComfortAction[];
  /** Who decided what and why (support and seller actions, system decisions). */
  decisions: Decision<ComfortEvent>[];
  version: number;
}

/**
 * The view without the vault references a resubmit's decision carries (`data.newRef`): the run needs
 * them to open the new login details, the seller's answers, the read model and live events do not.
 */
export function withoutVaultRefs(view: ComfortRunView): ComfortRunView {
  if (!view.decisions.some((d) => d.data && 'newRef' in d.data)) return view;
  const decisions = view.decisions.map((d) => {
    if (!d.data || !('newRef' in d.data)) return d;
    const { newRef: _ref, ...data } = d.data;
    const { data: _all, ...rest } = d;
    return Object.keys(data).length ? { ...rest, data } : rest;
  });
  return { ...view, decisions };
}

/** A run as the record answers it: the view plus whether its income has been paid out (Settled, docs/withdrawals.md). */
export type ComfortRunRecord = ComfortRunView & { settled: boolean };

/** One change of a run as the record's download lists it for the seller (`GET .../runs/:id/events`). */
export interface RunEventView { at: number; status: ComfortStatus; subState: ComfortSubState; coinsTransferred: number; successCount: number; totalCount: number }

/** Input of the comfort run workflow: fixed at submission; credentials only by vault reference. */
export interface ComfortRunInput {
  runId: string;
  sellerId: string;
  platform: Platform;
  originEmail: string;
  loginMethod: LoginMethod;
  transferTime: TransferTime;
  coinAmount: number;
  unitPriceCents: number;
  /** Vault reference (`secret:<id>`) of the login details. */
  credentialsRef: string;
  createdAt: number;
  timings: ComfortTimings;
}

/** The view a state, sub-state and the run's facts make (the workflow writes it; the API reads it). */
export function viewStatus(state: ComfortState, subState: ComfortSubState): Pick<ComfortRunView, 'state' | 'status' | 'subState' | 'waitingFor' | 'guidance' | 'sellerActions'> {
  const status = STATUS_OF[state];
  return {
    state, status, subState,
    waitingFor: COMFORT_TABLE.states[state].waitsFor ?? 'nobody',
    guidance: guidanceOf(status, subState),
    sellerActions: comfortActions(state, 'seller'),
  };
}

// ---------------------------------------------------------------------------------------------
// The contract: how the API, the support tool and the workflow name the run

/** Who and why (support), and the action's data (`newRef`, the vault reference of resubmitted login details). */
export type ComfortActionArgs = ActionArgs & Record<string, unknown>;

/** The comfort run as clients start it (`comfort-run:<runId>`); its `ProcessStatus` is the status a seller sees. */
export const COMFORT_RUN = processDef<ComfortRunInput>({
  workflowType: 'comfortRunWorkflow', table: COMFORT_TABLE, statusOf: (s) => STATUS_OF[s as ComfortState],
});
export const comfortRunWorkflowId = (runId: string) => processWorkflowId(COMFORT_RUN, runId);

/** The run's updates and query: one name and one argument type for the workflow, the API and the support tool. */
export const COMFORT_UPDATES = {
  /** The seller resubmits login details: `newRef` (in the args) is the vault reference of the new details. */
  resubmit: updateDef<ComfortRunView, [ComfortActionArgs]>('resubmit'),
  /** Support tries again after fixing what the sub-state asked (customer online, captcha...). */
  retry: updateDef<ComfortRunView, [ComfortActionArgs]>('retry'),
  /** Support cancels the run; coins already transferred are still paid. */
  cancel: updateDef<ComfortRunView, [ComfortActionArgs]>('cancel'),
  /** Support resolved a payment error (the seller fixed the payment settings). */
  markResolved: updateDef<ComfortRunView, [ComfortActionArgs]>('markResolved'),
};
/**
 * The seller saved valid payout details: a run in Payment Error tries the payment again. A signal,
 * not an update: the settings save must not wait for a worker, and the server keeps it until one runs.
 */
export const COMFORT_SIGNALS = {
  payoutDetailsSaved: signalDef<[ComfortActionArgs]>('payoutDetailsSaved'),
};
/** The run's live view. */
export const COMFORT_STATUS_QUERY = queryDef<ComfortRunView>('status');
