/**
 * Times in the seller's zone and amounts also in their currency (issue 32), at 360 and 1280 px, in
 * English and Arabic, axe clean: the seller picks Asia/Tokyo and USD in Settings (the browser is in
 * UTC); the withdraw page names the zone and shows the available balance with "≈ … USD (rate of
 * 2026-11-27)"; the balance page names the zone, shows the available balance the same way and the
 * withdrawal's record with its time in Tokyo and its amount also in USD; the ledger's running balance
 * also in USD and the withdrawal's fees on its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import { DEFAULT_DATE_PATTERN, formatDate, formatMoney } from '../../web/src/ui/format.js';
import { LOCALES } from '../../web/src/i18n/index.js';
import { convertCents } from '../../domain/currencies.js';
import { axeProblems, browserForTests, signInContext } from '../support/accounts-browser.js';
import { browserAvailable, readable } from '../support/browser.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

const RATE = '1.0860';
const RATE_DATE = '2026-11-27';
const ZONE = 'Asia/Tokyo';
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')("times in the seller's zone, amounts in their currency", () => {
  let w: WithdrawalWorld;
  let browser: Browser;

  beforeAll(async () => {
    [w, browser] = await Promise.all([
      startWithdrawalWorld({ app: { config: { currencyList: ['EUR', 'USD'], currencyRates: { USD: RATE }, currencyRatesDate: RATE_DATE } } }),
      browserForTests(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: chosen in Settings, the withdraw and balance pages show Tokyo times with the zone and dated USD amounts`, async () => {
        const dict = lang === 'en' ? en : ar;
        const prefix = lang === 'en' ? '' : `/${lang}`;
        const euro = (cents: number) => formatMoney(cents, 'EUR', LOCALES[lang]);
        const approx = (cents: number) => fill(dict.player.balance.approxRate, { amount: formatMoney(convertCents(cents, RATE), 'USD', LOCALES[lang]), date: RATE_DATE });
        const seller = await sellerWithMoney(w, 5000);
        const { body } = await withdraw(seller, 2500);
        expect(body.withdrawalId ?? body.withdrawal?.withdrawalId, JSON.stringify(body)).toBeTruthy();
        const list = await (await seller.fetch('/api/withdrawals')).json() as { items: { requestedAt: number; fees: { feeCents: number; handlingFeeCents: number } }[] };
        const requestedAt = list.items[0].requestedAt;
        const fee = list.items[0].fees.feeCents + list.items[0].fees.handlingFeeCents;
        const errors: string[] = [];
        // The browser's own zone is UTC: what the seller sees in Tokyo is their choice, not the device's.
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'en' ? 'en-US' : 'ar', timezoneId: 'UTC' });
        const check = async (page: Page, what: string) => {
          expect(await overflow(page), `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
          await page.evaluate(() => scrollTo(0, 0));
          expect(await axeProblems(page), `${what}: axe`).toEqual([]);
        };
        try {
          await signInContext(context, w.app, seller);
          await context.addCookies([{ name: 'csrf', value: seller.csrf, url: w.app.url }]);
          const page = await context.newPage();
          page.on('pageerror', (e) => errors.push(e.message));

          await page.goto(`${w.app.url}${prefix}/member/my-info`);
          const card = page.getByTestId('display-settings');
          await card.waitFor({ timeout: 15_000 });
          await card.getByLabel(dict.account.display.timeZone, { exact: true }).selectOption(ZONE);
          await card.getByLabel(dict.account.display.currency, { exact: true }).selectOption('USD');
          await card.getByRole('button', { name: dict.account.display.save }).click();
          await card.getByTestId('form-notice').filter({ hasText: lang === 'en' ? 'saved' : /./ }).waitFor();
          await expect.poll(async () => (await (await seller.fetch('/api/me')).json()).timeZone).toBe(ZONE);
          await check(page, 'settings');

          await page.goto(`${w.app.url}${prefix}/member/withdraw`);
          const note = page.getByTestId('zone-note');
          await note.waitFor({ timeout: 15_000 });
          expect(readable(await note.textContent())).toContain(fill(dict.comfort.zone.note, { zone: ZONE }));
          const available = page.getByTestId('withdraw-available');
          await expect.poll(async () => readable(await available.textContent())).toContain(euro(2500));
          expect(readable(await available.getByTestId('approx').textContent())?.trim()).toBe(approx(2500));
          await check(page, 'withdraw');

          await page.goto(`${w.app.url}${prefix}/member/coins-balance`);
          const total = page.getByTestId('balance-available');
          await total.waitFor({ timeout: 15_000 });
          expect(readable(await page.getByTestId('zone-note').textContent())).toContain(fill(dict.comfort.zone.note, { zone: ZONE }));
          const cell = total.locator('xpath=..');
          expect(readable(await cell.getByTestId('approx').textContent())?.trim()).toBe(approx(2500));
          // The withdrawal's record: its time in Tokyo (the page names the zone above), its amount also in USD.
          const date = page.getByTestId('withdrawal-date').first();
          await date.waitFor({ timeout: 15_000 });
          expect(readable(await date.textContent())).toBe(formatDate(requestedAt, DEFAULT_DATE_PATTERN, ZONE));
          const row = page.getByTestId('withdrawal').first();
          expect(readable(await row.getByTestId('approx').textContent())?.trim()).toBe(approx(2500));
          await check(page, 'balance');

          // The ledger: the running balance after the newest entry (the withdrawal) also in USD.
          await page.goto(`${w.app.url}${prefix}/member/ledger`);
          const balance = page.getByTestId('ledger-balance').first();
          await balance.waitFor({ timeout: 15_000 });
          expect(readable(await balance.locator('strong').textContent())).toBe(euro(2500));
          expect(readable(await balance.getByTestId('approx').textContent())?.trim()).toBe(approx(2500));
          // The withdrawal request's row names its fees (inside the 25.00), from the withdrawal's record.
          const request = page.getByTestId('ledger-row').filter({ hasText: dict.withdraw.ledger.kinds.withdrawal_requested });
          expect(await request.count()).toBe(1);
          expect(readable(await request.getByTestId('ledger-fee').textContent())).toBe(euro(fee));
          await check(page, 'ledger');
        } finally {
          await context.close();
        }
        expect(errors).toEqual([]);
      }, 120_000);
    }
  }
});
