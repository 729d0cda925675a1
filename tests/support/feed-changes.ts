import { withdrawalEvent, type SellerEventInput } from '../../domain/seller-events.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';

/** A seller feed change whose key is its subject (version 1). */
export const feedChange = (sellerId: string, subject: string): SellerEventInput => ({
  ...withdrawalEvent({
    withdrawalId: subject, state: 'requested', status: 'requested',
    fees: { amountCents: 2_000, feeCents: 0, handlingFeeCents: 50, totalPayoutCents: 1_950 },
  } as unknown as WithdrawalStatus, 1),
  sellerId,
});
