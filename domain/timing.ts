/** Durations and limits of the specification; workflows read them from configuration, these are the defaults. */
import { FREEZE_PROMISE_MS } from './timing-promises.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A picked player must be bought within 5 minutes. */
export const PLAYER_BUY_WINDOW_MS = 5 * MINUTE_MS;
/** Earnings stay frozen 24 hours after the purchase or account use (one text says 26; the rest say 24). */
export const FREEZE_MS = FREEZE_PROMISE_MS;
/** One player purchase per game account per 4 hours. */
export const PURCHASE_COOLDOWN_MS = 4 * HOUR_MS;
export const TOAST_MS = 3000;
export const NOTIFICATION_MS = 4500;
/** After navigation the page scrolls back to the top after this delay. */
export const SCROLL_TOP_DELAY_MS = 400;
/** The loading overlay shows only for waits longer than this; shorter ones keep just the progress bar. */
export const OVERLAY_DELAY_MS = 400;
/** Past this the overlay steps aside (the progress bar stays): a wait that never ends must not hold the page. */
export const OVERLAY_MAX_MS = 10_000;
/** Withdrawals start at 20 EUR. */
export const MIN_WITHDRAWAL_CENTS = 2000;
/** A comfort trade sells at least 100,000 coins. */
export const COMFORT_MIN_COINS = 100_000;
/** At most 50 game accounts per comfort-trade batch; larger batches go through support. */
export const COMFORT_BATCH_MAX = 50;
/** The app shell keeps up to 10 pages alive. */
export const PAGE_CACHE_SIZE = 10;

/** The durable timers a deployment may shorten (tests) or lengthen (holidays). */
export interface TimingConfig {
  playerBuyWindowMs: number;
  freezeMs: number;
  purchaseCooldownMs: number;
}

export const DEFAULT_TIMINGS: Readonly<TimingConfig> = {
  playerBuyWindowMs: PLAYER_BUY_WINDOW_MS,
  freezeMs: FREEZE_MS,
  purchaseCooldownMs: PURCHASE_COOLDOWN_MS,
};
