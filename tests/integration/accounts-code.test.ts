import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieFrom, createSignedInSeller, uniqueEmail } from '../support/sellers.js';
import { codeIn, mailsTo, waitForMail } from '../support/mail.js';
import { CODE_INVALID, CODE_REQUIRED, CODE_SENT, EMAIL_FORMAT, EMAIL_REQUIRED } from '../../domain/messages.js';
import { wordsOf } from '../support/error-fields.js';
import { eventually } from '../support/wait.js';

let app: TestApp;
// A 2-second resend wait keeps the wait testable; everything else is the production default.
beforeAll(async () => { app = await startTestApp(undefined, { accounts: { limits: { resendWaitSeconds: 2 } } }); });
afterAll(async () => { await app?.close(); });

const post = (path: string, body: unknown) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('sign-in by emailed code', () => {
  it('mails a 6-digit code that signs in once', async () => {
    const s = await createSignedInSeller(app);
    const res = await post('/api/auth/code', { email: s.email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CODE_SENT, resendAfterSeconds: 2 });
    const code = codeIn(await waitForMail(s.email, /verification code/));
    const doc = await app.db.collection('email_codes').findOne({});
    expect(JSON.stringify(doc)).not.toContain(code);
    const ok = await post('/api/auth/signin/code', { email: s.email, code, remember: true });
    expect(ok.status).toBe(200);
    expect((await fetch(`${app.url}/api/me`, { headers: { cookie: cookieFrom(ok) } })).status).toBe(200);
    const again = await post('/api/auth/signin/code', { email: s.email, code });
    expect(again.status).toBe(400);
    expect(wordsOf((await again.json()).error.fields)).toEqual([{ field: 'code', message: CODE_INVALID }]);
  });

  it.each([
    [{ email: '' }, 'email', EMAIL_REQUIRED],
    [{ email: 'nope' }, 'email', EMAIL_FORMAT],
  ])('refuses a bad request %j', async (body, field, message) => {
    const res = await post('/api/auth/code', body);
    expect(res.status).toBe(400);
    expect(wordsOf((await res.json()).error.fields)).toContainEqual({ field, message });
  });

  it('requires the code field', async () => {
    const res = await post('/api/auth/signin/code', { email: uniqueEmail(), code: '' });
    expect(res.status).toBe(400);
    expect(wordsOf((await res.json()).error.fields)).toContainEqual({ field: 'code', message: CODE_REQUIRED });
  });

  it('makes a resend wait, then sends a new code that replaces the old one', async () => {
    const s = await createSignedInSeller(app);
    expect((await post('/api/auth/code', { email: s.email })).status).toBe(200);
    const first = codeIn(await waitForMail(s.email, /verification code/, 1));
    const early = await post('/api/auth/code', { email: s.email });
    expect(early.status).toBe(429);
    const refusal = (await early.json()).error;
    expect(refusal.message).toMatch(/^Please wait \d seconds? before requesting another email$/);
    // Until the time the refusal itself named.
    await eventually(async () => Date.now() > refusal.data.retryAt, 5_000, 'the resend wait over');
    expect((await post('/api/auth/code', { email: s.email })).status).toBe(200);
    const second = codeIn(await waitForMail(s.email, /verification code/, 2));
    if (first !== second) expect((await post('/api/auth/signin/code', { email: s.email, code: first })).status).toBe(400);
    expect((await post('/api/auth/signin/code', { email: s.email, code: second })).status).toBe(200);
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const s = await createSignedInSeller(app);
    await post('/api/auth/code', { email: s.email });
    const code = codeIn(await waitForMail(s.email, /verification code/));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/signin/code', { email: s.email, code: wrong })).status).toBe(400);
    const locked = await post('/api/auth/signin/code', { email: s.email, code });
    expect(locked.status).toBe(400);
    expect((await locked.json()).error.fields[0].message).toBe(CODE_INVALID);
  });

  it('an expired code does not sign in', async () => {
    const s = await createSignedInSeller(app);
    await post('/api/auth/code', { email: s.email });
    const code = codeIn(await waitForMail(s.email, /verification code/));
    await app.db.collection('email_codes').updateOne({ _id: `signin:${s.email}` } as never, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expect((await post('/api/auth/signin/code', { email: s.email, code })).status).toBe(400);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('/api/auth/code', { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CODE_SENT, resendAfterSeconds: 2 });
    // A mail to a known address asked for afterwards has arrived: one to the ghost would have been sent first.
    const known = await createSignedInSeller(app);
    expect((await post('/api/auth/code', { email: known.email })).status).toBe(200);
    await waitForMail(known.email, /verification code/);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('limits code requests per address: the 6th within the hour is refused', async () => {
    const email = uniqueEmail('many');
    for (let i = 0; i < 5; i++) {
      await app.db.collection('rate_counters').deleteOne({ _id: `wait:code:${email}` } as never);
      expect((await post('/api/auth/code', { email })).status, `request ${i + 1}`).toBe(200);
    }
    await app.db.collection('rate_counters').deleteOne({ _id: `wait:code:${email}` } as never);
    const sixth = await post('/api/auth/code', { email });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error.code).toBe('rate_limited');
  });
});

describe('password sign-in limits', () => {
  it('allows 10 failed tries per address, then refuses even the right password', async () => {
    const s = await createSignedInSeller(app);
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/signin', { email: s.email, password: 'Wrong1234' })).status).toBe(401);
    const locked = await post('/api/auth/signin', { email: s.email, password: s.password });
    expect(locked.status).toBe(429);
  });

  it('a success forgives earlier typos', async () => {
    const s = await createSignedInSeller(app);
    for (let i = 0; i < 9; i++) await post('/api/auth/signin', { email: s.email, password: 'Wrong1234' });
    expect((await post('/api/auth/signin', { email: s.email, password: s.password })).status).toBe(200);
    for (let i = 0; i < 9; i++) await post('/api/auth/signin', { email: s.email, password: 'Wrong1234' });
    expect((await post('/api/auth/signin', { email: s.email, password: s.password })).status).toBe(200);
  });

  it('limits by IP across addresses, counted in MongoDB so every replica agrees', async () => {
    const limited = await startTestApp(undefined, { accounts: { limits: { signInPerIp: { max: 3, windowSeconds: 600 } } } });
    try {
      const replica = await startTestApp({ dbName: limited.dbName, liveSecret: limited.liveSecret }, { accounts: { limits: { signInPerIp: { max: 3, windowSeconds: 600 } } } });
      try {
        const at = (u: string) => fetch(`${u}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail(), password: 'Wrong1234' }) });
        expect((await at(limited.url)).status).toBe(401);
        expect((await at(replica.url)).status).toBe(401);
        expect((await at(limited.url)).status).toBe(401);
        expect((await at(replica.url)).status).toBe(429);
      } finally {
        await replica.close();
      }
    } finally {
      await limited.close();
    }
  });
});
