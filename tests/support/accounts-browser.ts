/** Helpers for the accounts browser tests: a browser per file, pages with error capture, signed-in contexts. */
import { existsSync } from 'node:fs';
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
