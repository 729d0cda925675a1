/** A comfort trade submission: the form's rules and messages, the one-click paste of backup codes and the quote. */
import { object, optional, Struct, type Infer } from 'superstruct';
import { COMFORT_MIN_COINS } from '../timing.js';
import { AUTH_SECRET_MESSAGE, backupCodeMessage, CHOOSE_OPTION, EMAIL_NOT_ASKED, INVALID_VALUE, MIN_COINS_MESSAGE, REQUIRED, SECOND_FACTOR_NOT_ASKED, tooLong } from '../messages.js';
import { codedField } from '../message-codes.js';
import { choiceField, emailField, secretField } from '../fields.js';
import { PLATFORMS, coinsToCents, priceFor, type Platform, type PriceTable } from '../pricing.js';
import { field, validate, type ValidationResult } from '../validation.js';
import type { FieldError } from '../errors.js';

/** How long the seller lets the provider use the account (specification: at least about 12 hours, transfer about 2 days). */
export const TRANSFER_TIMES = ['12h', '24h', '48h', '72h'] as const;
export type TransferTime = (typeof TRANSFER_TIMES)[number];
export const DEFAULT_TRANSFER_TIME: TransferTime = '48h';
const HOUR_MS = 3_600_000;
export const transferTimeHours = (t: TransferTime): number => Number.parseInt(t, 10);
export const transferTimeMs = (t: TransferTime): number => transferTimeHours(t) * HOUR_MS;

export const BACKUP_CODE_COUNT = 6;
export const BACKUP_CODE_PATTERN = /^\d{8}$/;
export const AUTH_SECRET_LENGTH = 16;

// The refusals' words live in ./texts.js so the web's dictionaries read them without this module.
export { BATCH_TOO_LARGE, BATCH_EMPTY, FILE_UNREADABLE, FILE_TYPE, NOT_TEMPLATE, RUN_NOT_FOUND, COMFORT_UNAVAILABLE } from './texts.js';

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

/** New login details a seller resubmits after a login error: what the run's error asks (`resubmitAsks`). */
export interface ResubmitInput {
  email?: string;
  password?: string;
  backupCodes?: string[];
  authSecret?: string;
  loginMethod?: LoginMethod;
}

/**
 * What "Try again" asks, from the error the run waits on (docs/comfort-trade.md, "Resubmit"):
 * - `login` after Wrong Account/Password: the game refused the login before any backup code was
 *   used, so the email (correctable: a changed email is another game account) and the password are
 *   asked, and the sealed second factor is kept;
 * - `second_factor` after Wrong Backup Codes, Wrong Gauth or No Login Verification: new backup codes
 *   or authSecret; the email stays and an empty password keeps the old one.
 */
export type ResubmitAsks = 'login' | 'second_factor';
export const resubmitAsks = (subState: string): ResubmitAsks => (subState === 'wrong_password' ? 'login' : 'second_factor');

/** A checked resubmission: null keeps what the run has (`email` null: the email stays; the second factor null: the sealed one is kept). */
export interface CheckedResubmit {
  email: string | null;
  password: string | null;
  loginMethod: LoginMethod | null;
  backupCodes: string[] | null;
  authSecret: string | null;
}

const given = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
/** Whether a second-factor field holds anything (a list of empty code boxes does not). */
const factorGiven = (v: unknown): boolean => given(v) && !(Array.isArray(v) && v.every((c) => !given(c)));
const emailOnly = object({ email: emailField(REQUIRED) });

/** What a resubmission's body answers: a second factor when it holds one, else the login. */
export function resubmitShape(input: unknown): ResubmitAsks {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  return (['loginMethod', 'backupCodes', 'authSecret'] as const).some((k) => factorGiven(raw[k])) ? 'second_factor' : 'login';
}

/**
 * Checks a resubmission against what the run's error asks (`run`: its sub-state and current email).
 * A field the error does not ask for is refused on that field in clear words and changes nothing;
 * the same email typed again counts as not given.
 */
export function validateResubmit(input: unknown, run: { subState: string; originEmail: string }): ValidationResult<CheckedResubmit> {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  let email: string | null = null;
  if (given(raw.email)) {
    const checked = validate(emailOnly, { email: raw.email });
    if (!checked.ok) errors.push(...checked.errors);
    else if (checked.value.email !== run.originEmail.toLowerCase()) email = checked.value.email;
  }
  const password = typeof raw.password === 'string' && raw.password !== '' ? raw.password : null;
  if (password !== null && [...password].length > 128) errors.push(codedField({ field: 'password', message: tooLong(128) }));

  if (resubmitAsks(run.subState) === 'login') {
    // The login is what the game refused: a password is always needed (a changed email is a new login, claimed before anything is sealed).
    if (password === null) errors.push(codedField({ field: 'password', message: REQUIRED }));
    for (const name of ['loginMethod', 'backupCodes', 'authSecret'] as const) {
      if (factorGiven(raw[name])) errors.push(codedField({ field: name, message: SECOND_FACTOR_NOT_ASKED }));
    }
    if (errors.length) return { ok: false, errors };
    return { ok: true, value: { email, password, loginMethod: null, backupCodes: null, authSecret: null } };
  }

  if (email !== null) errors.push(codedField({ field: 'email', message: EMAIL_NOT_ASKED }));
  errors.push(...credentialProblems(raw));
  if (errors.length) return { ok: false, errors: errors.filter((e, i) => errors.findIndex((o) => o.field === e.field) === i) };
  const method = loginMethodOf(raw);
  return {
    ok: true,
    value: {
      email: null, password, loginMethod: method,
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
