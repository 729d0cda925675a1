/**
 * Logging out on a shared phone (issue 32, item 1): after "Log out?" is confirmed, nothing of the
 * seller stays in the page (balance, payout address, the kept-alive pages), the menu is closed and
 * the sign-in page shows, in this tab and in the seller's other open tab. 360 and 1280 px, English and Arabic, axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { accountsBrowserSuite, axeProblems, signInContext } from '../support/accounts-browser.js';
import { PAYOUT_DETAILS, sellerWithPayoutDetails } from '../support/worlds.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import enAccount from '../../web/src/i18n/dict/account/en.js';
import arAccount from '../../web/src/i18n/dict/account/ar.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('logging out', () => {
  const suite = accountsBrowserSuite();

  /** Everything the document holds, hidden kept-alive pages included. */
  const html = (page: Page) => page.evaluate(() => document.documentElement.innerHTML);

  for (const [lang, width] of [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const) {
    it(`${lang} at ${width} px: confirming "Log out?" leaves no money or address in either open tab and shows the sign-in page`, async () => {
      const W = lang === 'en' ? en : ar;
      const A = lang === 'en' ? enAccount : arAccount;
      const prefix = lang === 'en' ? '' : '/ar';
      const seller = await sellerWithPayoutDetails(suite.app);
      const { context, page } = await suite.open(width, lang === 'en' ? 'en-US' : 'ar');
      await signInContext(context, suite.app, seller);
      if (!seller.cookie.includes('csrf=')) await context.addCookies([{ name: 'csrf', value: seller.csrf, url: suite.app.url }]);
      const other = await context.newPage();
      for (const p of [page, other]) {
        await p.goto(`${suite.app.url}${prefix}/member/coins-balance`);
        await p.getByTestId('payout-method').filter({ hasText: PAYOUT_DETAILS.paymentAddress }).waitFor({ timeout: 15_000 });
      }
      // A second page visited stays mounted (kept alive) until the session ends.
      await page.goto(`${suite.app.url}${prefix}/member/my-info`);
      await page.goto(`${suite.app.url}${prefix}/member/coins-balance`);
      await page.getByTestId('payout-method').filter({ hasText: PAYOUT_DETAILS.paymentAddress }).waitFor();

      // On a phone the menu opens first; at 1280 px the items are in the header bar.
      const toggle = page.locator('header .menu-toggle');
      if (await toggle.isVisible()) await toggle.click();
      await page.locator('header').getByRole('button', { name: W.nav.logout }).click();
      const dialog = page.getByRole('dialog', { name: A.logout.title });
      await dialog.getByText(A.logout.confirm).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: W.nav.logout }).click();

      for (const p of [page, other]) {
        await p.waitForURL((u) => u.pathname === `${prefix}/signin`, { timeout: 15_000 });
        await p.locator('.page[data-active="true"] h1').waitFor();
        const left = await html(p);
        expect(left).not.toContain(PAYOUT_DETAILS.paymentAddress);
        expect(await p.getByTestId('balance-available').count()).toBe(0);
      }
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
      expect(await axeProblems(page)).toEqual([]);
    });
  }
});
