/**
 * A browser file's player market: one Chromium, a market simulator with `size` cards synced into a
 * real API (no worker: pages list cards and game accounts), started before its tests and closed after.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserForTests } from './accounts-browser.js';
import { startTestApp, type TestApp } from './app.js';
import { uniqueQueue } from './servers.js';
import { FAST_TIMINGS, FAST_VERIFY, startSimulator, syncFromSimulator } from './player-trade.js';

export function playerMarketInBrowser(size: number) {
  const s = {} as { browser: Browser; app: TestApp; sim: Awaited<ReturnType<typeof startSimulator>> };
  beforeAll(async () => {
    s.browser = await browserForTests();
    s.sim = await startSimulator(size);
    s.app = await startTestApp(undefined, { playerTrade: { taskQueue: uniqueQueue('market-browser'), timings: FAST_TIMINGS, verify: FAST_VERIFY, marketPageUrl: s.sim.url, listMaxAgeMs: 0 } });
    await syncFromSimulator(s.app.db, s.sim.url);
  }, 120_000);
  afterAll(async () => {
    await s.browser?.close();
    await s.app?.close();
    await s.sim?.close();
  });
  return { get browser() { return s.browser; }, get app() { return s.app; } };
}
