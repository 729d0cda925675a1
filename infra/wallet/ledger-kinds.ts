/**
 * What each ledger entry records, by the process that writes it. The strings are stored in every
 * seller's ledger and read by support and settlement: never rename one, only add.
 */
export const LEDGER_KINDS = {
  /** A verified player purchase's income, frozen until the freeze ends. */
  purchaseCredited: 'player_credit_frozen',
  /** The purchase's freeze ended: frozen -> available. */
  purchaseReleased: 'player_freeze_released',
  /** A comfort run's income for the coins transferred, frozen for the review. */
  comfortCredited: 'comfort_credit_frozen',
  /** The review ended: frozen -> available. */
  comfortReleased: 'comfort_review_released',
  /** A withdrawal was requested: available -> pending payout. */
  withdrawalRequested: 'withdrawal_requested',
  /** The payout was made: pending payout cleared. */
  withdrawalPaid: 'withdrawal_paid',
  /** The payout failed or was given up: pending payout -> available (undoes the request). */
  withdrawalReturned: 'withdrawal_returned',
} as const;

export type LedgerKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS];

/** Every withdrawal kind starts with this: money moving out, never an earning. */
export const WITHDRAWAL_KIND_PREFIX = 'withdrawal_';
