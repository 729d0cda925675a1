/**
 * Withdrawals in the browser: the server's configuration (minimum, fee table, waits), the seller's
 * payout details, and messages by code. A message is shown by its stable code (a field error's code
 * is the name of its words in domain/messages, a refusal's is the API's error code) and its numbers,
 * never by reading English; an unknown code shows the server's words as received.
 */
import type { PaymentMethod } from '../../../domain/account-schemas';
import type { FeeTable, Quote } from '../../../domain/withdrawal';
import * as M from '../../../domain/messages';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { resolveLocation } from '../routes';
import { HttpError } from './http';
import { api } from './player-trade';

/** What the server configures for withdrawals (GET /api/withdrawals/config). */
export interface WithdrawalConfig {
  minimumCents: number;
  fees: FeeTable;
  payoutTime: string;
  resendWaitSeconds: number;
  codeTtlSeconds: number;
}

/** The seller's payout details as saved in settings. */
export interface PayoutSettings {
  paymentMethod: PaymentMethod;
  paymentAddress: string;
  currency: string;
  trueName: string;
}

export const loadWithdrawalConfig = () => api<WithdrawalConfig>('/api/withdrawals/config');
export const loadPayoutSettings = async (): Promise<PayoutSettings | null> =>
  (await api<{ settings: PayoutSettings | null }>('/api/member/settings')).settings;

/** Payout providers go by their brand names in every language. */
export const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  payoneer: 'Payoneer',
  'payoneer-wallet': 'Payoneer Wallet',
  skrill: 'Skrill',
  alipay: 'Alipay',
  'usdt-trc20': 'USDT (TRC20)',
};

/** A message to show: its code, the server's words as a fallback, and its numbers (same shape as lib/messages' `Msg`). */
export interface Msg {
  code?: string;
  text: string;
  data?: Readonly<Record<string, unknown>>;
}

type MessageName = { [K in keyof typeof M]: (typeof M)[K] extends string ? K : never }[keyof typeof M];

/** One of our own messages by its name in domain/messages: the code a field error carries. */
export const msg = (name: MessageName): Msg => ({ code: name, text: M[name] });

/** What the API sends for one field: its words, and (with the code-based messages) its code and numbers. */
interface WireField { field: string; message: string; code?: string; data?: Readonly<Record<string, unknown>> }

// API error codes whose words live among the account messages.
const ACCOUNT_KEY: Readonly<Record<string, string>> = {
  resend_wait: 'resendWait',
  rate_limited: 'tooMany',
  unauthenticated: 'LOG_IN_TO_VIEW',
  csrf: 'SESSION_CSRF',
  internal: 'generic',
  network: 'network',
};

// Refusal codes of the withdrawal API that say what one of our messages says.
const SAME_AS: Readonly<Record<string, string>> = {
  code_invalid: 'CODE_INVALID',
  email_not_account: 'EMAIL_NOT_ACCOUNT',
  insufficient_balance: 'AMOUNT_ABOVE_AVAILABLE',
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The message in the current language by its code; the server's words when the code is unknown. */
export function say(t: Translate, m: Msg): string {
  if (!m.code) return m.text;
  const params = m.data ? { ...m.data } : undefined;
  const code = SAME_AS[m.code] ?? m.code;
  return t(`withdraw.msg.${code}`, params) || t(`account.msg.${ACCOUNT_KEY[code] ?? code}`, params) || m.text;
}

export interface WithdrawFailure {
  /** The refusal as a whole (its code is the API's error code). */
  message: Msg;
  /** Field errors by field name. */
  fields: Record<string, Msg>;
  status: number;
}

/** What a failed call says, by code: its field errors and the refusal (a network failure has status 0). */
export function withdrawFailure(err: unknown): WithdrawFailure {
  if (!(err instanceof HttpError)) return { message: { code: 'network', text: '' }, fields: {}, status: 0 };
  const e = (err.body as { error?: { code?: string; message?: string; fields?: WireField[]; data?: Record<string, unknown> } } | null)?.error;
  const fields: Record<string, Msg> = {};
  // A refusal about one field names it by the refusal's code when the field carries none of its own.
  const single = e?.fields?.length === 1 ? e.code : undefined;
  for (const f of e?.fields ?? []) fields[f.field] ??= { code: f.code ?? single, text: f.message, data: f.data };
  return { message: { code: e?.code ?? String(err.status), text: e?.message ?? '', data: e?.data }, fields, status: err.status };
}

/** The provider's rate as a formula, the same in every language: "1 EUR = 1.0790 USDT". */
export const rateText = (q: Quote): string => `1 EUR = ${q.rate} ${q.currency}`;

/** Euro text typed by the seller ("30", "30.5", "30,50") in cents; null when it is not such an amount. */
export function centsOf(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Runs `onShown` each time the app shows `path` again: pages stay mounted (keep-alive), so payout
 * details changed in settings meanwhile are read again when the seller comes back.
 */
export function useOnShown(path: string, onShown: () => void): void {
  const [location] = useLocation();
  const shown = resolveLocation(location).path === path;
  const cb = useRef(onShown);
  cb.current = onShown;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (shown) cb.current();
  }, [shown]);
}
