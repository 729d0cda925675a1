/**
 * What a seller reads of a withdrawal: the status labels, the failure reasons and the
 * specification's refusals and payout times. Pure text (its one import is the timing promises, which
 * import nothing): the web's dictionaries read it without pulling the table, the address checks or the contract.
 */
import { fillPromises } from '../timing-promises.js';

/** The specification's words (sections 4 and 8). */
export const WITHDRAWAL_SENT = 'Withdrawal request has been sent successfully';
/** Section 9, for the balance page: "Payout within 3 days / 72 hours of request (longer on holidays); processing 24-48 hours with verification". */
export const PAYOUT_TIME_TEMPLATE = 'within {{payoutDays}} days / {{payoutHours}} hours of request (longer on holidays)';
export const PROCESSING_TIME_TEMPLATE = '{{processingMinHours}}-{{processingMaxHours}} hours with verification';
/** The same, filled (domain/timing-promises.ts), as the API answers them. */
export const PAYOUT_TIME_TEXT = fillPromises(PAYOUT_TIME_TEMPLATE);
export const PROCESSING_TIME_TEXT = fillPromises(PROCESSING_TIME_TEMPLATE);
/** Refusals of a request (by their API codes already_sent, payment_details_changed, quote_expired, quote_unavailable). */
export const ALREADY_SENT = 'This withdrawal request has already been sent';
export const DETAILS_CHANGED = 'Your payment details changed after the code was sent. Please request a new code to confirm the new details.';
export const QUOTE_EXPIRED = 'The locked exchange rate has expired. Please request a new code for a new rate.';
/** A Payoneer method pays the account the seller bound by consent at Payoneer, so a binding is needed first. */
export const PAYONEER_NOT_BOUND = 'Please bind your Payoneer account in settings before withdrawing to Payoneer';
export const QUOTE_UNAVAILABLE = 'The exchange rate cannot be quoted right now, please try again in a few minutes';

/** The status a seller reads (specification section 4: request sent, payment in progress, paid). */
export type WithdrawalStatusLabel = 'request_sent' | 'in_progress' | 'delayed' | 'paid' | 'failed';
export const STATUS_TEXT: Readonly<Record<WithdrawalStatusLabel, string>> = {
  request_sent: 'Request sent',
  in_progress: 'Payment in progress',
  delayed: 'Payment in progress (delayed)',
  paid: 'Paid',
  failed: 'Failed',
};

// Failure reasons, in words a seller understands

export const FAILURE_REASONS = ['wrong_address', 'unverified_account', 'receive_only_hold', 'unclaimed', 'receiving_limit', 'provider_rejected', 'rate_expired', 'returned_by_support'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_TEXT: Readonly<Record<FailureReason, string>> = {
  wrong_address: 'The payment address is wrong: no account was found for it. Please correct your payment address in settings and withdraw again; the money is back in your available balance.',
  unverified_account: 'Your PayPal account is not verified, so it cannot receive this payment. Please verify it with PayPal and withdraw again; the money is back in your available balance.',
  receive_only_hold: 'Your PayPal account can only receive money and would hold this payment for up to 21 days. Please lift the limit with PayPal or choose another method; the money is back in your available balance.',
  unclaimed: 'PayPal could not deliver this payment: no PayPal account claimed it for your payment address within 30 days. Please check the PayPal email in your settings (or finish opening your PayPal account) and withdraw again; the money is back in your available balance.',
  receiving_limit: 'Your PayPal account has reached a receiving limit or is limited by PayPal, so it could not take this payment. Please resolve the limit with PayPal or choose another method, then withdraw again; the money is back in your available balance.',
  provider_rejected: 'The payout provider refused this payment. The money is back in your available balance; please contact support.',
  rate_expired: 'The exchange rate locked for this payout expired before the payment could be made. The money is back in your available balance; please request the withdrawal again for a new rate.',
  returned_by_support: 'Support cancelled this payout and returned the money to your available balance.',
};
export const isFailureReason = (s: unknown): s is FailureReason => FAILURE_REASONS.includes(s as FailureReason);
/** The provider's refusals of a payout request that mean the locked rate is gone (the seller can simply request again). */
export const RATE_GONE_REFUSALS: readonly string[] = ['quote_expired', 'quote_unknown'];
