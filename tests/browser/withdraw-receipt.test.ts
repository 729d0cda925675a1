/**
 * The withdraw form does the seller's work and leaves a receipt (issue 32, item 7): the account's
 * email comes prefilled; below the minimum the form says how much more is needed instead of a range
 * the seller cannot meet; after confirming, a receipt with the amount, the fees, what arrives and by
 * when replaces the form (no Confirm left active), and "another withdrawal" starts from an empty
 * amount. 360 px, English and Arabic, axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_FEE_TABLE, feesFor, MINIMUM_WITHDRAWAL_CENTS } from '../../domain/withdrawal.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import { formatMoney } from '../../web/src/ui/format.js';
import { axeProblems, browserForTests, signInContext } from '../support/accounts-browser.js';
import { browserAvailable, readable } from '../support/browser.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { sellerWithMoney, startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('withdraw form and receipt', () => {
  let w: WithdrawalWorld;
  let browser: Browser;

  beforeAll(async () => {
    [w, browser] = await Promise.all([startWithdrawalWorld(), browserForTests()]);
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: email prefilled, the amount still needed, then a receipt and a reset form`, async () => {
      const dict = lang === 'en' ? en : ar;
      const F = dict.withdraw.form;
      const euro = (cents: number) => formatMoney(cents, 'EUR', lang === 'en' ? 'en-GB' : 'ar');
      const errors: string[] = [];
      // EUR 11.40 available: EUR 8.60 short of the EUR 20.00 minimum.
      const seller = await sellerWithMoney(w, 1140);
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: lang === 'en' ? 'en-US' : 'ar' });
      try {
        await signInContext(context, w.app, seller);
        await context.addCookies([{ name: 'csrf', value: seller.csrf, url: w.app.url }]);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${w.app.url}${lang === 'en' ? '' : `/${lang}`}/member/withdraw`);
        const form = page.getByTestId('withdraw-form');
        await form.waitFor({ timeout: 15_000 });
        const email = form.getByLabel(F.email, { exact: true });
        await expect.poll(() => email.inputValue()).toBe(seller.email);
        const short = F.moreNeeded.replace('{{amount}}', euro(MINIMUM_WITHDRAWAL_CENTS - 1140)).replace('{{min}}', euro(MINIMUM_WITHDRAWAL_CENTS));
        // The amount's hint, read as words (the amounts in it are bidi-isolated in Arabic).
        await expect.poll(async () => (await form.locator('.field-hint').allTextContents()).map(readable)).toContain(short);
        expect(readable(await form.textContent())).not.toContain(F.amountHint.replace('{{min}}', euro(MINIMUM_WITHDRAWAL_CENTS)).replace('{{available}}', euro(1140)));
        expect(await axeProblems(page)).toEqual([]);

        // More money arrives (the ledger written directly, so the page is reloaded), enough to withdraw
        // EUR 25.00: the code goes to the prefilled address.
        await w.wallets.apply({ sellerId: seller.sellerId, opId: `seed:more-${seller.ref}`, kind: 'player_freeze_released', delta: { available: 1860 }, ref: `more-${seller.ref}` });
        await page.reload();
        await form.getByTestId('withdraw-available').filter({ hasText: euro(3000) }).waitFor({ timeout: 15_000 });
        await form.getByLabel(F.amount, { exact: true }).fill('25');
        await form.getByTestId('send-code').click();
        const code = codeIn(await waitForMail(seller.email, /withdrawal|سحب/i));
        await form.getByLabel(F.code, { exact: true }).fill(code);
        await form.getByTestId('confirm-withdrawal').click();

        const receipt = page.getByTestId('withdraw-receipt');
        await receipt.waitFor({ timeout: 30_000 });
        const fees = feesFor(DEFAULT_FEE_TABLE, 'paypal', 2500);
        await expect(receipt.getByTestId('receipt-amount').textContent().then(readable)).resolves.toBe(euro(2500));
        await expect(receipt.getByTestId('receipt-fees').textContent().then(readable)).resolves.toBe(euro(fees.feeCents + fees.handlingFeeCents));
        await expect(receipt.getByTestId('receipt-payout').textContent().then(readable)).resolves.toBe(euro(fees.totalPayoutCents));
        const [before, after] = F.receiptBy.split('{{time}}') as [string, string];
        const arrival = readable(await receipt.getByTestId('receipt-arrival').textContent())!;
        expect(arrival.startsWith(before) && arrival.endsWith(after) && /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(arrival), arrival).toBe(true);
        // No filled form and no active Confirm left behind.
        expect(await page.getByTestId('confirm-withdrawal').count()).toBe(0);
        expect(await axeProblems(page)).toEqual([]);

        await receipt.getByTestId('withdraw-another').click();
        await form.waitFor();
        await expect(form.getByLabel(F.amount, { exact: true }).inputValue()).resolves.toBe('');
        await expect(form.getByLabel(F.code, { exact: true }).inputValue()).resolves.toBe('');
        await expect(email.inputValue()).resolves.toBe(seller.email);
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
