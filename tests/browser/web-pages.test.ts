/**
 * Walks the content pages (Home, FAQ and its tabs, withdrawal rules, terms, privacy) in all eight
 * languages on the real API serving the built app: right-to-left for ar and fa, no untranslated
 * keys or English left, and axe-core with zero serious or critical violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGES, type LanguageCode } from '../../domain/client-config.js';
import { appLive, browserAvailable, launchBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { buildWeb } from '../../scripts/build-web.js';
import { axeProblems } from '../support/accounts-browser.js';
import en, { type Dict } from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };
/** Every string of a dictionary. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : Object.values(v as object).flatMap(strings);
/** Dotted key paths of the English dictionary (a raw key on screen means a missing translation). */
const keyPaths = (v: unknown, prefix = ''): string[] =>
  typeof v === 'string'
    ? [prefix]
    : Array.isArray(v)
      ? []
      : Object.entries(v as object).flatMap(([k, x]) => keyPaths(x, prefix ? `${prefix}.${k}` : k));
const KEYS = keyPaths(en).filter((k) => k.includes('.'));
// English sentences that must not appear on another language's page (brand names excluded).
const ENGLISH = strings(en).filter((s) => s.length > 12 && !s.startsWith('©'));

const PAGES = ['/', '/faq', '/faq/withdrawal-rules', '/terms', '/privacy'] as const;
/** These files check sideways scrolling themselves and hold pages to WCAG 2.2 AA as well. */
const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const url = (base: string, lang: LanguageCode, path: string) => base + (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);

/** What the page shows: no raw key, no empty heading or paragraph, and for non-English no English. */
async function checkTranslated(page: Page, lang: LanguageCode, where: string) {
  const text = await page.evaluate(() => document.body.textContent ?? '');
  for (const key of KEYS) expect(text, `${where}: raw key ${key}`).not.toContain(key);
  const empty = await page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1,h2,h3,p,li,summary,dt,dd,button,a,label), header :is(a,button), footer :is(a,h2)')]
      .filter((el) => !el.closest('[hidden]') && !(el.textContent ?? '').trim() && !el.getAttribute('aria-label') && !el.classList.contains('field-error') && el.getAttribute('aria-live') === null)
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(empty, `${where}: empty elements`).toEqual([]);
  if (lang !== 'en') {
    const leftovers = ENGLISH.filter((s) => text.includes(s));
    expect(leftovers, `${where}: English left`).toEqual([]);
  }
}

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('web content pages in every language', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    if (!existsSync('dist/web/index.html')) await buildWeb();
    app = await startTestApp();
    browser = (await launchBrowser())!;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    // An explicit choice was made, so the recommended-language prompt stays away from these pages.
    await context.addInitScript(() => localStorage.setItem('coinmarket.lang', 'en'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: home, FAQ tabs, rules, terms and privacy are translated, ${['ar', 'fa'].includes(lang) ? 'right-to-left' : 'left-to-right'} and pass axe`, async () => {
      const dict = DICTS[lang];
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const path of PAGES) {
        const where = `${lang} ${path}`;
        await page.goto(url(app.url, lang, path));
        await page.locator('main h1').first().waitFor();
        const html = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
        expect(html, where).toEqual({ lang, dir: ['ar', 'fa'].includes(lang) ? 'rtl' : 'ltr' });
        if (['ar', 'fa'].includes(lang)) {
          // Mirrored layout: the logo sits at the right edge of the header.
          const box = await page.locator('.logo').boundingBox();
          expect(box!.x, `${where} logo on the right`).toBeGreaterThan(640);
        }
        const titleKey = path === '/' ? 'home' : path === '/faq' ? 'faq' : path === '/faq/withdrawal-rules' ? 'withdrawalRules' : path.slice(1);
        expect(await page.title(), where).toBe(`${dict.titles[titleKey as keyof Dict['titles']]} | ${dict.brand}`);
        await checkTranslated(page, lang, where);
        expect(await axeProblems(page, AXE_WCAG22), `${where} axe`).toEqual([]);

        if (path === '/faq') {
          // Prerendered: the tabs answer once the app runs (a tap before that is lost).
          await appLive(page);
          for (const tab of ['player', 'payment', 'general'] as const) {
            await page.getByRole('tab', { name: dict.faq.tabs[tab] }).click();
            await expect.poll(() => page.getByRole('tab', { name: dict.faq.tabs[tab] }).getAttribute('aria-selected')).toBe('true');
            const questions = await page.locator('.qa summary').allTextContents();
            expect(questions, `${where} tab ${tab}`).toEqual(dict.faq[tab].map((x) => x.q));
            await page.locator('.qa summary').first().click();
            await expect.poll(() => page.locator('.qa').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
            await checkTranslated(page, lang, `${where} tab ${tab}`);
            expect(await axeProblems(page, AXE_WCAG22), `${where} tab ${tab} axe`).toEqual([]);
          }
        }
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`an idle page keeps nothing moving, the hidden overlay's spinner neither (reduced motion: ${reducedMotion})`, async () => {
      const idle = await browser.newContext({ viewport: { width: 360, height: 740 }, reducedMotion });
      const page = await idle.newPage();
      await page.goto(url(app.url, 'en', '/'));
      await page.locator('main h1').first().waitFor();
      // An endless animation redraws every frame for as long as the tab is open: at the reduced 0.01 ms a
      // turn it took 8 % of a core per tab, and the unseen spinner at its own pace about 2 %.
      const endless = await page.evaluate(() => document.getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
        .map((a) => `${(a as CSSAnimation).animationName} on ${((a.effect as KeyframeEffect).target as Element | null)?.className}`));
      expect(endless).toEqual([]);
      await idle.close();
    });
  }

  for (const [lang, width] of [['en', 320], ['ar', 360], ['zh', 360], ['de', 768]] as const) {
    it(`${lang} at ${width} px: no sideways scrolling, menu opens by keyboard, axe passes`, async () => {
      const small = await browser.newContext({ viewport: { width, height: 740 }, reducedMotion: 'reduce' });
      await small.addInitScript(() => localStorage.setItem('coinmarket.lang', 'en'));
      const page = await small.newPage();
      for (const path of PAGES) {
        await page.goto(url(app.url, lang, path));
        await page.locator('main h1').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${lang} ${path} overflow`).toBeLessThanOrEqual(0);
        expect(await axeProblems(page, AXE_WCAG22), `${lang} ${path} axe`).toEqual([]);
      }
      // Phone layout: the navigation hides behind the menu button, which the keyboard opens.
      const toggle = page.locator('.menu-toggle');
      await expect.poll(() => toggle.isVisible()).toBe(true);
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.locator('#site-nav').isVisible()).toBe(true);
      expect(await axeProblems(page, AXE_WCAG22)).toEqual([]);
      await small.close();
    });
  }
});
