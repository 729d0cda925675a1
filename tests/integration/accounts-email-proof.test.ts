/**
 * Pre-claimed accounts: someone signs up with another person's address before they arrive. Until
 * the address is proven through its mailbox (real SMTP catcher), the account holds no payout
 * settings and Google never links to it; the owner's proof ends the squatter's password and sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { codeIn, linkIn, waitForMail } from '../support/mail.js';
import { googleSignIn, startLocalOidc, type LocalOidc } from '../support/oidc.js';
import { PROOF_SUBJECT, createProvenSeller, proveEmail } from '../support/proven.js';
import { cookieFrom, createSignedInSeller, sellerFetch, uniqueEmail } from '../support/sellers.js';
import {
  CODE_INVALID, EMAIL_NOT_VERIFIED, EMAIL_VERIFIED, FORMULA_START, GOOGLE_LINK_UNVERIFIED, HIDDEN_CHARACTERS, SETTINGS_SAVED,
} from '../../domain/messages.js';
import { wordsOf } from '../support/error-fields.js';
import { DAY_OF_CODES, spendCodeGuesses } from '../support/code-guesses.js';

let app: TestApp;
let oidc: LocalOidc;
beforeAll(async () => {
  oidc = await startLocalOidc();
  app = await startTestApp(undefined, {
    accounts: { google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer, redirectUri: oidc.redirectUri } },
  });
});
afterAll(async () => { await app?.close(); await oidc?.close(); });

const settings = { contactMethod: 'telegram', contactValue: '@owner', paymentMethod: 'paypal', paymentAddress: 'thief@example.com', currency: 'EUR', trueName: 'Thief Name' };
const post = (path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const sellerDoc = (email: string) => app.db.collection('sellers').findOne({ email });

describe('an unproven address', () => {
  it('cannot hold payout settings (payment address, Payoneer, true name)', async () => {
    const squatter = await createSignedInSeller(app, { email: uniqueEmail('victim') });
    expect((await (await squatter.fetch('/api/me')).json()).emailVerified).toBe(false);
    for (const body of [settings, { ...settings, paymentMethod: 'payoneer', paymentAddress: 'thief@example.com' }]) {
      const res = await squatter.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify(body) });
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe(EMAIL_NOT_VERIFIED);
    }
    expect((await sellerDoc(squatter.email))?.settings).toBeNull();
  });

  it('is never linked by a Google sign-in with that email', async () => {
    const squatter = await createSignedInSeller(app, { email: uniqueEmail('victim') });
    const res = await googleSignIn(app.url, 'code', () => oidc.mintCode(squatter.email));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(GOOGLE_LINK_UNVERIFIED);
    expect((await sellerDoc(squatter.email))?.googleSub).toBeNull();
  });
});

describe('proving the address', () => {
  it('with the code mailed at sign-up, typed on the settings page: wrong codes refused, then settings save', async () => {
    const s = await createSignedInSeller(app);
    const mail = await waitForMail(s.email, PROOF_SUBJECT);
    expect(mail.subject).not.toMatch(/\d{6}/);
    const code = codeIn(mail);
    const wrong = await s.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code: code === '000000' ? '111111' : '000000' }) });
    expect(wrong.status).toBe(400);
    expect(wordsOf((await wrong.json()).error.fields)).toContainEqual({ field: 'code', message: CODE_INVALID });
    const ok = await s.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code }) });
    expect((await ok.json()).message).toBe(EMAIL_VERIFIED);
    expect((await (await s.fetch('/api/me')).json()).emailVerified).toBe(true);
    const put = await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...settings, currentPassword: s.password }) });
    expect(put.status).toBe(200);
    expect((await put.json()).message).toBe(SETTINGS_SAVED);
  });

  it("by the owner's emailed-code sign-in: the squatter's sessions and password end", async () => {
    const squatter = await createSignedInSeller(app, { email: uniqueEmail('victim') });
    expect((await post('/api/auth/code', { email: squatter.email })).status).toBe(200);
    const code = codeIn(await waitForMail(squatter.email, /verification code/i));
    const owner = await post('/api/auth/signin/code', { email: squatter.email, code });
    expect(owner.status).toBe(200);
    const body = await owner.json();
    expect(body.seller).toMatchObject({ emailVerified: true, hasPassword: false });
    expect((await squatter.fetch('/api/me')).status).toBe(401);
    expect((await post('/api/auth/signin', { email: squatter.email, password: squatter.password })).status).toBe(401);
    const ownerFetch = sellerFetch(app.url, cookieFrom(owner), body.csrf);
    expect((await (await ownerFetch('/api/me')).json()).emailVerified).toBe(true);
  });

  it('by a password reset link (it came through the mailbox)', async () => {
    const s = await createSignedInSeller(app);
    expect((await post('/api/auth/password/forgot', { email: s.email })).status).toBe(200);
    const token = new URL(linkIn(await waitForMail(s.email, /reset/i))).searchParams.get('token');
    expect((await post('/api/auth/password/reset', { token, password: 'Fresh9Pass', confirmPassword: 'Fresh9Pass' })).status).toBe(200);
    expect((await sellerDoc(s.email))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('an account Google created is proven (Google verified the email); a proven one is linked', async () => {
    const email = uniqueEmail('g');
    const res = await googleSignIn(app.url, 'code', () => oidc.mintCode(email));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.seller.emailVerified).toBe(true);
    const g = sellerFetch(app.url, cookieFrom(res), body.csrf);
    expect((await (await g('/api/me')).json()).emailVerified).toBe(true);

    const proven = await createProvenSeller(app);
    const linked = await googleSignIn(app.url, 'code', () => oidc.mintCode(proven.email));
    expect(linked.status).toBe(200);
    expect((await linked.json()).seller).toMatchObject({ id: proven.sellerId, google: true });
  });
});

describe('guesses at the proof code (issue 27, item 5)', () => {
  it('are at most 50 a day at one address, however many codes a squatter asks for: then even the right code is refused', async () => {
    const day = await startTestApp(undefined, { accounts: { limits: DAY_OF_CODES } });
    try {
      const squatter = await createSignedInSeller(day);
      // The code sign-up mailed has arrived before the squatter's own are counted.
      await waitForMail(squatter.email, PROOF_SUBJECT);
      const { statuses, nextCode } = await spendCodeGuesses(squatter.email, PROOF_SUBJECT,
        () => squatter.fetch('/api/member/email/code', { method: 'POST', body: '{}' }),
        (code) => squatter.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code }) }));
      expect(statuses).toEqual(Array(50).fill(400));
      // The 51st guess is the right code (as a lucky one would be): refused, and the address stays unproven.
      const refused = await squatter.fetch('/api/member/email/verify', { method: 'POST', body: JSON.stringify({ code: nextCode }) });
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.message).toMatch(/^Too many attempts, please try again in (1 minute|([2-9]|\d\d+) minutes)$/);
      expect((await (await squatter.fetch('/api/me')).json()).emailVerified).toBe(false);
    } finally {
      await day.close();
    }
  });
});

describe('spoofed names are refused over HTTP, changing nothing', () => {
  it('true name and contact value with bidi or zero-width characters, names starting like formulas', async () => {
    const s = await createProvenSeller(app);
    for (const [change, field, message] of [
      [{ trueName: 'Max\u202Egnp.exe' }, 'trueName', HIDDEN_CHARACTERS],
      [{ contactValue: '@own\u200Ber' }, 'contactValue', HIDDEN_CHARACTERS],
      [{ trueName: '=HYPERLINK("http://evil.example","pay")' }, 'trueName', FORMULA_START],
    ] as const) {
      const res = await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...settings, ...change }) });
      expect(res.status).toBe(400);
      expect(wordsOf((await res.json()).error.fields)).toContainEqual({ field, message });
    }
    expect((await sellerDoc(s.email))?.settings).toBeNull();
  });

  it('game-account names with zero-width or bidi characters', async () => {
    const s = await createSignedInSeller(app);
    for (const name of ['Club\u200B1', 'Club\u2066One', '\u202EbulC']) {
      const res = await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: 'ps', name }) });
      expect(res.status).toBe(400);
      expect(wordsOf((await res.json()).error.fields)).toContainEqual({ field: 'name', message: HIDDEN_CHARACTERS });
    }
    expect((await (await s.fetch('/api/game-accounts')).json()).items).toEqual([]);
  });
});

// The proof helper is the real path every other test uses for money settings.
it('proveEmail helper proves through the real mail', async () => {
  const s = await createSignedInSeller(app);
  await proveEmail(s);
  expect((await (await s.fetch('/api/me')).json()).emailVerified).toBe(true);
});
