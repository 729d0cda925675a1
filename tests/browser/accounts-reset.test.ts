/**
 * Password reset in the browser on the real API: the link is requested on /password, read from
 * the real email, opened; the new password must be typed twice alike and differ from the old one;
 * afterwards the new password signs in and the link is spent.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../support/browser.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { createSignedInSeller } from '../support/sellers.js';
import { accountsBrowserSuite, activePage, describedError, type OpenPage } from '../support/accounts-browser.js';
import * as M from '../../domain/messages.js';
import en from '../../web/src/i18n/dict/en.js';

const A = en.account;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('password reset in the browser', () => {
  const suite = accountsBrowserSuite();
  let open: OpenPage;

  it('resets the password through the real emailed link', async () => {
    const seller = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/signin`);
    await page.getByRole('tabpanel').getByRole('link', { name: A.signin.forgot }).click();
    await page.getByRole('heading', { level: 1, name: en.titles.password }).waitFor();
    const forgot = activePage(page);
    await forgot.getByRole('button', { name: A.forgot.submit }).click();
    await expect.poll(() => describedError(page, A.email, forgot)).toBe(M.EMAIL_REQUIRED);
    await forgot.getByLabel(A.email, { exact: true }).fill(seller.email);
    await forgot.getByRole('button', { name: A.forgot.submit }).click();
    const sent = forgot.getByTestId('form-notice');
    await sent.filter({ hasText: M.EMAIL_SENT }).waitFor();
    expect(await sent.getAttribute('role')).toBe('status');

    const link = linkIn(await waitForMail(seller.email, /reset your password/i));
    await page.goto(link.replace(/^https?:\/\/[^/]+/, suite.app.url));
    await page.getByRole('heading', { level: 1, name: en.titles.passwordReset }).waitFor();

    // Two different passwords: the specification's words, at the confirmation.
    await page.getByLabel(A.newPassword, { exact: true }).fill('Brand-new1');
    await page.getByLabel(A.confirmNewPassword, { exact: true }).fill('Brand-new2');
    await page.getByRole('button', { name: A.reset.submit }).click();
    await expect.poll(() => describedError(page, A.confirmNewPassword)).toBe(M.PASSWORDS_DO_NOT_MATCH);

    // The old password again: refused by the server at the password field, link not spent.
    await page.getByLabel(A.newPassword, { exact: true }).fill(seller.password);
    await page.getByLabel(A.confirmNewPassword, { exact: true }).fill(seller.password);
    await page.getByRole('button', { name: A.reset.submit }).click();
    await expect.poll(() => describedError(page, A.newPassword)).toBe(M.NEW_PASSWORD_SAME);

    await page.getByLabel(A.newPassword, { exact: true }).fill('Brand-new1');
    await page.getByLabel(A.confirmNewPassword, { exact: true }).fill('Brand-new1');
    await page.getByRole('button', { name: A.reset.submit }).click();
    await page.getByTestId('form-notice').filter({ hasText: M.PASSWORD_RESET_DONE }).waitFor();

    // The new password signs in; the old one no longer does.
    const signIn = (password: string) =>
      fetch(`${suite.app.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: seller.email, password }) });
    expect((await signIn(seller.password)).status).toBe(401);
    expect((await signIn('Brand-new1')).status).toBe(200);

    // The link was single-use.
    open.page = await open.context.newPage();
    await open.page.goto(link.replace(/^https?:\/\/[^/]+/, suite.app.url));
    await open.page.getByLabel(A.newPassword, { exact: true }).fill('Another-new1');
    await open.page.getByLabel(A.confirmNewPassword, { exact: true }).fill('Another-new1');
    await open.page.getByRole('button', { name: A.reset.submit }).click();
    await open.page.getByTestId('form-notice').filter({ hasText: M.RESET_LINK_INVALID }).waitFor();
    await open.page.getByRole('link', { name: A.reset.again }).waitFor();
  });
});
