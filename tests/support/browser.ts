import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The Chromium to drive: CHROME_PATH, else the usual places; null when there is none. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * Headless Chromium for one test file, or null (said loudly) when none is installed. In CI (CI=true or
 * REQUIRE_BROWSER=1) a missing browser is a failure, never a skip.
 *
 * A worker process runs its files one after another (vitest.config.ts: `isolate: false`), so they share
 * one Chromium: a launch (with a first page) costs about 0.56 CPU-seconds and half a second on a quiet machine. What a file gets
 * is a lease on it: its `close()` closes the contexts the file opened (everything it saw lives in them:
 * pages, cookies, storage, service workers) and leaves the browser to the next file; the browser ends
 * with the process. A browser that crashed or was closed for real is launched afresh.
 */
export async function launchBrowser(): Promise<Browser | null> {
  const executablePath = findChromium();
  if (!executablePath) {
    const msg = 'NO CHROMIUM FOUND (set CHROME_PATH or `apt-get install -y chromium`): browser tests are SKIPPED';
    if (process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1') throw new Error(msg.replace('are SKIPPED', 'cannot run, and CI requires them'));
    console.warn(`\n!!! ${msg} !!!\n`);
    return null;
  }
  let browser = await shared?.catch(() => null);
  if (!browser?.isConnected()) {
    shared = launchChromium(executablePath);
    browser = await shared;
  }
  return lease(browser!);
}

/** A Chromium of its own, as the tests run it (benchmarks close it themselves). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage', `--disable-features=${DISABLED_FEATURES.join(',')}`],
  });
}

let shared: Promise<Browser> | null = null;

/** The shared browser as one file sees it: the same in everything but `close()`, which closes this file's contexts. */
function lease(browser: Browser): Browser {
  // Files in one process run one after another: every context open now was opened by an earlier file that
  // is over, so none is left for this one to find.
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'close') return async () => { await Promise.all(target.contexts().map((c) => c.close().catch(() => undefined))); };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Features off in the tests' Chromium. Chromium honours only the last --disable-features switch, so this
 * one repeats Playwright's own list (playwright-core 1.65's chromiumSwitches; tests/unit/browser-features.test.ts
 * checks it still does) and adds the WebUI omnibox popups: headless Chromium 156 renders them in a renderer of their own
 * that no test sees, and that renderer took 16 % of the browser's CPU in a browser test file.
 */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup',
];

export const browserAvailable = (): boolean => findChromium() !== null;

/**
 * Text as a reader reads it: without the invisible Unicode isolates (LRI, RLI, FSI, PDI) that the
 * pages put around dates, amounts and numbers in right-to-left languages. Tests that compare words
 * use it; tests/browser/rtl-bidi.test.ts checks the isolation itself.
 */
export const readable = (text: string | null): string | null => text?.replace(/[\u2066-\u2069]/g, '') ?? null;

/**
 * Waits until the app runs on the page: React owns what #root shows (a prerendered page hydrated, or
 * a page rendered in the browser). A prerendered page paints before its scripts are even requested
 * (web/src/boot/late-scripts.ts), so the load event no longer means the app is there.
 */
export async function appLive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('#root *');
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, undefined, { timeout: 15_000 });
}
