/**
 * Comfort trade in a real browser: the form (live estimate, one-click paste of six codes, each wrong
 * code's message, the authSecret path, "Sell Successfully" and the run in the record), the visitor
 * notice, and both pages at 360 px and 1280 px with axe in English and Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { browserForTests, describedError, signInContext } from '../support/accounts-browser.js';
import { backupCodeMessage, EMAIL_FORMAT, LOG_IN_TO_VIEW, REQUIRED } from '../../domain/messages.js';
import { AUTH_SECRET_MESSAGE, MIN_COINS_MESSAGE } from '../../domain/comfort-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings, and anything wider than the screen. */
async function problems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  const wide = await page.evaluate(() => (document.documentElement.scrollWidth > innerWidth ? [`page is ${document.documentElement.scrollWidth}px wide`] : []));
  return [...found, ...wide];
}

const CODES = ['12345678', '23456789', '34567890', '45678901', '56789012', '67890123'];
const euro = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('comfort trade in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function signedIn(seller: SignedInSeller, width = 1280, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    await signInContext(context, app, seller);
    // The readable CSRF cookie the sign-in page would have set; writes send it back as a header.
    await context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  }

  const form = (page: Page) => page.getByTestId('comfort-form');

  it('visitors read "Click Log In to view all content" and the rules before selling', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/sell-coins-comfort-trade`);
    await expect(page.getByTestId('visitor-notice').textContent({ timeout: 15_000 })).resolves.toBe(LOG_IN_TO_VIEW);
    const rules = await page.getByTestId('comfort-before').textContent();
    expect(rules).toContain('100,000 coins');
    expect(rules).toContain('7-10 days and 20-25 matches');
    await page.goto(`${app.url}/member/sold-record`);
    await expect(page.getByTestId('visitor-notice').textContent({ timeout: 15_000 })).resolves.toBe(LOG_IN_TO_VIEW);
    await context.close();
  });

  it('shows the unit price and estimated income live, each wrong field in the specification words, one-click paste of six codes, and the authSecret rule', async () => {
    const seller = await createSignedInSeller(app);
    const { context, page } = await signedIn(seller);
    await page.goto(`${app.url}/sell-coins-comfort-trade`);
    await form(page).waitFor({ timeout: 15_000 });

    // Live estimate from the operator's price table.
    await page.getByLabel('Platform', { exact: true }).selectOption('pc');
    await page.getByLabel('Coin amount', { exact: true }).fill('250000');
    await expect(page.getByTestId('unit-price').textContent()).resolves.toBe(`${euro(DEFAULT_PRICE_TABLE.pc)} per 100K coins`);
    await expect(page.getByTestId('estimated-income').textContent()).resolves.toBe(euro((250_000 * DEFAULT_PRICE_TABLE.pc) / 100_000));
    await page.getByLabel('Coin amount', { exact: true }).fill('300000');
    await expect(page.getByTestId('estimated-income').textContent()).resolves.toBe(euro(DEFAULT_PRICE_TABLE.pc * 3));

    // Everything wrong at once: each field says what is wrong, in the specification's words.
    await page.getByLabel('Coin amount', { exact: true }).fill('99999');
    await page.getByLabel('Web app email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Backup code 2', { exact: true }).fill('1234567');
    await page.getByLabel('Backup code 5', { exact: true }).fill('abcdefgh');
    await page.getByTestId('sell-now').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await describedError(page, 'Coin amount')).toBe(MIN_COINS_MESSAGE);
    expect(await describedError(page, 'Web app email')).toBe(EMAIL_FORMAT);
    expect(await describedError(page, 'Web app password')).toBe(REQUIRED);
    for (let n = 1; n <= 6; n++) expect(await describedError(page, `Backup code ${n}`)).toBe(backupCodeMessage(n));

    // One-click paste of "1.code 2.code ... 6.code" across lines and spaces fills all six.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.evaluate((text) => navigator.clipboard.writeText(text), `1.${CODES[0]} 2.${CODES[1]}\n3. ${CODES[2]}\n 4.${CODES[3]}  5.${CODES[4]}\n6.${CODES[5]}`);
    await page.getByTestId('paste-codes').click();
    for (let n = 1; n <= 6; n++) {
      await expect(page.getByLabel(`Backup code ${n}`, { exact: true }).inputValue()).resolves.toBe(CODES[n - 1]);
      expect(await describedError(page, `Backup code ${n}`)).toBe('');
    }
    // A pasted list with a wrong code: that code's message only.
    await page.getByLabel('Backup code 3', { exact: true }).fill('3456789');
    await page.getByTestId('sell-now').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await describedError(page, 'Backup code 3')).toBe(backupCodeMessage(3));
    expect(await describedError(page, 'Backup code 4')).toBe('');

    // The authSecret path: a 16-character key instead of the codes.
    await page.getByLabel('Authenticator key (authSecret)').check();
    await page.getByLabel('authSecret', { exact: true }).fill('SHORTKEY');
    await page.getByTestId('sell-now').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await describedError(page, 'authSecret')).toBe(AUTH_SECRET_MESSAGE);
    expect(await page.getByTestId('backup-codes').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: the form with errors and the record fit and pass axe`, async () => {
        const seller = await createSignedInSeller(app);
        const { context, page } = await signedIn(seller, width, lang);
        const url = (path: string) => `${app.url}${lang === 'en' ? '' : `/${lang}`}${path}`;
        const report: string[] = [];
        const check = async (where: string) => {
          await page.locator('.page[data-active="true"] h1').waitFor();
          for (const p of await problems(page)) report.push(`${where}: ${p}`);
          if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${lang}-${width}-${where.replace(/\W+/g, '-')}.png`, fullPage: true });
        };
        try {
          await page.goto(url('/sell-coins-comfort-trade'));
          await form(page).waitFor({ timeout: 15_000 });
          await page.getByTestId('sell-now').click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          await check('form with errors');
          await page.getByTestId('mode-batch').check();
          await page.getByTestId('batch-upload').waitFor();
          await check('batch upload');
          await page.goto(url('/member/sold-record'));
          await page.getByTestId('status-filter').waitFor({ timeout: 15_000 });
          await check('sold record');
        } finally {
          await context.close();
        }
        expect(report).toEqual([]);
      });
    }
  }
});
