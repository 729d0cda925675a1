/**
 * The transfer-provider contract (docs/provider-contract.md, "Transfer orders"): what goes over the
 * wire between our gateway and the provider that logs in to a game account and moves its coins
 * (the simulator in development and tests). Version 1. Credentials travel only in submit and
 * resubmit bodies; no answer ever echoes them.
 */
import type { OrderSnapshot, TransferTime } from '../../domain/comfort-trade.js';
import type { Platform } from '../../domain/pricing.js';

export const TRANSFER_PREFIX = '/transfer/v1';

/** The login details the provider needs. */
export interface TransferCredentials {
  email: string;
  password: string;
  backupCodes: string[] | null;
  authSecret: string | null;
}

/** `POST /transfer/v1/orders`: idempotent on `orderId` (a repeat answers the existing order). */
export interface SubmitOrderRequest {
  orderId: string;
  platform: Platform;
  coins: number;
  transferTime: TransferTime;
  credentials: TransferCredentials;
}

// The order as the comfort run reads it is part of the comfort run's contract in domain/.
export type { OrderError, OrderSnapshot, OrderState } from '../../domain/comfort-trade.js';

export interface OrderResponse {
  order: OrderSnapshot;
}
