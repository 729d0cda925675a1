/**
 * The payout provider's HTTP contract (docs/provider-contract.md, "Payout provider"): shapes shared
 * by our gateway and the simulator. Amounts are integer minor units of their currency (euro cents,
 * USD cents, micro-USDT is not used: USDT is paid in hundredths like a currency).
 */
import { signHeader, verifyHeader } from '../signed-header.js';
import type { PaymentMethod } from '../../domain/account-schemas.js';
import type { PayoutView } from '../../domain/withdrawal.js';

export const PAYOUT_PREFIX = '/payouts/v1';
/** Header carrying the callback's signature: `t=<unix ms>,v1=<hex hmac-sha256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-payout-signature';

export interface QuoteRequest { currency: string; amountCents: number }
export interface QuoteResponse { quoteId: string; currency: string; rate: string; payoutMinor: number; expiresAt: number }

export interface CreatePayoutRequest {
  /** Idempotency key: the same key always answers the same payout, never a second one. */
  key: string;
  method: PaymentMethod;
  address: string;
  trueName: string;
  /** What the seller receives, in euro cents (fees already taken). */
  amountCents: number;
  currency: string;
  /** A locked quote for a currency other than EUR or for USDT. */
  quoteId: string | null;
  /** With a quote: what the seller receives in minor units of `currency` (an adapter that pays in that currency sends it). */
  payoutMinor?: number | null;
  /** Where the provider POSTs signed status changes. */
  callbackUrl: string | null;
}

// The payout as the withdrawal workflow reads it is part of the withdrawal's contract in domain/.
export type { PayoutState, PayoutView, ProviderFailure } from '../../domain/withdrawal.js';

/** A callback body: the payout as it is now. Delivered at least once, maybe late or twice. */
export interface PayoutCallback { payout: PayoutView }

export const signBody = (secret: string, body: string, t = Date.now()): string => signHeader(secret, body, 'milliseconds', t);

/** Whether a callback's signature header matches its raw body and is not older than `maxAgeMs`. */
export function verifySignature(secret: string, body: string, header: string | undefined, maxAgeMs = 24 * 3600_000, now = Date.now()): boolean {
  return verifyHeader(secret, header, body, 'milliseconds', maxAgeMs, now);
}
