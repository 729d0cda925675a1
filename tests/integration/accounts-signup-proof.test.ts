/**
 * Sign-up mails the code that proves the address (issue 32, finding 3): a new seller is pointed to
 * the proof by their mailbox (real SMTP catcher), under the same per-address limit, resend wait and
 * lifetime as every other code. Someone signing up with another person's address sends that person
 * at most one such mail: a second sign-up with it is refused before any mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { codeIn, mailsTo, waitForMail } from '../support/mail.js';
import { PROOF_SUBJECT } from '../support/proven.js';
import { GOOD_PASSWORD, cookieFrom, sellerFetch, solvedCaptcha, uniqueEmail } from '../support/sellers.js';
import { EMAIL_VERIFIED, SIGN_UP_SUCCESS } from '../../domain/messages.js';

let app: TestApp;
let now = Date.now();
// The limits' clock is the test's, so a resend wait passes without waiting for it.
beforeAll(async () => { app = await startTestApp(undefined, { accounts: { clock: () => now } }); });
afterAll(async () => { await app?.close(); });

const signUp = async (target: TestApp, email: string) =>
  fetch(`${target.url}/api/auth/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, agreement: true, ...(await solvedCaptcha(target.url)) }),
  });
/** The stored proof code of an address (its digest and when it was issued), or null. */
const liveCode = (target: TestApp, email: string) =>
  target.db.collection('email_codes').findOne({ _id: `verify:${email}` as never }, { projection: { codeHash: 1, sentAt: 1 } });
const proofMails = async (email: string) => (await mailsTo(email)).filter((m) => PROOF_SUBJECT.test(m.subject));

describe('sign-up mails the proof code', () => {
  it('the answer says so; the mail tells why and the code proves the address', async () => {
    const email = uniqueEmail('new');
    const res = await signUp(app, email);
    expect(res.status).toBe(201);
    const body = await res.json();
    // The sign-in answer as before, with what the page needs to point the seller to the mail.
    expect(body).toMatchObject({ message: SIGN_UP_SUCCESS, seller: { email, emailVerified: false, payoutDetailsSet: false }, emailProof: { codeSent: true, resendAfterSeconds: 60 } });
    const mail = await waitForMail(email, PROOF_SUBJECT);
    expect(mail.subject).not.toMatch(/\d{6}/);
    expect(mail.text).toContain('account was just created with this email address');
    expect(mail.text).toContain('If you did not sign up, ignore this mail');
    const seller = sellerFetch(app.url, cookieFrom(res), body.csrf);
    const ok = await seller('/api/member/email/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: codeIn(mail) }) });
    expect((await ok.json()).message).toBe(EMAIL_VERIFIED);
    expect(await (await seller('/api/me')).json()).toMatchObject({ emailVerified: true, payoutDetailsSet: false });
  });

  it('starts the resend wait: Settings sends the next code only after it, and that one replaces the first', async () => {
    const email = uniqueEmail('wait');
    const res = await signUp(app, email);
    const body = await res.json();
    const seller = sellerFetch(app.url, cookieFrom(res), body.csrf);
    const first = codeIn(await waitForMail(email, PROOF_SUBJECT));
    const early = await seller('/api/member/email/code', { method: 'POST', body: '{}' });
    expect(early.status).toBe(429);
    expect((await early.json()).error.code).toBe('resend_wait');
    now += 61_000;
    expect((await seller('/api/member/email/code', { method: 'POST', body: '{}' })).status).toBe(200);
    const second = codeIn(await waitForMail(email, PROOF_SUBJECT, 2));
    const verify = (code: string) => seller('/api/member/email/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    if (first !== second) expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
  });

  it('payout details set shows in /api/me once a method and address are saved', async () => {
    const email = uniqueEmail('payout');
    const res = await signUp(app, email);
    const body = await res.json();
    const seller = sellerFetch(app.url, cookieFrom(res), body.csrf);
    const json = { 'content-type': 'application/json' };
    await seller('/api/member/email/verify', { method: 'POST', headers: json, body: JSON.stringify({ code: codeIn(await waitForMail(email, PROOF_SUBJECT)) }) });
    const saved = await seller('/api/member/settings/payout', {
      method: 'PUT', headers: json,
      body: JSON.stringify({ paymentMethod: 'paypal', paymentAddress: 'me@example.com', currency: 'EUR', trueName: 'Jane Seller', currentPassword: GOOD_PASSWORD }),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).payoutDetailsSet).toBe(true);
    expect(await (await seller('/api/me')).json()).toMatchObject({ emailVerified: true, payoutDetailsSet: true });
  });
});

describe('mail bombing through sign-up is bounded', () => {
  it('a second sign-up with a taken address is refused before any mail: the owner gets one sign-up mail', async () => {
    const victim = uniqueEmail('victim');
    expect((await signUp(app, victim)).status).toBe(201);
    await waitForMail(victim, PROOF_SUBJECT);
    const issued = await liveCode(app, victim);
    for (let i = 0; i < 3; i++) expect((await signUp(app, victim)).status).toBe(409);
    // A mail follows only a code issued (stored before it is sent): the refused sign-ups issued none.
    expect(await liveCode(app, victim)).toEqual(issued);
    expect(await proofMails(victim)).toHaveLength(1);
  });

  it("an address whose hourly code limit is spent still gets its account, but no mail beyond the limit", async () => {
    const tight = await startTestApp(undefined, { accounts: { limits: { resendWaitSeconds: 0, codeRequestPerEmail: { max: 2, windowSeconds: 3600 } } } });
    try {
      const email = uniqueEmail('spent');
      // Sign-in codes for an address with no account count too (they never reveal whether it has one).
      for (let i = 0; i < 2; i++) expect((await fetch(`${tight.url}/api/auth/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).status).toBe(200);
      const res = await signUp(tight, email);
      expect(res.status).toBe(201);
      expect((await res.json()).emailProof).toEqual({ codeSent: false, resendAfterSeconds: 0 });
      expect(await tight.db.collection('sellers').countDocuments({ email })).toBe(1);
      // No code was issued, so no mail can follow.
      expect(await liveCode(tight, email)).toBeNull();
      expect(await proofMails(email)).toEqual([]);
    } finally {
      await tight.close();
    }
  });
});
