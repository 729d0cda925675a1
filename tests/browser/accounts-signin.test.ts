/**
 * Sign-in in the browser on the real API: by emailed code read from the real mail catcher (with
 * the visible resend wait), by password (wrong password, remember me), the logout confirmation,
 * and "Sign in with Google": not available without a client id, the script-load failure message,
 * and the authorization-code popup flow answered by a real local OpenID provider. A seller support
 * suspended (the support tool) reads why they cannot sign in, with the support contacts open, on a
 * 360 px phone in English and Arabic, passing axe.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { startLocalOidc, type LocalOidc } from '../support/oidc.js';
import { createSignedInSeller, uniqueEmail } from '../support/sellers.js';
import { accountsBrowserSuite, axeProblems, describedError, type OpenPage } from '../support/accounts-browser.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import * as M from '../../domain/messages.js';
import { ACCOUNT_SUSPENDED } from '../../domain/account-standing.js';
import { main as supportTool } from '../../support/cli.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const A = en.account;
const GSI = 'https://accounts.google.com/gsi/client';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('sign-in in the browser', () => {
  const suite = accountsBrowserSuite();
  let open: OpenPage;

  it('signs in with a code read from the real email, showing the resend countdown', async () => {
    const seller = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/signin?next=${encodeURIComponent('/member/my-info')}`);
    await page.getByRole('tab', { name: A.signin.tabCode }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(A.email, { exact: true }).fill(seller.email);
    await panel.getByTestId('send-code').click();
    await panel.getByText(M.CODE_SENT).waitFor();
    // The wait is visible and counts down; the button is disabled meanwhile.
    const button = panel.getByTestId('send-code');
    await expect.poll(() => button.textContent()).toMatch(/^Resend in (60|59|58) seconds$/); // counted words (issue 33), no longer "60 s"
    expect(await button.isDisabled()).toBe(true);
    const first = Number(/(\d+)/.exec((await button.textContent())!)![1]);
    await expect.poll(async () => Number(/(\d+)/.exec((await button.textContent()) ?? '0')?.[1] ?? 0), { timeout: 4000 }).toBeLessThan(first);

    const mail = await waitForMail(seller.email, /verification code/i);
    await panel.getByLabel(A.signin.code, { exact: true }).fill(codeIn(mail));
    await panel.getByLabel(A.signin.remember).check();
    await panel.getByRole('button', { name: A.signin.submit }).click();
    // Back where the seller wanted to go, signed in.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/member/my-info');
    await page.getByRole('heading', { level: 2, name: A.info.sellerTitle }).waitFor();
    expect(await page.locator('dd', { hasText: seller.email }).count()).toBe(1);
    // Remember me: the session cookie persists beyond the browser session.
    const sid = (await open.context.cookies(suite.app.url)).find((c) => c.name === 'sid')!;
    expect(sid.expires).toBeGreaterThan(Date.now() / 1000 + 20 * 86400);
  });

  it('says a wrong code is wrong, at the code field', async () => {
    const seller = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/signin`);
    await page.getByRole('tab', { name: A.signin.tabCode }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: A.signin.submit }).click();
    await expect.poll(() => describedError(page, A.signin.code, panel)).toBe(M.CODE_REQUIRED);
    expect(await describedError(page, A.email, panel)).toBe(M.EMAIL_REQUIRED);
    await panel.getByLabel(A.email, { exact: true }).fill(seller.email);
    await panel.getByLabel(A.signin.code, { exact: true }).fill('000000');
    await panel.getByRole('button', { name: A.signin.submit }).click();
    await expect.poll(() => describedError(page, A.signin.code, panel)).toBe(M.CODE_INVALID);
  });

  it('signs in by password, refuses a wrong one in the product words, and logs out after confirmation', async () => {
    const seller = await createSignedInSeller(suite.app);
    open = await suite.open();
    const { page } = open;
    await page.goto(`${suite.app.url}/signin`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(A.email, { exact: true }).fill(seller.email);
    await panel.getByLabel(A.password, { exact: true }).fill('Wrong-pass1');
    await panel.getByRole('button', { name: A.signin.submit }).click();
    const notice = panel.getByTestId('form-notice');
    await notice.filter({ hasText: M.SIGN_IN_FAILED }).waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    await panel.getByLabel(A.password, { exact: true }).fill(seller.password);
    await panel.getByRole('button', { name: A.signin.submit }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // Without remember me the session cookie ends with the browser.
    expect((await open.context.cookies(suite.app.url)).find((c) => c.name === 'sid')!.expires).toBe(-1);

    // A seller without a username is offered the dialog once; "Later" closes it.
    await page.getByRole('dialog', { name: A.username.title }).getByRole('button', { name: A.username.later }).click();
    // The member menu, then the logout confirmation dialog: Cancel keeps the session, OK ends it.
    const header = page.locator('header');
    for (const item of [en.nav.sellRecord, en.nav.balance, en.nav.settings]) await header.getByRole('link', { name: item }).waitFor();
    await header.getByRole('button', { name: en.nav.logout }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(A.logout.confirm).waitFor();
    await dialog.getByRole('button', { name: en.dialog.cancel }).click();
    expect((await page.evaluate(async () => (await fetch('/api/me')).status))).toBe(200);
    await header.getByRole('button', { name: en.nav.logout }).click();
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('dialog').getByRole('button', { name: en.nav.logout }).click();
    // The write carried the CSRF token (else the API would have answered 403).
    expect((await logout).status()).toBe(200);
    await header.getByRole('link', { name: en.nav.signIn }).waitFor();
    expect((await page.evaluate(async () => (await fetch('/api/me')).status))).toBe(401);
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: a suspended seller is told the account is suspended, in the API's words, with the support contacts open, and passes axe`, async () => {
      const W = lang === 'en' ? en : ar;
      const seller = await createSignedInSeller(suite.app);
      // Support suspends the seller with the support tool (run in this process against the same database).
      const env = { MONGODB_URI: inject('mongoUri'), MONGODB_DB: suite.app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY };
      const quiet = { log: () => undefined, error: (t: string) => { throw new Error(t); } };
      expect(await supportTool(['account', 'suspend', seller.email, '--by', 'Dana (support)', '--why', 'bought cards with stolen game accounts'], env, quiet)).toBe(0);
      // What the API answers: 403 with the code the page translates and the message English shows.
      const answer = await fetch(`${suite.app.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: seller.email, password: seller.password }) });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: { code: 'account_suspended', message: ACCOUNT_SUSPENDED, fields: [] } });

      open = await suite.open(360, lang === 'en' ? 'en-US' : 'ar');
      const { page } = open;
      await page.goto(`${suite.app.url}${lang === 'en' ? '' : '/ar'}/signin`);
      const panel = page.getByRole('tabpanel');
      await panel.getByLabel(W.account.email, { exact: true }).fill(seller.email);
      await panel.getByLabel(W.account.password, { exact: true }).fill(seller.password);
      await panel.getByRole('button', { name: W.account.signin.submit }).click();
      const notice = panel.getByTestId('form-notice');
      await notice.filter({ hasText: /./ }).waitFor();
      expect((await notice.textContent())?.trim()).toBe(lang === 'en' ? ACCOUNT_SUSPENDED : ar.account.msg.account_suspended);
      expect(await notice.getAttribute('role')).toBe('alert');
      // Only support can help: its contacts are shown unfolded under the message.
      const contacts = page.getByTestId('support-contacts');
      expect(await contacts.getAttribute('open')).not.toBeNull();
      expect((await contacts.locator('summary').textContent())?.trim()).toBe(W.account.signin.contactSupport);
      await contacts.getByText('support@coinmarket.example').waitFor();
      // Not signed in: still on the sign-in page, no session.
      expect(new URL(page.url()).pathname).toBe(lang === 'en' ? '/signin' : '/ar/signin');
      expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
      expect(await axeProblems(page, { wcag22: true })).toEqual([]);
    });
  }

  it('without a Google client id, explains that Google sign-in is not available and never loads the script', async () => {
    open = await suite.open();
    const { page } = open;
    const google: string[] = [];
    page.on('request', (r) => r.url().startsWith('https://accounts.google.com') && google.push(r.url()));
    await page.goto(`${suite.app.url}/signin`);
    await expect.poll(() => page.getByTestId('google-note').textContent()).toBe(M.GOOGLE_UNAVAILABLE);
    const button = page.getByRole('button', { name: A.signin.google });
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    const noteId = (await page.getByTestId('google-note').getAttribute('id'))!;
    expect(await button.getAttribute('aria-describedby')).toBe(noteId);
    await button.click({ force: true });
    expect(google).toEqual([]);
  });

  describe('with a Google client id', () => {
    let oidc: LocalOidc;
    let googleApp: TestApp;
    beforeAll(async () => {
      oidc = await startLocalOidc();
      googleApp = await startTestApp(undefined, {
        accounts: { google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer, redirectUri: oidc.redirectUri } },
      });
    });
    afterAll(async () => {
      await googleApp?.close();
      await oidc?.close();
    });

    it('shows the specification message when Google script fails to load', async () => {
      open = await suite.open();
      const { page } = open;
      let asked = 0;
      await page.route(GSI, (route) => {
        asked++;
        return route.abort('failed');
      });
      await page.goto(`${googleApp.url}/signin`);
      await expect.poll(() => page.getByTestId('google-note').textContent()).toBe(M.GOOGLE_SCRIPT_FAILED);
      expect(asked).toBe(1);
      expect(await page.getByRole('button', { name: A.signin.google }).getAttribute('aria-disabled')).toBe('true');
    });

    it('signs in through the authorization-code popup flow (scopes email profile openid), verified against the local provider', async () => {
      open = await suite.open();
      const { page } = open;
      const email = uniqueEmail('google');
      const code = await oidc.mintCode(email);
      // Google's library, standing in: it records how it was set up and hands over the provider's code.
      await page.route(GSI, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { accounts: {
            oauth2: {
              initCodeClient(cfg) { window.__gis = { client_id: cfg.client_id, scope: cfg.scope, ux_mode: cfg.ux_mode };
                return { requestCode() { setTimeout(() => cfg.callback({ code: ${JSON.stringify(code)} }), 10); } }; },
              initTokenClient() { throw new Error('token flow not expected'); },
            },
            id: { initialize() {}, prompt() {} },
          } };`,
        }),
      );
      await page.goto(`${googleApp.url}/signin`);
      const button = page.getByRole('button', { name: A.signin.google });
      await expect.poll(() => button.getAttribute('data-state')).toBe('ready');
      expect(await button.getAttribute('aria-disabled')).toBe('false');
      await button.click();
      await page.locator('header').getByRole('button', { name: en.nav.logout }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __gis: unknown }).__gis)).toEqual({
        client_id: oidc.clientId,
        scope: 'email profile openid',
        ux_mode: 'popup',
      });
      expect(await page.evaluate(async () => (await fetch('/api/me')).json())).toMatchObject({ email, google: true, hasPassword: false });
    });
  });
});
