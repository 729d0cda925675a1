/**
 * Issue 33, "Words": pages say what the controls and the product do, at 360 and 1280 px, in English
 * and Arabic, axe clean. The visitor notice names the button as the header writes it ("Sign in");
 * the sign-up captcha error names the checkbox, not a code to enter; an empty list under a filter
 * says no record matches (and clears it), "No records yet" only when there are none; the FAQ says
 * what the product does about Payment Error, an unverified PayPal and leftover coins. Real API.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appLive, browserAvailable, readable } from '../support/browser.js';
import { accountsBrowserSuite, axeProblems, describedError, signInContext } from '../support/accounts-browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { PRODUCT_NAMES } from '../../domain/product-names.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const VIEWS = [
  { lang: 'en', width: 1280, prefix: '', locale: 'en-US', dict: en },
  { lang: 'en', width: 360, prefix: '', locale: 'en-US', dict: en },
  { lang: 'ar', width: 1280, prefix: '/ar', locale: 'ar', dict: ar },
  { lang: 'ar', width: 360, prefix: '/ar', locale: 'ar', dict: ar },
] as const;

const text = async (page: Page, testId: string) => readable(await page.getByTestId(testId).first().textContent())!.trim();

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('words that agree with the product', () => {
  const suite = accountsBrowserSuite();

  for (const v of VIEWS) {
    describe(`${v.lang} at ${v.width} px`, () => {
      it('a visitor is told to click the button by the name the header gives it', async () => {
        const { page } = await suite.open(v.width, v.locale);
        await page.goto(`${suite.app.url}${v.prefix}/sell-coins-player-trade`);
        const notice = await text(page, 'visitor-notice');
        // The header's own words for the button (on phones it sits in the menu, so read from the dictionary the header uses).
        expect(notice).toContain(v.dict.nav.signIn);
        expect(notice).not.toMatch(/log ?in/i);
        expect(await axeProblems(page)).toEqual([]);
      });

      it('sign-up without ticking the captcha box names the box, not a code to enter', async () => {
        const { page } = await suite.open(v.width, v.locale);
        const A = v.dict.account;
        await page.goto(`${suite.app.url}${v.prefix}/signup`);
        await page.getByRole('button', { name: A.signup.submit }).click();
        await expect.poll(() => describedError(page, A.captcha.label)).not.toBe('');
        const error = await describedError(page, A.captcha.label);
        expect(error).toContain(A.captcha.label);
        expect(error).not.toMatch(/code|رمز/i);
        expect(await axeProblems(page)).toEqual([]);
      });

      it('an empty list under a filter says nothing matches and clears it; "No records yet" only without a filter', async () => {
        const seller = await createSignedInSeller(suite.app);
        const { page, context } = await suite.open(v.width, v.locale);
        await signInContext(context, suite.app, seller);
        await page.goto(`${suite.app.url}${v.prefix}/member/player-record`);
        await expect.poll(() => text(page, 'records-empty')).toBe(v.dict.player.empty);
        expect(await page.getByTestId('records-empty').getAttribute('data-filtered')).toBeNull();
        await page.getByTestId('tab-settled').click();
        await page.locator('[data-testid="records-empty"][data-filtered="true"]').waitFor();
        expect(await text(page, 'records-empty')).not.toContain(v.dict.player.empty);
        expect(await axeProblems(page)).toEqual([]);
        await page.getByTestId('clear-filter').click();
        await expect.poll(() => page.getByTestId('tab-all').getAttribute('aria-selected')).toBe('true');
        await expect.poll(() => text(page, 'records-empty')).toBe(v.dict.player.empty);

        await page.goto(`${suite.app.url}${v.prefix}/member/sold-record`);
        await expect.poll(() => text(page, 'records-empty')).toBe(v.dict.comfort.record.empty);
        await page.getByTestId('status-filter').selectOption('paid');
        await page.locator('[data-testid="records-empty"][data-filtered="true"]').waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await page.getByTestId('clear-filter').click();
        await expect.poll(() => page.getByTestId('status-filter').inputValue()).toBe('all');
        await expect.poll(() => text(page, 'records-empty')).toBe(v.dict.comfort.record.empty);
      });

      it('the FAQ says what the product does: Payment Error fixed in Settings, unverified PayPal money back to withdraw again, leftovers by player trade', async () => {
        const { page } = await suite.open(v.width, v.locale);
        await page.goto(`${suite.app.url}${v.prefix}/faq`);
        const status = (name: string) => page.locator('.status-row').filter({ has: page.locator('dt', { hasText: name }) }).locator('dd');
        const paymentError = readable(await status(v.dict.faq.statuses[5]!.name).textContent())!;
        // "Settings" as the menu writes it, and no "contact support" for what the seller fixes alone.
        expect(paymentError).toContain(v.lang === 'en' ? 'Settings' : 'الإعدادات');
        expect(paymentError).not.toMatch(/support|الدعم/i);
        const leftover = readable(await status(v.dict.faq.statuses[1]!.name).textContent())!;
        expect(leftover).toContain(v.lang === 'en' ? PRODUCT_NAMES.en.playerTrade.toLowerCase() : PRODUCT_NAMES.ar.playerTrade);
        expect(leftover).toContain('100,000');
        expect(await axeProblems(page)).toEqual([]);

        // The FAQ is prerendered: its tabs answer once the app runs (a tap before that is lost; CI clicked too early once).
        await appLive(page);
        await page.getByRole('tab', { name: v.dict.faq.tabs.payment }).click();
        const question = page.locator('details.qa').filter({ hasText: v.lang === 'en' ? 'not verified' : 'غير موثّق' });
        await question.locator('summary').click();
        const answer = readable(await question.locator('p').textContent())!;
        // The money comes back to the balance and the seller withdraws again: support sends nothing again.
        expect(answer).toMatch(v.lang === 'en' ? /available balance.*withdraw again/ : /رصيدك المتاح.*اسحب مجددًا/);
        expect(answer).not.toMatch(/support|الدعم/i);
        expect(await axeProblems(page)).toEqual([]);
      });
    });
  }
});
