/**
 * PayPal's payout item states and error names (PayPal's Payouts API document, `transaction_status`
 * and the item's `errors.name`) in our payout contract's terms: pending, paid (with PayPal's
 * transaction id as the reference) or failed (with a failure code the seller is told in words,
 * domain/withdrawal/statuses.ts). docs/provider-contract.md, "PayPal Payouts", has the table.
 */
import type { PayoutState, ProviderFailure } from './contract.js';

/** PayPal's item error names we tell the seller about; any other name on a failed item is a plain refusal. */
export const PAYPAL_FAILURES: Readonly<Record<string, ProviderFailure>> = {
  // No PayPal account for the receiver: the item stays UNCLAIMED, then PayPal returns it after 30 days.
  RECEIVER_UNREGISTERED: 'unclaimed',
  // The receiver's email or account is not confirmed.
  RECEIVER_UNCONFIRMED: 'unverified_account',
  // Receiving limit reached, or the account is limited by PayPal (held, returned after 30 days).
  RECEIVING_LIMIT_EXCEEDED: 'receiving_limit',
  RECEIVER_ACCOUNT_LIMITATION: 'receiving_limit',
  // The receiver must accept each payment by hand (a receive-only preference): held PENDING, returned
  // unless accepted (our words: the hold of receive-only accounts).
  PENDING_RECIPIENT_NON_HOLDING_CURRENCY_PAYMENT_PREFERENCE: 'receive_only_hold',
};

/** Item states in which PayPal may still pay: never failed here, or the money would come back while PayPal still pays it. */
const STILL_PAYING = new Set(['PENDING', 'ONHOLD', 'UNCLAIMED']);
/** Item states in which the money did not reach the seller and is back (or never left) at our PayPal account. */
const NOT_PAID = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED']);

export interface PaypalItemView { state: PayoutState; failure: ProviderFailure | null; reference: string | null }

/**
 * One payout item as our contract has it; null for a state outside PayPal's list (the answer is not
 * trusted: the caller treats it like an outage). `RETURNED` without an error name is an unclaimed payout
 * (PayPal returns those after 30 days).
 */
export function paypalItemView(item: { transaction_status?: string; transaction_id?: string; errors?: { name?: string } }): PaypalItemView | null {
  const status = item.transaction_status ?? 'PENDING';
  if (status === 'SUCCESS') return item.transaction_id ? { state: 'paid', failure: null, reference: item.transaction_id } : null;
  if (STILL_PAYING.has(status)) return { state: 'pending', failure: null, reference: null };
  if (!NOT_PAID.has(status)) return null;
  const name = item.errors?.name ?? '';
  const failure = PAYPAL_FAILURES[name] ?? (status === 'RETURNED' && !name ? 'unclaimed' : 'rejected');
  return { state: 'failed', failure, reference: null };
}
