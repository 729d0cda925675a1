/**
 * A new seller is pointed to what payouts need (issue 32, finding 3), on a 360 px phone in English
 * and Arabic with axe: sign-up mails the proof code (read from the real mail catcher), a banner says
 * what is missing and why, the comfort and player-trade forms say it before selling, each link lands
 * in its field on the settings page, and the banner goes as soon as both are done.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { GOOD_PASSWORD, uniqueEmail } from '../support/sellers.js';
import { accountsBrowserSuite, activePage, axeProblems, solveCaptcha } from '../support/accounts-browser.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { PROOF_SUBJECT } from '../support/proven.js';
import { accountText } from '../../infra/mail/account-texts.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

/** The focused control, and the id of the settings part it sits in. */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  return el ? `${el.tagName.toLowerCase()} in ${el.closest('[id="email-proof"], [id="payout-details"]')?.id ?? 'none'}` : 'nothing';
});

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('payout setup for a new seller', () => {
  const suite = accountsBrowserSuite();

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: sign-up mails the code; banner and form warnings until the address is proven and payout details are set`, async () => {
      const D = lang === 'en' ? en : ar;
      const A = D.account;
      const prefix = lang === 'en' ? '' : '/ar';
      const { page } = await suite.open(360, lang === 'en' ? 'en-US' : 'ar');
      const url = suite.app.url;
      const email = uniqueEmail(`setup-${lang}`);

      await page.goto(`${url}${prefix}/signup`);
      await page.getByLabel(A.email, { exact: true }).fill(email);
      await page.getByLabel(A.password, { exact: true }).fill(GOOD_PASSWORD);
      await page.getByLabel(A.confirmPassword, { exact: true }).fill(GOOD_PASSWORD);
      await solveCaptcha(page, A.captcha.label);
      await page.getByLabel(A.signup.agreement).check();
      await page.getByRole('button', { name: A.signup.submit }).click();
      await page.getByRole('dialog', { name: A.username.title }).getByRole('button', { name: A.username.later }).click();

      // The code is in the mailbox without asking for it, in the language the seller signed up in.
      const subject = lang === 'en' ? PROOF_SUBJECT : new RegExp(accountText(lang, 'proofSubject').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const code = codeIn(await waitForMail(email, subject));

      // The banner: what is missing, why, and where.
      const banner = page.getByRole('region', { name: A.setup.title });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(A.setup.why);
      expect(await banner.getByRole('link', { name: A.setup.verify }).getAttribute('href')).toBe(`${prefix}/member/my-info#email-proof`);
      expect(await banner.getByText(A.setup.verifyMailed).count()).toBe(1);
      expect(await banner.getByRole('link', { name: A.setup.payout }).getAttribute('href')).toBe(`${prefix}/member/my-info#payout-details`);
      expect(await axeProblems(page)).toEqual([]);

      // Both sell forms say it before anything is submitted.
      await page.goto(`${url}${prefix}/sell-coins-player-trade`);
      const playerNotice = activePage(page).getByRole('note').filter({ hasText: A.setup.formWhy });
      await playerNotice.waitFor();
      expect(await playerNotice.getByRole('link', { name: A.setup.payout }).count()).toBe(1);
      expect(await axeProblems(page)).toEqual([]);
      await page.goto(`${url}${prefix}/sell-coins-comfort-trade`);
      const comfortNotice = activePage(page).getByTestId('comfort-form').getByRole('note').filter({ hasText: A.setup.formWhy });
      await comfortNotice.waitFor();
      expect(await comfortNotice.textContent()).toContain(A.setup.formTitle);
      expect(await axeProblems(page)).toEqual([]);

      // The form's link lands in the code field of the settings page.
      await comfortNotice.getByRole('link', { name: A.setup.verify }).click();
      await expect.poll(() => focused(page)).toBe('input in email-proof');
      const proof = activePage(page).getByRole('region', { name: A.verify.title });
      await proof.getByLabel(A.signin.code, { exact: true }).fill(code);
      await proof.getByRole('button', { name: A.verify.submit }).click();
      await proof.getByText(A.msg.EMAIL_VERIFIED).waitFor();
      // Proven: the banner now names the payout details alone.
      await expect.poll(() => banner.getByRole('link').count()).toBe(1);
      expect(await axeProblems(page)).toEqual([]);

      // The banner's link lands in the payout form; saving there makes the banner go at once.
      await banner.getByRole('link', { name: A.setup.payout }).click();
      await expect.poll(() => focused(page)).toBe('select in payout-details');
      const payout = activePage(page).getByTestId('payout-settings');
      await payout.getByLabel(A.info.paymentMethod, { exact: true }).selectOption('paypal');
      await payout.getByLabel(A.info.paymentAddress, { exact: true }).fill(`pay-${email}`);
      await payout.getByLabel(A.info.trueName, { exact: true }).fill('Jane Seller');
      await payout.getByLabel(A.info.payoutPassword, { exact: true }).fill(GOOD_PASSWORD);
      await payout.getByRole('button', { name: A.info.savePayout }).click();
      await payout.getByText(A.msg.SETTINGS_SAVED).waitFor();
      await banner.waitFor({ state: 'detached' });
      expect(await axeProblems(page)).toEqual([]);

      // And the sell forms no longer warn (a fresh load: the server says both are done).
      await page.goto(`${url}${prefix}/sell-coins-comfort-trade`);
      await activePage(page).getByTestId('comfort-form').waitFor();
      expect(await page.getByTestId('payout-setup-notice').count()).toBe(0);
      expect(await page.getByTestId('payout-setup-banner').count()).toBe(0);
    });
  }
});
