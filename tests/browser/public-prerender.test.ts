/**
 * Prerendered public pages in the browser (issue 33, "first paint"), at 360 and 1280 px in English and
 * Arabic, with axe: the page's words are there with JavaScript off (the HTML the build rendered); with
 * JavaScript on, the page paints before any of its scripts is requested, and the app hydrates that very markup (no node of it replaced, no React error in the
 * console) and stays an app: a header link navigates without reloading, the language picker switches
 * the page and its address. The sitemap parses as XML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, LANGUAGE_OPTIONS, type LanguageCode } from '../../domain/client-config.js';
import { PUBLIC_PAGES } from '../../web/src/i18n/descriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { axeProblems, browserForTests } from '../support/accounts-browser.js';
import { browserAvailable } from '../support/browser.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const DICTS: Partial<Record<LanguageCode, Dict>> = { en, ar };
const AXE = { wcag22: true } as const;
const at = (base: string, lang: LanguageCode, path: string) => base + (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);
const localName = (lang: LanguageCode) => LANGUAGE_OPTIONS.find((o) => o.code === lang)!.localName;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('prerendered public pages', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: the words are in the HTML; the app hydrates it without an error and navigates and switches language`, async () => {
        const dict = DICTS[lang]!;
        const other = lang === 'en' ? 'ar' : 'en';

        // Without JavaScript: the page the build rendered, in its language.
        const bare = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
        const still = await bare.newPage();
        await still.goto(at(app.url, lang, '/'));
        expect(await still.getByRole('heading', { level: 1 }).textContent()).toBe(dict.home.heroTitle);
        expect(await still.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await bare.close();

        const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce', locale: lang === 'ar' ? 'ar' : 'en-GB' });
        // An explicit language choice keeps the language suggestion away.
        await context.addInitScript((l) => localStorage.setItem('coinmarket.lang', l), lang);
        // Every node taken out of #root: hydration keeps the server's nodes; a render from scratch replaces them.
        await context.addInitScript(() => {
          const w = window as unknown as { rootRemovals: number };
          w.rootRemovals = 0;
          new MutationObserver((records) => {
            for (const r of records) if ((r.target as Element).id === 'root') w.rootRemovals += r.removedNodes.length;
          }).observe(document, { childList: true, subtree: true });
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
        });
        await page.goto(at(app.url, lang, '/'));
        const heading = page.getByRole('heading', { level: 1 });
        // Hydrated: React has attached its fiber to the server's heading.
        await expect.poll(() => heading.evaluate((h) => Object.keys(h).some((k) => k.startsWith('__reactFiber')))).toBe(true);
        expect(await heading.textContent()).toBe(dict.home.heroTitle);
        expect(await page.evaluate(() => (window as unknown as { rootRemovals: number }).rootRemovals)).toBe(0);
        // The page painted from its HTML before any of its scripts was asked for: nothing competed with that paint.
        const paintFirst = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
          const scripts = performance.getEntriesByType('resource').filter((r) => /\/(main|chunk)-[A-Z0-9]{8}\.js$/.test(r.name));
          return { paint, scripts: scripts.length, firstScript: Math.min(...scripts.map((r) => r.startTime)) };
        });
        expect(paintFirst.paint, 'first contentful paint').not.toBeNull();
        expect(paintFirst.scripts, 'the entry and its chunks loaded').toBeGreaterThan(1);
        expect(paintFirst.firstScript, 'the first script asked for after the first paint').toBeGreaterThanOrEqual(paintFirst.paint!);
        await page.getByTestId('price-board').waitFor();
        expect(await axeProblems(page, AXE), 'axe on the hydrated page').toEqual([]);

        // A header link navigates inside the app (no reload: the page's own variable survives).
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
        const menu = async () => {
          if (width < 1000) await page.locator('.menu-toggle').click();
        };
        await menu();
        await page.getByRole('navigation').getByRole('link', { name: dict.nav.faq, exact: true }).click();
        await page.waitForURL(at(app.url, lang, '/faq'));
        await page.getByText(dict.faq.intro).waitFor();
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

        // The language picker switches the page and its address.
        await menu();
        await page.locator('.lang-button').click();
        await page.getByRole('dialog').getByRole('button', { name: localName(other) }).click();
        await page.waitForURL(at(app.url, other, '/faq'));
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(other);
        await page.getByText(DICTS[other]!.faq.intro).waitFor();
        expect(await axeProblems(page, AXE), 'axe after the switch').toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('the sitemap parses as XML and lists every public page in every language', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    const parsed = await page.evaluate(async () => {
      const doc = new DOMParser().parseFromString(await (await fetch('/sitemap.xml')).text(), 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length,
        urls: doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url').length,
        alternates: doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length,
      };
    });
    expect(parsed).toEqual({ error: 0, urls: PUBLIC_PAGES.length * LANGUAGES.length, alternates: PUBLIC_PAGES.length * LANGUAGES.length * (LANGUAGES.length + 1) });
    await context.close();
  });
});
