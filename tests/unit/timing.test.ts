import { describe, expect, it } from 'vitest';
import * as T from '../../domain/timing.js';

describe('timing defaults from the specification', () => {
  it.each([
    ['PLAYER_BUY_WINDOW_MS', 5 * 60 * 1000],
    ['FREEZE_MS', 24 * 60 * 60 * 1000],
    ['PURCHASE_COOLDOWN_MS', 4 * 60 * 60 * 1000],
    ['TOAST_MS', 3000],
    ['NOTIFICATION_MS', 4500],
    ['SCROLL_TOP_DELAY_MS', 400],
    ['MIN_WITHDRAWAL_CENTS', 2000],
    ['COMFORT_MIN_COINS', 100_000],
    ['COMFORT_BATCH_MAX', 50],
    ['PAGE_CACHE_SIZE', 10],
  ])('%s = %i', (name, value) => {
    expect((T as Record<string, unknown>)[name]).toBe(value);
  });

  it('groups the workflow timers for configuration', () => {
    expect(T.DEFAULT_TIMINGS).toEqual({ playerBuyWindowMs: 300_000, freezeMs: 86_400_000, purchaseCooldownMs: 14_400_000 });
  });
});
