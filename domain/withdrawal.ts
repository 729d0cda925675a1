/**
 * Withdrawals: the transition table, fees, limits, address checks, failure reasons and the read
 * model shared by the workflow, the API and the pages. Pure: no I/O. Money is integer euro cents.
 */
import type { PaymentMethod } from './account-schemas.js';
import {
  ALIPAY_ACCOUNT, AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, AMOUNT_WHOLE_CENTS, CODE_REQUIRED, EMAIL_FORMAT, PAYMENT_ADDRESS_REQUIRED, TRUE_NAME_REQUIRED,
  USDT_TRC20_ADDRESS,
} from './messages.js';
import type { ActionArgs, Decision, ProcessTable } from './process.js';
import { processDef, processWorkflowId, queryDef, updateDef } from './contracts.js';
import { isAlipayAccount, isPayoutEmail, isTronAddress } from './payout-address.js';

export const WITHDRAWAL_KIND = 'withdrawal';
export const WITHDRAWAL_UPDATED = 'withdrawal:updated';

/** The specification's words (sections 4 and 8). */
export const WITHDRAWAL_SENT = 'Withdrawal request has been sent successfully';
export const MINIMUM_WITHDRAWAL_CENTS = 2000;
/** Section 9, for the balance page: "Payout within 3 days / 72 hours of request (longer on holidays); processing 24-48 hours with verification". */
export const PAYOUT_TIME_TEXT = 'within 3 days / 72 hours of request (longer on holidays)';
export const PROCESSING_TIME_TEXT = '24-48 hours with verification';
/** Refusals of a request (by their API codes already_sent, payment_details_changed, quote_expired, quote_unavailable). */
export const ALREADY_SENT = 'This withdrawal request has already been sent';
export const DETAILS_CHANGED = 'Your payment details changed after the code was sent. Please request a new code to confirm the new details.';
export const QUOTE_EXPIRED = 'The locked exchange rate has expired. Please request a new code for a new rate.';
/** A Payoneer method pays the account the seller bound by consent at Payoneer, so a binding is needed first. */
export const PAYONEER_NOT_BOUND = 'Please bind your Payoneer account in settings before withdrawing to Payoneer';
/** Payoneer and Payoneer Wallet pay the bound payee, not an address typed into settings. */
export const paysBoundPayee = (method: string): boolean => method === 'payoneer' || method === 'payoneer-wallet';
export const QUOTE_UNAVAILABLE = 'The exchange rate cannot be quoted right now, please try again in a few minutes';

// ---------------------------------------------------------------------------------------------
// The process

/**
 * checking (balance being moved to pending payout) -> sent (request sent) -> in_progress (payment
 * in progress at the provider) -> paid | failed. Not confirmed in time -> delayed (support is
 * told, the seller sees "delayed"); the provider unreachable after its retries -> needs_support.
 * checking -> refused when the available balance is not enough (nothing moved).
 */
export type WithdrawalState = 'checking' | 'refused' | 'sent' | 'in_progress' | 'delayed' | 'needs_support' | 'paid' | 'failed';
export type WithdrawalEvent =
  | 'debited' | 'debitRefused' | 'payoutCreated' | 'providerDown'
  | 'providerConfirmed' | 'providerFailed' | 'overdue'
  | 'supportRetry' | 'supportMarkPaid' | 'supportReturnMoney';

const SUPPORT_ON = { supportRetry: 'in_progress', supportMarkPaid: 'paid', supportReturnMoney: 'failed' } as const;
const PROVIDER_ON = { providerConfirmed: 'paid', providerFailed: 'failed' } as const;

export const WITHDRAWAL_TABLE: ProcessTable<WithdrawalState, WithdrawalEvent> = {
  kind: WITHDRAWAL_KIND,
  initial: 'checking',
  events: {
    debited: { by: 'system' },
    debitRefused: { by: 'system' },
    payoutCreated: { by: 'system' },
    providerDown: { by: 'system' },
    providerConfirmed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    providerFailed: { by: 'system', refused: { code: 'payout_not_open', message: 'This payout is no longer waiting for the provider' } },
    overdue: { by: 'system' },
    supportRetry: { by: 'support', refused: { code: 'not_retryable', message: 'Only a delayed or stuck payout can be retried' } },
    supportMarkPaid: { by: 'support', refused: { code: 'not_open', message: 'Only an unfinished payout can be marked paid' } },
    supportReturnMoney: { by: 'support', refused: { code: 'not_open', message: 'Only an unfinished payout can return the money' } },
  },
  states: {
    checking: { on: { debited: 'sent', debitRefused: 'refused' }, waitsFor: 'system' },
    refused: { on: {}, waitsFor: null },
    // A callback may overtake the answer to the creation itself.
    sent: { on: { payoutCreated: 'in_progress', ...PROVIDER_ON, providerDown: 'needs_support' }, waitsFor: 'system' },
    in_progress: { on: { ...PROVIDER_ON, overdue: 'delayed', providerDown: 'needs_support' }, waitsFor: 'system', repeats: ['payoutCreated', 'supportRetry'] },
    delayed: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['overdue'] },
    needs_support: { on: { ...PROVIDER_ON, ...SUPPORT_ON }, waitsFor: 'support', repeats: ['providerDown'] },
    // A confirmation delivered twice changes nothing; a late one after the money returned is refused.
    paid: { on: {}, waitsFor: null, repeats: ['providerConfirmed', 'supportMarkPaid'] },
    failed: { on: {}, waitsFor: null, repeats: ['providerFailed', 'supportReturnMoney'] },
  },
};

/** The status a seller reads (specification section 4: request sent, payment in progress, paid). */
export type WithdrawalStatusLabel = 'request_sent' | 'in_progress' | 'delayed' | 'paid' | 'failed';
export const STATUS_TEXT: Readonly<Record<WithdrawalStatusLabel, string>> = {
  request_sent: 'Request sent',
  in_progress: 'Payment in progress',
  delayed: 'Payment in progress (delayed)',
  paid: 'Paid',
  failed: 'Failed',
};

export function statusLabel(s: WithdrawalState): WithdrawalStatusLabel {
  switch (s) {
    case 'checking': case 'sent': return 'request_sent';
    case 'in_progress': return 'in_progress';
    case 'delayed': case 'needs_support': return 'delayed';
    case 'paid': return 'paid';
    case 'failed': case 'refused': return 'failed';
  }
}

/** The `ProcessSubState` search attribute: support filters `delayed` and `provider_down`. */
export const subStateOf = (s: WithdrawalState): string =>
  s === 'delayed' ? 'delayed' : s === 'needs_support' ? 'provider_down' : 'none';

// ---------------------------------------------------------------------------------------------
// Failure reasons, in words a seller understands

export const FAILURE_REASONS = ['wrong_address', 'unverified_account', 'receive_only_hold', 'provider_rejected', 'rate_expired', 'returned_by_support'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_TEXT: Readonly<Record<FailureReason, string>> = {
  wrong_address: 'The payment address is wrong: no account was found for it. Please correct your payment address in settings and withdraw again; the money is back in your available balance.',
  unverified_account: 'Your PayPal account is not verified, so it cannot receive this payment. Please verify it with PayPal and withdraw again; the money is back in your available balance.',
  receive_only_hold: 'Your PayPal account can only receive money and would hold this payment for up to 21 days. Please lift the limit with PayPal or choose another method; the money is back in your available balance.',
  provider_rejected: 'The payout provider refused this payment. The money is back in your available balance; please contact support.',
  rate_expired: 'The exchange rate locked for this payout expired before the payment could be made. The money is back in your available balance; please request the withdrawal again for a new rate.',
  returned_by_support: 'Support cancelled this payout and returned the money to your available balance.',
};
export const isFailureReason = (s: unknown): s is FailureReason => FAILURE_REASONS.includes(s as FailureReason);
/** The provider's refusals of a payout request that mean the locked rate is gone (the seller can simply request again). */
export const RATE_GONE_REFUSALS: readonly string[] = ['quote_expired', 'quote_unknown'];

// ---------------------------------------------------------------------------------------------
// Fees (configuration)

/** One threshold: from `fromCents` on (inclusive), the fee is `fixedCents` plus `bps` hundredths of a percent. */
export interface FeeTier { fromCents: number; fixedCents: number; bps: number }
export interface MethodFees { tiers: readonly FeeTier[]; handlingFeeCents: number }
export type FeeTable = Readonly<Record<PaymentMethod, MethodFees>>;

/** The default threshold table; operators override it in configuration (WITHDRAWAL_FEES_JSON). */
export const DEFAULT_FEE_TABLE: FeeTable = {
  // PayPal's fee is borne by the seller (specification section 1).
  paypal: { tiers: [{ fromCents: 2000, fixedCents: 35, bps: 340 }, { fromCents: 20000, fixedCents: 35, bps: 290 }, { fromCents: 100000, fixedCents: 0, bps: 250 }], handlingFeeCents: 50 },
  alipay: { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 100 }, { fromCents: 50000, fixedCents: 0, bps: 100 }], handlingFeeCents: 50 },
  payoneer: { tiers: [{ fromCents: 2000, fixedCents: 300, bps: 0 }, { fromCents: 20000, fixedCents: 150, bps: 0 }, { fromCents: 100000, fixedCents: 0, bps: 0 }], handlingFeeCents: 50 },
  'payoneer-wallet': { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 0 }, { fromCents: 50000, fixedCents: 0, bps: 0 }], handlingFeeCents: 50 },
  skrill: { tiers: [{ fromCents: 2000, fixedCents: 0, bps: 145 }, { fromCents: 100000, fixedCents: 0, bps: 100 }], handlingFeeCents: 50 },
  'usdt-trc20': { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 0 }], handlingFeeCents: 50 },
};

export interface Fees { amountCents: number; feeCents: number; handlingFeeCents: number; totalPayoutCents: number }

/** The fee (tier by amount, rounded half up), the handling fee and what the seller receives, in euro cents. */
export function feesFor(table: FeeTable, method: PaymentMethod, amountCents: number): Fees {
  const m = table[method];
  const tier = [...m.tiers].sort((a, b) => b.fromCents - a.fromCents).find((t) => amountCents >= t.fromCents) ?? m.tiers[0]!;
  const feeCents = tier.fixedCents + Math.floor((amountCents * tier.bps + 5000) / 10000);
  return { amountCents, feeCents, handlingFeeCents: m.handlingFeeCents, totalPayoutCents: amountCents - feeCents - m.handlingFeeCents };
}

/**
 * Problems of an operator's fee table (checked at start-up; it may come from WITHDRAWAL_FEES_JSON, so
 * any shape): every method, whole non-negative tiers and handling fee, payout left at the minimum.
 */
export function feeTableProblems(table: FeeTable, methods: readonly PaymentMethod[]): string[] {
  if (!table || typeof table !== 'object' || Array.isArray(table)) return ['the fee table is not an object of methods'];
  const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const out: string[] = [];
  for (const method of methods) {
    const m = table[method] as Partial<FeeTable[PaymentMethod]> | undefined;
    if (!m || typeof m !== 'object' || !Array.isArray(m.tiers) || !m.tiers.length) { out.push(`${method}: no tiers`); continue; }
    const before = out.length;
    if (!m.tiers.every((t) => t && typeof t === 'object' && [t.fromCents, t.fixedCents, t.bps].every(whole))) out.push(`${method}: tiers are whole, non-negative numbers`);
    if (!whole(m.handlingFeeCents)) out.push(`${method}: handlingFeeCents is a whole, non-negative number`);
    if (out.length === before && feesFor(table, method, MINIMUM_WITHDRAWAL_CENTS).totalPayoutCents <= 0) out.push(`${method}: fees eat the minimum withdrawal`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Request checks

// The amount messages live in domain/messages so their field errors carry a code like every other.
export { AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, AMOUNT_WHOLE_CENTS };

/** The payment address check per method: true, or what to tell the seller. */
export function checkPayoutAddress(method: PaymentMethod, address: string): true | string {
  if (!address.trim()) return PAYMENT_ADDRESS_REQUIRED;
  switch (method) {
    case 'paypal': case 'skrill': case 'payoneer': case 'payoneer-wallet': return isPayoutEmail(address) || EMAIL_FORMAT;
    case 'alipay': return isAlipayAccount(address) || ALIPAY_ACCOUNT;
    case 'usdt-trc20': return isTronAddress(address) || USDT_TRC20_ADDRESS;
  }
}

/** What is wrong with an amount, by the name of its message (the code pages translate), or null. */
export function amountProblem(amountCents: unknown, availableCents: number): 'AMOUNT_WHOLE_CENTS' | 'AMOUNT_BELOW_MINIMUM' | 'AMOUNT_ABOVE_AVAILABLE' | null {
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return 'AMOUNT_WHOLE_CENTS';
  if (amountCents < MINIMUM_WITHDRAWAL_CENTS) return 'AMOUNT_BELOW_MINIMUM';
  if (amountCents > availableCents) return 'AMOUNT_ABOVE_AVAILABLE';
  return null;
}

const AMOUNT_WORDS = { AMOUNT_WHOLE_CENTS, AMOUNT_BELOW_MINIMUM, AMOUNT_ABOVE_AVAILABLE } as const;

/** The amount check: whole cents, at least the minimum, at most the available balance. */
export function checkAmount(amountCents: unknown, availableCents: number): true | string {
  const problem = amountProblem(amountCents, availableCents);
  return problem ? AMOUNT_WORDS[problem] : true;
}

/** Field errors of the payment details and code (the specification's messages, first failure per field). */
export function requestProblems(r: { paymentMethod?: string | null; paymentAddress?: string | null; trueName?: string | null; code?: string | null }, needCode: boolean): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (!r.paymentMethod || !r.paymentAddress?.trim()) out.push({ field: 'paymentAddress', message: PAYMENT_ADDRESS_REQUIRED });
  else {
    const a = checkPayoutAddress(r.paymentMethod as PaymentMethod, r.paymentAddress.trim());
    if (a !== true) out.push({ field: 'paymentAddress', message: a });
  }
  if (!r.trueName?.trim()) out.push({ field: 'trueName', message: TRUE_NAME_REQUIRED });
  if (needCode && !r.code?.trim()) out.push({ field: 'code', message: CODE_REQUIRED });
  return out;
}

/** The payout currency: EUR is paid as is, USDT and other currencies at a quoted rate. */
export const needsQuote = (method: PaymentMethod, currency: string): boolean => method === 'usdt-trc20' || currency !== 'EUR';
export const payoutCurrency = (method: PaymentMethod, currency: string): string => (method === 'usdt-trc20' ? 'USDT' : currency);

// ---------------------------------------------------------------------------------------------
// The read model

/** A rate the provider quoted: `rate` units of `currency` per euro, locked until `expiresAt`. */
export interface Quote { quoteId: string; currency: string; rate: string; payoutMinor: number; expiresAt: number }

/** Everything fixed when the seller confirms: cannot be changed after sending. */
export interface WithdrawalRequest {
  withdrawalId: string;
  sellerId: string;
  method: PaymentMethod;
  address: string;
  trueName: string;
  currency: string;
  fees: Fees;
  quote: Quote | null;
  requestedAt: number;
  /** For Payoneer methods: the payee bound by the seller's consent, which the provider pays (`address` is what the seller sees). */
  payeeId?: string;
}

export interface WithdrawalTimings {
  /** A payout not confirmed this long after it was sent is flagged for support (72 h). */
  overdueMs: number;
  /** How often the workflow asks the provider for the status when no callback came. */
  pollMs: number;
  /** Calls to the provider before a payout counts as "provider down" (then support decides). */
  providerAttempts: number;
  providerRetryMs: number;
  providerCallTimeoutMs: number;
  /**
   * A provider call whose worker stops heartbeating this long is retried elsewhere: a crashed worker
   * costs this, not the whole call timeout (absent in workflows started before it existed).
   */
  providerHeartbeatMs?: number;
}
export const DEFAULT_WITHDRAWAL_TIMINGS: Readonly<WithdrawalTimings> = {
  overdueMs: 72 * 3600_000, pollMs: 10 * 60_000, providerAttempts: 10, providerRetryMs: 2_000, providerCallTimeoutMs: 15_000, providerHeartbeatMs: 5_000,
};

export interface WithdrawalInput { request: WithdrawalRequest; timings: WithdrawalTimings }

/** The record a seller's history row, the API and the live event show. */
export interface WithdrawalStatus extends WithdrawalRequest {
  state: WithdrawalState;
  status: WithdrawalStatusLabel;
  /** Available balance right after the request was sent. */
  balanceAfterCents: number | null;
  providerRef: string | null;
  paidAt: number | null;
  failedAt: number | null;
  reason: FailureReason | null;
  reasonText: string | null;
  /** Support's reference when marked paid by hand. */
  reference: string | null;
  decisions: Decision<WithdrawalEvent>[];
}

// ---------------------------------------------------------------------------------------------
// The contract: how the API, the support tool and the workflow name the withdrawal

/** Who and why (support), and the action's data: `reference` (mark paid, provider confirmation), `failure` (provider). */
export type WithdrawalActionArgs = ActionArgs & Record<string, unknown>;
/** The request's answer: sent (with the record) or refused because the available balance is not enough. */
/** `recorded`: the request's record was written before this answer (runs since the withdrawal's local steps). */
export type RequestOutcome = { ok: true; status: WithdrawalStatus; recorded?: true } | { ok: false; code: 'insufficient_balance' };

/** A withdrawal as the API starts it (`withdrawal:<withdrawalId>`). */
export const WITHDRAWAL = processDef<WithdrawalInput>({ workflowType: 'withdrawalWorkflow', table: WITHDRAWAL_TABLE });
export const withdrawalWorkflowId = (withdrawalId: string) => processWorkflowId(WITHDRAWAL, withdrawalId);

/** The withdrawal's updates and query: one name and one argument type for the workflow, the API and the support tool. */
export const WITHDRAWAL_UPDATES = {
  /** The request's answer; the API waits on it right after starting the workflow. */
  requestOutcome: updateDef<RequestOutcome>('requestOutcome'),
  /** The provider's signed callback, forwarded by the API. */
  providerConfirmed: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('providerConfirmed'),
  providerFailed: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('providerFailed'),
  /** Support: call the provider again with the same idempotency key (it cannot pay twice). */
  supportRetry: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportRetry'),
  /** Support: the payout was made outside the provider's confirmation; `reference` proves it. */
  supportMarkPaid: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportMarkPaid'),
  /** Support: give up the payout and return the money to the seller's available balance. */
  supportReturnMoney: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportReturnMoney'),
};
/** The withdrawal's live status. */
export const WITHDRAWAL_STATUS_QUERY = queryDef<WithdrawalStatus>('status');
