/**
 * Issue 33 (desktop): the comfort sell record (/member/sold-record) keeps every date and email whole,
 * and so does the balance page's payout address and frozen amounts. With a page full of real runs
 * (ten, made through the API and workflows) at 1280 px and 360 px, in English and Arabic: each
 * submitted and completed date is laid out on one line, each email on one line and not cut, and the
 * page passes axe. Before, the 11-column grid wrapped each date onto three lines and broke emails
 * mid-word at 1280 px, and the phone's balance card broke the payout email mid-word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, browserForTests, sellerPage } from '../support/accounts-browser.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { submission, submit } from '../support/comfort.js';
import { savePayoutSettings } from '../support/withdrawals.js';
import { wholeOnOneLine } from '../support/layout-checks.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const COMBOS = [['en', 1280], ['ar', 1280], ['en', 360], ['ar', 360]] as const;
const at = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);
/** The record's page size: the test fills one page. */
const PAGE = 10;

/** Every element of `els` is whole on one line; the failures name the text. */
async function allWhole(els: Locator): Promise<string[]> {
  const bad: string[] = [];
  for (const el of await els.all()) {
    const { lines, cut } = await wholeOnOneLine(el);
    if (lines !== 1 || cut) bad.push(`${await el.textContent()}: ${lines} lines${cut ? ', cut' : ''}`);
  }
  return bad;
}

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('records keep dates and emails whole', () => {
  let world: SellerWorld;
  let browser: Browser;
  let history: Awaited<ReturnType<SellerWorld['sellerWithHistory']>>;
  let address: string;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startSellerWorld();
    history = await world.sellerWithHistory();
    // A page full of runs: the history's three (paid, under review, waiting for codes) and more submitted.
    for (let i = 3; i < PAGE; i++) await submit(history.seller, submission({ coinAmount: 100_000 + i * 50_000 }));
    // A payout address as long as many real ones (25 characters): wider than the old two-column card's value column.
    address = `maria.f.${history.seller.sellerId.slice(-4)}@example.com`;
    await savePayoutSettings(history.seller, { paymentAddress: address });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the sell record's dates and emails and the balance's emails stay whole`, async () => {
      const { page, context, errors } = await sellerPage(browser, world.app, history.seller, width, lang === 'ar' ? 'ar' : 'en-US');
      try {
        await page.goto(world.app.url + at(lang, '/member/sold-record'));
        const rows = page.getByTestId('comfort-run');
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(PAGE);
        // Completed runs have a completed date; the others say "not yet": both one line.
        const dates = page.locator('[data-testid="run-submitted"], [data-testid="run-completed"]');
        expect(await dates.count()).toBe(PAGE * 2);
        expect(await allWhole(dates), 'dates on one line').toEqual([]);
        // One line box high: the date cell is as tall as one line of its text.
        const submitted = page.getByTestId('run-submitted').first();
        const [height, lineHeight] = await submitted.evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight)]);
        expect(height, 'date cell one line high').toBeLessThan(lineHeight * 1.5);
        expect(await allWhole(page.getByTestId('origin-email')), 'emails whole').toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scrolling').toBeLessThanOrEqual(0);
        expect(await axeProblems(page, AXE_WCAG22), 'record axe').toEqual([]);

        await page.goto(world.app.url + at(lang, '/member/coins-balance'));
        const method = page.getByTestId('payout-method');
        await expect.poll(async () => readable(await method.textContent()), { timeout: 15_000 }).toContain(address);
        const email = method.locator('[dir="ltr"]').first();
        expect(await wholeOnOneLine(email), 'payout email whole').toEqual({ lines: 1, cut: false });
        await page.getByTestId('frozen-item').first().waitFor({ timeout: 15_000 });
        // A comfort run's frozen amount names its game email: whole too.
        expect(await allWhole(page.locator('[data-testid="frozen-item"] [dir="ltr"]')), 'frozen emails whole').toEqual([]);
        expect(await axeProblems(page, AXE_WCAG22), 'balance axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
