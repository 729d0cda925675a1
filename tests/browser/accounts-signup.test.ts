/**
 * Sign-up in the browser on the real API: the proof-of-work captcha solved by the browser itself,
 * field errors in the specification's words (from the shared schemas on the client and from the
 * server), tied to their fields and announced; success signs in and offers the username once.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../support/browser.js';
import { GOOD_PASSWORD, createSignedInSeller, uniqueEmail } from '../support/sellers.js';
import { accountsBrowserSuite, solveCaptcha, describedError, type OpenPage } from '../support/accounts-browser.js';
import * as M from '../../domain/messages.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const A = en.account;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('sign-up in the browser', () => {
  const suite = accountsBrowserSuite();
  let open: OpenPage;

  it('signs up end to end with the proof-of-work captcha, then is signed in and offered a username', async () => {
    open = await suite.open();
    const { page } = open;
    const email = uniqueEmail('web');
    await page.goto(`${suite.app.url}/signup`);
    await expect.poll(() => page.title()).toBe(`${en.titles.signup} | CoinMarket`);
    // Nothing to read, hear or type: a box to tick, whose progress is announced.
    const box = page.getByLabel(A.captcha.label, { exact: true });
    expect(await box.getAttribute('type')).toBe('checkbox');
    expect(await page.getByTestId('captcha-status').getAttribute('role')).toBe('status');

    await page.getByLabel(A.email, { exact: true }).fill(email);
    await page.getByLabel(A.password, { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel(A.confirmPassword, { exact: true }).fill(GOOD_PASSWORD);
    const challenge = page.waitForResponse((r) => r.url().includes('/api/captcha'));
    await solveCaptcha(page, A.captcha.label);
    expect((await challenge).status()).toBe(200);
    expect(await page.getByTestId('captcha-status').textContent()).toBe(A.captcha.verified);
    await page.getByLabel(A.signup.agreement).check();
    await page.getByRole('button', { name: A.signup.submit }).click();

    await page.getByTestId('toast').filter({ hasText: M.SIGN_UP_SUCCESS }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.locator('header').getByRole('button', { name: en.nav.logout }).waitFor();
    // A new seller has no username: the dialog is offered right away.
    await page.getByRole('dialog', { name: A.username.title }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toMatchObject({ email, username: null, hasPassword: true });
  });

  it('shows each field error in the specification words, tied to its field, without calling the API', async () => {
    open = await suite.open();
    const { page } = open;
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(`${suite.app.url}/signup`);
    await page.getByLabel(A.email, { exact: true }).fill('not-an-email');
    await page.getByLabel(A.password, { exact: true }).fill('short');
    await page.getByLabel(A.confirmPassword, { exact: true }).fill('other');
    await page.getByRole('button', { name: A.signup.submit }).click();

    await expect.poll(() => describedError(page, A.email)).toBe(M.EMAIL_FORMAT);
    expect(await describedError(page, A.password)).toBe(M.PASSWORD_RULE);
    expect(await describedError(page, A.confirmPassword)).toBe(M.CONFIRM_PASSWORD);
    expect(await describedError(page, A.captcha.label)).toBe(M.CAPTCHA_REQUIRED);
    expect(await describedError(page, A.signup.agreement)).toBe(M.AGREEMENT_REQUIRED);
    // Marked invalid, announced politely, and the first bad field has the focus.
    expect(await page.getByLabel(A.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    const errorId = (await page.getByLabel(A.email, { exact: true }).getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
    expect(await page.locator(`[id="${errorId}"]`).getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    expect(posts).toEqual([]);

    // Typing fixes a field and clears its message.
    await page.getByLabel(A.email, { exact: true }).fill('fixed@example.com');
    await expect.poll(() => describedError(page, A.email)).toBe('');
  });

  it('shows the server refusal of a taken email at the email field, and renews the used captcha', async () => {
    const existing = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/signup`);
    await page.getByLabel(A.email, { exact: true }).fill(existing.email);
    await page.getByLabel(A.password, { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel(A.confirmPassword, { exact: true }).fill(GOOD_PASSWORD);
    await solveCaptcha(page, A.captcha.label);
    await page.getByLabel(A.signup.agreement).check();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
    const renewed = page.waitForResponse((r) => r.url().includes('/api/captcha'));
    await page.getByRole('button', { name: A.signup.submit }).click();
    expect((await answered).status()).toBe(409);
    await expect.poll(() => describedError(page, A.email)).toBe(M.EMAIL_TAKEN);
    await renewed;
    expect(await page.getByLabel(A.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // The solution was single-use: a fresh challenge is solved again, so fixing the email is enough.
    await page.getByTestId('captcha-status').and(page.locator('[data-phase="verified"]')).waitFor({ timeout: 60_000 });
    await page.getByLabel(A.email, { exact: true }).fill(uniqueEmail('web'));
    const second = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
    await page.getByRole('button', { name: A.signup.submit }).click();
    expect((await second).status()).toBe(201);
  });

  it('reads right to left in Arabic with translated messages', async () => {
    open = await suite.open(360, 'ar');
    const { page } = open;
    await page.goto(`${suite.app.url}/ar/signup`);
    await page.getByRole('heading', { level: 1, name: ar.titles.signup }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: ar.account.signup.submit }).click();
    await expect.poll(() => describedError(page, ar.account.email)).toBe(ar.account.msg.EMAIL_FORMAT);
    expect(await describedError(page, ar.account.signup.agreement)).toBe(ar.account.msg.AGREEMENT_REQUIRED);
    expect(await describedError(page, ar.account.captcha.label)).toBe(ar.account.msg.CAPTCHA_REQUIRED);
    // The captcha speaks Arabic too.
    await solveCaptcha(page, ar.account.captcha.label);
    expect(await page.getByTestId('captcha-status').textContent()).toBe(ar.account.captcha.verified);
    // Nothing wider than a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
