/** The withdrawal's read model: the request fixed at confirmation and the record a seller's history row, the API and the live event show. */
import type { PaymentMethod } from '../account-schemas.js';
import type { Decision } from '../process.js';
import type { Fees } from './fees.js';
import type { FailureReason, WithdrawalStatusLabel } from './statuses.js';
import type { WithdrawalEvent, WithdrawalState } from './table.js';

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
  /** Support's reference when marked paid, or the provider's reference support recorded for a manual payout. */
  reference: string | null;
  /**
   * A manual payout (state `manual_payout`, no provider for the method): when the seller will have it
   * at the latest (requested + the overdue time). Absent on automatic payouts.
   */
  manualDueAt?: number;
  decisions: Decision<WithdrawalEvent>[];
}
