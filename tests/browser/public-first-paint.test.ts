/**
 * What a visitor gets before signing in (issue 33, "visitors see no price" and "first paint"), at
 * 360 and 1280 px in English and Arabic, with axe: today's prices on / and /transfer-page equal to
 * the operator's table (the one the comfort and player forms price with), the web app manifest
 * linked, served as application/manifest+json and installable (icons of their stated sizes), and
 * the loading overlay for a wait over 400 ms only. The browser's clock is Playwright's: the test
 * moves it, so "over 400 ms" and "under 400 ms" are exact, not a race with a loaded machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { LanguageCode } from '../../domain/client-config.js';
import type { PriceTable } from '../../domain/pricing.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { axeProblems, browserForTests } from '../support/accounts-browser.js';
import { browserAvailable } from '../support/browser.js';
import { formatMoney } from '../../web/src/ui/format.js';
import { LOCALES } from '../../web/src/i18n/index.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const DICTS: Partial<Record<LanguageCode, Dict>> = { en, ar };
// Prices no default table has, so a page showing them read this operator's table.
const PRICES: PriceTable = { ps: 263, xbox: 271, pc: 317 };
const AXE = { wcag22: true } as const;
const at = (base: string, lang: LanguageCode, path: string) => base + (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ png: b.subarray(1, 4).toString('latin1'), width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('a visitor before signing in', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp(undefined, { playerTrade: { prices: PRICES } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function visitor(lang: LanguageCode, width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce', locale: lang === 'ar' ? 'ar' : 'en-GB' });
    // An explicit language choice keeps the language suggestion away.
    await context.addInitScript((l) => localStorage.setItem('coinmarket.lang', l), lang);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors, close: () => context.close() };
  }

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: / and /transfer-page show the configured price per 100K coins for each platform, with its time`, async () => {
        const dict = DICTS[lang]!;
        const { page, errors, close } = await visitor(lang, width);
        for (const path of ['/', '/transfer-page']) {
          const where = `${lang} ${width} ${path}`;
          const before = Date.now();
          await page.goto(at(app.url, lang, path));
          const board = page.getByTestId('price-board');
          await board.getByTestId('price-time').waitFor();
          expect(await board.getByRole('heading').textContent(), where).toBe(dict.home.prices.title);
          for (const [platform, cents] of Object.entries(PRICES)) {
            expect(await board.getByTestId(`price-${platform}`).textContent(), `${where} ${platform}`).toBe(formatMoney(cents, 'EUR', LOCALES[lang]));
          }
          // The time the prices were read, shown as the specification's date pattern in the visitor's zone.
          const asOf = await board.getByTestId('price-time').getAttribute('datetime');
          expect(Date.parse(asOf!), where).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
          expect(Date.parse(asOf!), where).toBeLessThanOrEqual(Date.now());
          expect(await board.getByTestId('price-time').textContent(), where).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
          expect(await board.getByTestId('price-note').textContent(), where).toContain(dict.home.prices.unit);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${where} overflow`).toBeLessThanOrEqual(0);
          expect(await axeProblems(page, AXE), `${where} axe`).toEqual([]);
        }
        expect(errors).toEqual([]);
        await close();
      });
    }

    it(`${lang}: the page links the ${lang} web app manifest, served as application/manifest+json, with icons of their stated sizes`, async () => {
      const { page, errors, close } = await visitor(lang, 360);
      await page.goto(at(app.url, lang, '/'));
      await page.getByTestId('price-board').waitFor();
      await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe(`/manifest-${lang}.webmanifest`);
      const href = (await page.locator('link[rel="manifest"]').getAttribute('href'))!;
      const res = await page.request.get(new URL(href, app.url).href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; lang: string; dir: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
      expect(manifest).toMatchObject({ name: 'CoinMarket', short_name: 'CoinMarket', display: 'standalone', lang, dir: lang === 'ar' ? 'rtl' : 'ltr', start_url: lang === 'en' ? '/' : '/ar' });
      expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const img = await page.request.get(new URL(icon.src, app.url).href);
        expect(img.headers()['content-type'], icon.src).toBe('image/png');
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(pngSize(await img.body()), icon.src).toEqual({ png: 'PNG', width: w, height: h });
      }
      // Installed, the app opens on this language's home page.
      await page.goto(new URL(manifest.start_url, app.url).href);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(errors).toEqual([]);
      await close();
    });
  }

  for (const [lang, width] of [['en', 1280], ['ar', 360]] as const) {
    it(`${lang} at ${width} px: the loading overlay shows for a sign-in answer later than 400 ms, and not for a faster one`, async () => {
      const dict = DICTS[lang]!;
      const { page, errors, close } = await visitor(lang, width);
      await page.clock.install();
      await page.goto(at(app.url, lang, '/signin'));
      const overlay = page.getByTestId('loading-overlay');
      // The password tab, open first (the code tab's form is mounted but hidden).
      const panel = page.getByRole('tabpanel');
      const submit = panel.getByRole('button', { name: dict.account.signin.submit });
      await submit.waitFor();
      // Every state the overlay was ever in, whatever the test looks at.
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="loading-overlay"]')!;
        const seen: boolean[] = ((window as unknown as { overlaySeen: boolean[] }).overlaySeen = []);
        new MutationObserver(() => seen.push(el.classList.contains('is-visible'))).observe(el, { attributes: true, attributeFilter: ['class'] });
      });
      const overlaySeen = () => page.evaluate(() => (window as unknown as { overlaySeen: boolean[] }).overlaySeen.some(Boolean));
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      // With the page's clock stopped its animation frames stop too: actions skip Playwright's "stable" wait (force).
      await panel.getByLabel(dict.account.email, { exact: true }).fill('nobody@example.com', { force: true });
      await panel.getByLabel(dict.account.password, { exact: true }).fill('not-the-password-1', { force: true });

      // Fast: the answer comes while the browser's clock stands still (0 ms went by); the overlay never shows, even 1 s later.
      const fast = page.waitForResponse((r) => r.url().endsWith('/api/auth/signin'));
      await submit.click({ force: true });
      await fast;
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await page.clock.runFor(1000);
      expect(await overlaySeen()).toBe(false);

      // Slow: the answer is held back while the clock moves; at 399 ms nothing, from 400 ms the overlay with its status.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let arrived!: () => void;
      const intercepted = new Promise<void>((r) => (arrived = r));
      await page.route('**/api/auth/signin', async (route: Route) => {
        arrived();
        await held;
        await route.continue();
      });
      await submit.click({ force: true });
      await intercepted;
      await page.clock.runFor(399);
      expect(await overlay.getAttribute('class')).toBe('overlay');
      await page.clock.runFor(1);
      await expect.poll(() => overlay.getAttribute('class')).toBe('overlay is-visible');
      expect(await overlay.getAttribute('aria-hidden')).toBe('false');
      expect(await overlay.locator('[role="status"]').textContent()).toBe(dict.loading);
      // It takes no focus: the keyboard stays where the seller was.
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="loading-overlay"]') === null)).toBe(true);
      // axe runs on timers: the clock goes on (the answer is still held, so the overlay stays).
      await page.clock.resume();
      expect(await axeProblems(page, { ...AXE, overflow: false })).toEqual([]);
      await expect.poll(() => overlay.getAttribute('class')).toBe('overlay is-visible');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signin'));
      release();
      await answered;
      await expect.poll(() => overlay.getAttribute('class')).toBe('overlay');
      expect(await overlay.locator('[role="status"]').textContent()).toBe('');
      expect(errors).toEqual([]);
      await close();
    });
  }
});
