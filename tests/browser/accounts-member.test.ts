/**
 * Member pages in the browser on the real API: visitors read "Click Sign in to view all content";
 * the one-time username dialog (live availability after a 300 ms pause, rules in the
 * specification's words, set once, never offered again); the settings page proves the address
 * through the real mail, then saves contact, payment, currency and true name, shows the Payoneer binding and changes the password.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { browserAvailable } from '../support/browser.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { createSignedInSeller } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { accountsBrowserSuite, describedError, signInContext, type OpenPage } from '../support/accounts-browser.js';
import * as M from '../../domain/messages.js';
import en from '../../web/src/i18n/dict/en.js';

const A = en.account;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('member pages in the browser', () => {
  const suite = accountsBrowserSuite();
  let open: OpenPage;

  it('tells a visitor on /member/my-info to log in, linking to sign-in and back', async () => {
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/member/my-info`);
    const notice = page.getByRole('link', { name: M.LOG_IN_TO_VIEW });
    await notice.waitFor();
    expect(await notice.getAttribute('href')).toBe(`/signin?next=${encodeURIComponent('/member/my-info')}`);
    expect(await page.getByRole('heading', { name: A.info.sellerTitle }).count()).toBe(0);
    await notice.click();
    await page.getByRole('heading', { level: 1, name: en.titles.signin }).waitFor();
  });

  it('sets the username once: availability after the pause, the rules, confirmation; never offered again', async () => {
    const taken = await createSignedInSeller(suite.app);
    const takenName = `taken_${randomBytes(3).toString('hex')}`;
    expect((await taken.fetch('/api/member/username', { method: 'POST', body: JSON.stringify({ username: takenName, confirmUsername: takenName }) })).status).toBe(201);

    const seller = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await signInContext(open.context, suite.app, seller);
    const checks: string[] = [];
    page.on('request', (r) => r.url().includes('/api/member/username/check') && checks.push(new URL(r.url()).searchParams.get('username')!));
    await page.goto(`${suite.app.url}/member/my-info`);
    await page.getByTestId('my-username').getByRole('button', { name: A.username.open }).click();
    const dialog = page.getByRole('dialog', { name: A.username.title });
    const field = dialog.getByLabel(A.username.label, { exact: true });
    const status = dialog.getByTestId('username-availability');

    // Typing fast asks once, for the last value, after the pause.
    // Keystrokes 30 ms apart, timed in the page: sent one by one from here, a loaded machine spaced them
    // past the 300 ms pause and the page rightly asked for "TAKEN" and "TAKEN_" too.
    await field.focus();
    await field.evaluate(async (el: HTMLInputElement, text: string) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (let i = 1; i <= text.length; i++) {
        setValue.call(el, text.slice(0, i));
        el.dispatchEvent(new Event('input', { bubbles: true }));
        // In the page: the typist's pace is the input under test (the 300 ms pause), not a wait of the test.
        // eslint-disable-next-line no-restricted-syntax
        await new Promise((r) => setTimeout(r, 30));
      }
    }, takenName.toUpperCase());
    await expect.poll(() => status.textContent()).toBe(M.USERNAME_TAKEN);
    expect(checks).toEqual([takenName.toUpperCase()]);

    await field.fill('abc');
    await expect.poll(() => status.textContent()).toBe(M.USERNAME_LENGTH);
    // Submitted as it is, the rule is said once: at the field, not again on the availability line (issue 19).
    await dialog.getByRole('button', { name: A.username.submit }).click();
    await expect.poll(() => describedError(page, A.username.label, dialog)).toBe(M.USERNAME_LENGTH);
    expect(((await dialog.textContent()) ?? '').split(M.USERNAME_LENGTH).length - 1, 'the length rule shown once').toBe(1);
    await field.fill('bad name!');
    await expect.poll(() => status.textContent()).toBe(M.USERNAME_CHARACTERS);
    const mine = `seller-${randomBytes(3).toString('hex')}`;
    await field.fill(mine);
    await expect.poll(() => status.textContent()).toBe(M.USERNAME_AVAILABLE);
    expect(await status.getAttribute('aria-live')).toBe('polite');

    // The confirmation must match.
    await dialog.getByLabel(A.username.confirm, { exact: true }).fill(`${mine}x`);
    await dialog.getByRole('button', { name: A.username.submit }).click();
    await expect.poll(() => describedError(page, A.username.confirm, dialog)).toBe(M.USERNAME_MISMATCH);
    await dialog.getByLabel(A.username.confirm, { exact: true }).fill(mine);
    await dialog.getByRole('button', { name: A.username.submit }).click();
    await page.getByTestId('toast').filter({ hasText: A.username.done }).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId('my-username').textContent()).toBe(mine);

    // Never offered again: not after a reload, not after signing in afresh in this browser.
    await page.reload();
    await expect.poll(() => page.getByTestId('my-username').textContent()).toBe(mine);
    expect(await page.getByRole('button', { name: A.username.open }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await open.context.clearCookies();
    await page.goto(`${suite.app.url}/signin`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(A.email, { exact: true }).fill(seller.email);
    await panel.getByLabel(A.password, { exact: true }).fill(seller.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/signin') && r.request().method() === 'POST');
    await panel.getByRole('button', { name: A.signin.submit }).click();
    // The page decides to offer the dialog from the sign-in answer, before it shows the signed-in header
    // (signin.tsx: signedInAs, offerUsername): the answer carries the username, so nothing is offered.
    expect(((await (await answer).json()) as { seller: { username?: string } }).seller.username).toBe(mine);
    await page.locator('header').getByRole('button', { name: en.nav.logout }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // And the API holds it: a second claim is refused.
    const again = await seller.fetch('/api/member/username', { method: 'POST', body: JSON.stringify({ username: 'other-name', confirmUsername: 'other-name' }) });
    expect(again.status).toBe(409);
  });

  it('saves the settings with field errors in the product words, shows the Payoneer binding, and changes the password', async () => {
    const seller = await createSignedInSeller(suite.app); // not proven yet: the page offers the proof before payout settings
    open = await suite.open();
    const { page } = open;
    await signInContext(open.context, suite.app, seller);
    await page.goto(`${suite.app.url}/member/my-info`);
    const contact = page.getByTestId('contact-settings');
    const payout = page.getByTestId('payout-settings');
    await contact.getByRole('button', { name: A.info.saveContact }).click();
    await expect.poll(() => describedError(page, A.info.contactMethod, contact)).toBe(M.CHOOSE_OPTION);
    await payout.getByRole('button', { name: A.info.savePayout }).click();
    await expect.poll(() => describedError(page, A.info.paymentAddress, payout)).toBe(M.PAYMENT_ADDRESS_REQUIRED);
    expect(await describedError(page, A.info.trueName, payout)).toBe(M.TRUE_NAME_REQUIRED);

    // A contact method saves on its own before the address is proven, without a password.
    await contact.getByLabel(A.info.contactMethod, { exact: true }).selectOption('discord');
    await contact.getByLabel(A.info.contact.discord, { exact: true }).fill('seller#1234');
    await contact.getByRole('button', { name: A.info.saveContact }).click();
    await contact.getByText(M.SETTINGS_SAVED).waitFor();

    await payout.getByLabel(A.info.paymentMethod, { exact: true }).selectOption('usdt-trc20');
    await payout.getByLabel(A.info.paymentAddress, { exact: true }).fill('not-an-address');
    await payout.getByLabel(A.info.trueName, { exact: true }).fill('Jane Seller');
    await payout.getByRole('button', { name: A.info.savePayout }).click();
    await expect.poll(() => describedError(page, A.info.paymentAddress, payout)).toBe(M.USDT_TRC20_ADDRESS);

    await payout.getByLabel(A.info.paymentMethod, { exact: true }).selectOption('payoneer');
    await payout.getByLabel(A.info.paymentAddress, { exact: true }).fill('jane@payoneer.example.com');
    await payout.getByLabel(A.info.currency, { exact: true }).selectOption('GBP');
    // The address is not proven yet: the server refuses payout settings and the page offers the proof.
    await payout.getByRole('button', { name: A.info.savePayout }).click();
    await payout.getByTestId('form-notice').filter({ hasText: M.EMAIL_NOT_VERIFIED }).waitFor();
    const proof = page.getByRole('region', { name: A.verify.title });
    // Sign-up mailed the code: it is typed back without asking for another.
    await proof.getByLabel(A.signin.code, { exact: true }).fill(codeIn(await waitForMail(seller.email, /verify your email/i)));
    await proof.getByRole('button', { name: A.verify.submit }).click();
    await proof.getByText(M.EMAIL_VERIFIED).waitFor();
    // Where payouts go changes: the current password confirms it.
    await payout.getByLabel(A.info.payoutPassword, { exact: true }).fill(seller.password);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/member/settings/payout') && r.request().method() === 'PUT');
    await payout.getByRole('button', { name: A.info.savePayout }).click();
    // A signed-in write: the CSRF header went along.
    expect((await saved).request().headers()['x-csrf-token']).toBe(seller.csrf);
    await payout.getByText(M.SETTINGS_SAVED).waitFor();
    // Choosing Payoneer in settings is not a binding: that takes Payoneer's consent (tests/browser/withdrawal-pages.test.ts).
    await expect.poll(() => page.getByTestId('payoneer-status').textContent()).toBe(en.withdraw.payoneer.none);
    expect(await (await seller.fetch('/api/member/settings')).json()).toMatchObject({
      settings: { contactMethod: 'discord', contactValue: 'seller#1234', paymentMethod: 'payoneer', currency: 'GBP', trueName: 'Jane Seller' },
    });
    // Saved: the confirmation field is gone until the payout changes again.
    expect(await page.getByLabel(A.info.payoutPassword, { exact: true }).count()).toBe(0);

    // Password change: the rules, then success.
    const section = page.getByRole('region', { name: A.info.passwordTitle });
    await section.getByLabel(A.oldPassword, { exact: true }).fill(seller.password);
    await section.getByLabel(A.newPassword, { exact: true }).fill(seller.password);
    await section.getByLabel(A.confirmNewPassword, { exact: true }).fill(seller.password);
    await section.getByRole('button', { name: A.info.passwordSubmit }).click();
    await expect.poll(() => describedError(page, A.newPassword, section)).toBe(M.NEW_PASSWORD_SAME);
    await section.getByLabel(A.newPassword, { exact: true }).fill('Changed-pass1');
    await section.getByLabel(A.confirmNewPassword, { exact: true }).fill('Changed-pass1');
    await section.getByRole('button', { name: A.info.passwordSubmit }).click();
    await section.getByText(M.PASSWORD_CHANGED).waitFor();
  });
});
