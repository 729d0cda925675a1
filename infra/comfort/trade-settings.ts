import { DEFAULT_COMFORT_TIMINGS, type ComfortTimings } from '../../domain/comfort-trade.js';
import { DEFAULT_PRICE_TABLE, type PriceTable } from '../../domain/pricing.js';
import { DEFAULT_TASK_QUEUE } from '../temporal.js';
import type { KeyRing } from '../secrets/key-ring.js';

/** Comfort trade settings of the API. */
export interface ComfortTradeOptions {
  taskQueue: string;
  prices: PriceTable;
  timings: ComfortTimings;
  /** Opens the vault where login details are sealed; without it submissions are refused as unavailable. */
  secrets: KeyRing | null;
}

export function comfortTradeOptions(given: Partial<ComfortTradeOptions> = {}): ComfortTradeOptions {
  return {
    taskQueue: given.taskQueue ?? DEFAULT_TASK_QUEUE,
    prices: given.prices ?? DEFAULT_PRICE_TABLE,
    timings: { ...DEFAULT_COMFORT_TIMINGS, ...given.timings },
    secrets: given.secrets ?? null,
  };
}

/**
 * From the environment (api/main.ts only): COMFORT_REVIEW_MS (24 h), COMFORT_SELLER_FIX_MS (72 h),
 * COMFORT_POLL_MS, COMFORT_WATCH_MS, COMFORT_ERROR_RETRIES, COMFORT_RETRY_INITIAL_MS, COMFORT_RETRY_MAX_MS.
 * Prices are the player trade's PRICE_TABLE (same operator table).
 */
export function comfortTimingsFromEnv(env: NodeJS.ProcessEnv): ComfortTimings {
  const num = (name: string, fallback: number) => (env[name] && Number(env[name]) >= 0 ? Number(env[name]) : fallback);
  const d = DEFAULT_COMFORT_TIMINGS;
  return {
    reviewMs: num('COMFORT_REVIEW_MS', d.reviewMs),
    sellerFixMs: num('COMFORT_SELLER_FIX_MS', d.sellerFixMs),
    pollMs: num('COMFORT_POLL_MS', d.pollMs),
    watchMs: num('COMFORT_WATCH_MS', d.watchMs),
    errorRetries: num('COMFORT_ERROR_RETRIES', d.errorRetries),
    retryInitialMs: num('COMFORT_RETRY_INITIAL_MS', d.retryInitialMs),
    retryMaxMs: num('COMFORT_RETRY_MAX_MS', d.retryMaxMs),
  };
}
