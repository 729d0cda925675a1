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
 * Launches headless Chromium, or returns null (and says so loudly) when none is installed.
 * In CI (CI=true or REQUIRE_BROWSER=1) a missing browser is a failure, never a skip.
 */
export async function launchBrowser(): Promise<Browser | null> {
  const executablePath = findChromium();
  if (!executablePath) {
    const msg = 'NO CHROMIUM FOUND (set CHROME_PATH or `apt-get install -y chromium`): browser tests are SKIPPED';
    if (process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1') throw new Error(msg.replace('are SKIPPED', 'cannot run, and CI requires them'));
    console.warn(`\n!!! ${msg} !!!\n`);
    return null;
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage', `--disable-features=${DISABLED_FEATURES.join(',')}`],
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
