/** Helpers for the accounts browser tests: a browser per file, pages with error capture, signed-in contexts. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildWeb } from '../../scripts/build-web.js';
import { launchBrowser } from './browser.js';
import { startTestApp, type TestApp } from './app.js';
import type { SignedInSeller } from './sellers.js';

export async function browserForTests(): Promise<Browser> {
  if (!existsSync('dist/web/index.html')) await buildWeb();
  return (await launchBrowser())!;
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors (each test expects none). */
  errors: string[];
}

/** A fresh context and page (English unless `locale` says otherwise). */
export async function openPage(browser: Browser, width = 1280, locale = 'en-US'): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
let axeSource: string | undefined;

/**
 * What a seller using a screen reader or a phone would trip over: axe-core's serious and critical
 * findings, and (unless `overflow: false`) the page being wider than the screen. `wcag22` adds the
 * WCAG 2.2 AA rules.
 */
export async function axeProblems(page: Page, options: { wcag22?: boolean; overflow?: boolean } = {}): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Once per document: a page checked again (a dialog opened, a tab switched) keeps axe from the first
  // check; sending and compiling its 0.5 MB again took 0.1 to 0.6 s a time on the loaded 2-core machine.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const tags = options.wcag22 ? [...AXE_TAGS, 'wcag22aa'] : AXE_TAGS;
  // What a reader sees once the page is still: a page sliding in (0.3 s, from opacity 0) read as low
  // contrast to axe on a loaded machine (logout, then the sign-in page). Endless ones and paused ones (the hidden
  // overlay's spinner) never finish, so they are not waited for.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))));
  const found = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // Only violations are read: axe then builds selectors for one node of each passing, inapplicable
    // or incomplete rule instead of for every node (axe's documented option for large pages).
    const r = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, tags);
  if (options.overflow === false) return found;
  const wide = await page.evaluate(() => (document.documentElement.scrollWidth > innerWidth ? [`page is ${document.documentElement.scrollWidth}px wide`] : []));
  return [...found, ...wide];
}

/**
 * The hooks every account browser file needs: one browser and one real API for the file, and every
 * page a test opens checked for uncaught errors and closed after it.
 */
export function accountsBrowserSuite(): { readonly app: TestApp; open(width?: number, locale?: string): Promise<OpenPage> } {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let opened: OpenPage[] = [];
  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    for (const p of pages) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
  return {
    get app() {
      return app!;
    },
    open: async (width, locale) => {
      const p = await openPage(browser!, width, locale);
      opened.push(p);
      return p;
    },
  };
}

/** Puts an API-made seller's session cookies into a browser context. */
export async function signInContext(context: BrowserContext, app: Pick<TestApp, 'url'>, seller: SignedInSeller): Promise<void> {
  await context.addCookies(
    seller.cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: app.url };
    }),
  );
}

/**
 * A fresh page signed in as an API-made seller (English unless `locale` says otherwise), with the
 * readable CSRF cookie the sign-in page would have set, so the page's writes send it back.
 */
export async function sellerPage(browser: Browser, app: Pick<TestApp, 'url'>, seller: SignedInSeller, width = 1280, locale = 'en-US'): Promise<OpenPage> {
  const p = await openPage(browser, width, locale);
  await signInContext(p.context, app, seller);
  if (!seller.cookie.includes('csrf=')) await p.context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
  return p;
}

/** Ticks the proof-of-work captcha box (found by its label) and waits until this browser has solved the challenge. */
export async function solveCaptcha(page: Page, label: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).check();
  await page.getByTestId('captcha-status').and(page.locator('[data-phase="verified"]')).waitFor({ timeout: 60_000 });
}

/** The text of the error tied to a control by aria-describedby (the control looked up in `scope`, default the page). */
export async function describedError(page: Page, label: string, scope: Page | Locator = page): Promise<string> {
  const control = scope.getByLabel(label, { exact: true });
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').filter((id) => id.endsWith('-error')).map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join('').trim();
}

/** The page the app shell shows now (others stay mounted, hidden, in the keep-alive cache). */
export const activePage = (page: Page): Locator => page.locator('.page[data-active="true"]');

/** The words of the "Confirm it is you" prompt in one language (dictionary `account.reauth`). */
export interface ReauthWords { title: string; password: string; confirm: string }

/**
 * Answers the page's "Confirm it is you" prompt with `password` (docs/security.md, item 25); with
 * `axe`, the open prompt is checked first. Returns once the prompt has closed.
 */
export async function confirmItIsYou(page: Page, words: ReauthWords, password: string, axe = false): Promise<void> {
  const prompt = page.getByRole('dialog', { name: words.title });
  await prompt.waitFor();
  if (axe) expect(await axeProblems(page)).toEqual([]);
  await prompt.getByLabel(words.password, { exact: true }).fill(password);
  await prompt.getByRole('button', { name: words.confirm }).click();
  await prompt.waitFor({ state: 'detached' });
}
