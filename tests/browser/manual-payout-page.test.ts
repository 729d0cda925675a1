/**
 * A manual payout on the seller's balance page (real browser, API, worker, Temporal and SMTP): the
 * history row says "Payment in progress" and that our support team pays it by hand, by when and what
 * happens next, in English and Arabic, at 360 px, passing axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import { axeProblems, browserForTests, signInContext } from '../support/accounts-browser.js';
import { browserAvailable } from '../support/browser.js';
import { eventually } from '../support/servers.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('a manual payout on the balance page', () => {
  let w: WithdrawalWorld;
  let browser: Browser;
  // The provider pays PayPal only: a Skrill withdrawal is paid by hand.
  beforeAll(async () => { [w, browser] = await Promise.all([startWithdrawalWorld({ payoutMethods: ['paypal'] }), browserForTests()]); });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  for (const [lang, dict] of [['en', en], ['ar', ar]] as const) {
    it(`${lang} at 360 px: the row says it is paid by hand by support, by when, and passes axe`, { timeout: 120_000 }, async () => {
      const seller = await sellerWithMoney(w, 5_000, { paymentMethod: 'skrill', paymentAddress: 'skrill-seller@example.com' });
      const { res, withdrawalId } = await withdraw(seller, 3_000);
      expect(res.status).toBe(201);
      await eventually(async () => {
        const r = await w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: withdrawalId as never });
        return r?.state === 'manual_payout' ? r : null;
      }, 30_000, 'waiting as a manual payout');

      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: lang });
      try {
        await signInContext(context, w.app, seller);
        await context.addCookies([{ name: 'csrf', value: seller.csrf, url: w.app.url }]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${w.app.url}${lang === 'en' ? '' : `/${lang}`}/member/coins-balance`);
        const row = page.locator(`[data-id="${withdrawalId}"]`);
        await row.waitFor({ timeout: 15_000 });
        expect(await row.getAttribute('data-status')).toBe('in_progress');
        await expect(row.getByTestId('withdrawal-status').locator('strong').textContent()).resolves.toBe(dict.withdraw.status.in_progress);
        const manual = (await row.getByTestId('withdrawal-manual').textContent())!;
        const [before, after] = dict.withdraw.manual.split('{{date}}');
        expect(manual.startsWith(before!)).toBe(true);
        expect(manual.endsWith(after!)).toBe(true);
        // The date itself, between the two parts.
        expect(manual.slice(before!.length, manual.length - after!.length)).toMatch(/\d/);
        expect(await axeProblems(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
