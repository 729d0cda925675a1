/**
 * Messages from the API and the shared schemas, shown in the current language by their stable
 * code (plus the numbers in `data`), never by their English words: a field error's code is the
 * name of its message in domain/messages; a refusal's code is the API's error code. A code this
 * app does not know shows the server's words as received.
 */
import * as M from '../../../domain/messages';
import type { FieldError } from '../../../domain/errors';
import { HttpError } from './http';

/** A message to show: its code, the server's (English) words as a fallback, and its numbers. */
export interface Msg {
  code?: string;
  text: string;
  data?: Readonly<Record<string, unknown>>;
}

type MessageName = { [K in keyof typeof M]: (typeof M)[K] extends string ? K : never }[keyof typeof M];

/** One of our own messages (e.g. a success the page knows it reached), by its name in domain/messages. */
export const msg = (name: MessageName): Msg => ({ code: name, text: M[name] });

/** "Something went wrong": a failure without words of its own. */
export const GENERIC: Msg = { code: 'internal', text: 'Something went wrong, please try again' };

/** The form-level message for "the server cannot be reached". */
export const NETWORK: Msg = { code: 'network', text: '' };

// API error codes whose words live among the account messages.
const ACCOUNT_KEY: Readonly<Record<string, string>> = {
  invalid_credentials: 'SIGN_IN_FAILED',
  email_taken: 'EMAIL_TAKEN',
  username_taken: 'USERNAME_TAKEN',
  username_already_set: 'USERNAME_ALREADY_SET',
  csrf: 'SESSION_CSRF',
  cross_site: 'SESSION_CSRF',
  email_unverified: 'EMAIL_NOT_VERIFIED',
  reauth_required: 'REAUTH_REQUIRED',
  google_unavailable: 'GOOGLE_UNAVAILABLE',
  google_failed: 'GOOGLE_FAILED',
  unauthenticated: 'LOG_IN_TO_VIEW',
  resend_wait: 'resendWait',
  rate_limited: 'tooMany',
  password_changed_meanwhile: 'changedMeanwhile',
  internal: 'generic',
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

// Where a code's words live: field messages by their name in domain/messages (accounts, then comfort),
// then withdrawals (amount messages and refusals such as payment_details_changed), then the API's
// refusal codes (shared, comfort, purchase reasons), then webhook and notification field messages and refusals.
const PLACES = ['comfort.msg', 'withdraw.msg', 'errors', 'comfort.codes', 'player.reasons', 'webhooks.codes', 'notifications.codes'] as const;

/** The message in the current language, by its code; the server's words when the code is unknown. */
export function translateMessage(t: Translate, message: Msg): string {
  const { code, data, text } = message;
  if (!code) return text;
  const params = data ? { ...data } : undefined;
  const own = t(`account.msg.${ACCOUNT_KEY[code] ?? code}`, params);
  if (own) return own;
  for (const place of PLACES) {
    const words = t(`${place}.${code}`, params);
    if (words) return words;
  }
  return text;
}

/** An API error (code, message, fields, data) in the current language, by its code. */
export function translateError(t: Translate, error: WireError): string {
  return translateMessage(t, summaryOf(error));
}

/** Seconds a "please wait" refusal asks for (from its data), or null. */
export function waitSecondsOf(message: Msg): number | null {
  const seconds = message.data?.seconds;
  return message.code === 'resend_wait' && typeof seconds === 'number' ? seconds : null;
}

export interface ApiFailure {
  /** The message for the whole form. */
  message: Msg;
  /** Messages by field name. */
  fields: Record<string, Msg>;
  status: number;
}

type WireField = FieldError;

/** The API's error answer as it arrives. */
export interface WireError {
  code?: string;
  message?: string;
  fields?: readonly WireField[];
  data?: Readonly<Record<string, unknown>>;
}

const fieldMsg = (f: WireField): Msg => ({ code: f.code, text: f.message, data: f.data });

// A refusal of input is summed up by its first field's message (DomainError.invalidFields says so).
function summaryOf(error: WireError | undefined): Msg {
  const first = error?.fields?.[0];
  // A field that only repeats the refusal's words (no code of its own) is the refusal: its code translates it.
  if (first && !first.code && first.message === error?.message) return { code: error.code, text: first.message, data: error.data };
  if (first) return fieldMsg(first);
  return { code: error?.code, text: error?.message ?? M.INVALID_VALUE, data: error?.data };
}

/** What a failed API call says: its field errors and summary (a network failure has status 0). */
export function failureOf(err: unknown): ApiFailure {
  if (err instanceof HttpError) {
    const error = (err.body as { error?: WireError } | null)?.error;
    const fields: Record<string, Msg> = {};
    for (const f of error?.fields ?? []) fields[f.field] ??= fieldMsg(f);
    return { message: summaryOf(error), fields, status: err.status };
  }
  return { message: NETWORK, fields: {}, status: 0 };
}
