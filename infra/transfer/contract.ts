/**
 * The transfer-provider contract (docs/provider-contract.md, "Transfer orders"): what goes over the
 * wire between our gateway and the provider that logs in to a game account and moves its coins
 * (the simulator in development and tests). Version 1. Credentials travel only in submit and
 * resubmit bodies; no answer ever echoes them.
 */
import type { ErrorSubState, TransferTime } from '../../domain/comfort-trade.js';
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

/** Where an order is on the provider's side. */
export type OrderState = 'transferring' | 'completed' | 'error' | 'cancelled';

/** A provider-side error: one of the sub-states, or a plain (temporary) error. */
export type OrderError = ErrorSubState | 'provider_error';

/**
 * The provider's view of an order. `seq` grows by one on every change: a snapshot whose `seq` is not
 * above the last one applied is a duplicate or arrived out of order and changes nothing.
 */
export interface OrderSnapshot {
  orderId: string;
  seq: number;
  state: OrderState;
  error: OrderError | null;
  /** Coins ordered. */
  coins: number;
  coinsTransferred: number;
  /** Chunks moved / chunks planned. */
  successCount: number;
  totalCount: number;
  /** Provider clock, epoch ms. */
  updatedAt: number;
}

export interface OrderResponse {
  order: OrderSnapshot;
}
