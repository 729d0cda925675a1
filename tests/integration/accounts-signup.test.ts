import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/wait.js';
import { createHash, randomBytes } from 'node:crypto';
import { GOOD_PASSWORD, cookieFrom, createSignedInSeller, solveChallenge, solvedCaptcha, uniqueEmail, type CaptchaChallenge } from '../support/sellers.js';
import { SESSION_CACHE_MS } from '../../api/auth/sessions.js';
import {
  AGREEMENT_REQUIRED, CAPTCHA_REQUIRED, CONFIRM_PASSWORD, EMAIL_FORMAT, EMAIL_TAKEN, LOG_IN_TO_VIEW,
  PASSWORD_RULE, SESSION_CSRF, SIGN_IN_FAILED, SIGN_UP_SUCCESS,
} from '../../domain/messages.js';
import { wordsOf } from '../support/error-fields.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function signUp(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  return post('/api/auth/signup', { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, agreement: true, ...(await solvedCaptcha(app.url)), ...overrides });
}
const fieldsOf = async (res: Response) => wordsOf(((await res.json()) as { error: { fields: { field: string; message: string }[] } }).error.fields);
const sellerCount = () => app.db.collection('sellers').countDocuments();

describe('sign-up', () => {
  it('creates the account, signs in with a session cookie and says the success message', async () => {
    const res = await signUp();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe(SIGN_UP_SUCCESS);
    expect(body.seller).toMatchObject({ username: null, hasPassword: true });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/sid=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await fetch(`${app.url}/api/me`, { headers: { cookie: cookieFrom(res) } });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(body.seller.id);
  });

  it.each([
    ['email', { email: 'not-an-email' }, EMAIL_FORMAT],
    ['email', { email: '' }, EMAIL_FORMAT],
    ['password', { password: 'Abcdef1', confirmPassword: 'Abcdef1' }, PASSWORD_RULE], // 7: one under
    ['password', { password: 'Abcdefg1'.padEnd(51, 'x'), confirmPassword: 'Abcdefg1'.padEnd(51, 'x') }, PASSWORD_RULE], // 51
    ['password', { password: 'abcdefg1', confirmPassword: 'abcdefg1' }, PASSWORD_RULE],
    ['password', { password: 'ABCDEFG1', confirmPassword: 'ABCDEFG1' }, PASSWORD_RULE],
    ['password', { password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }, PASSWORD_RULE],
    ['confirmPassword', { confirmPassword: 'Other1234' }, CONFIRM_PASSWORD],
    ['confirmPassword', { confirmPassword: '' }, CONFIRM_PASSWORD],
    ['captcha', { captcha: '' }, CAPTCHA_REQUIRED],
    ['agreement', { agreement: false }, AGREEMENT_REQUIRED],
  ])('refuses a bad %s with 400 and the specification message, creating nothing', async (field, overrides, message) => {
    const before = await sellerCount();
    const res = await signUp(overrides);
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toContainEqual({ field, message });
    expect(await sellerCount()).toBe(before);
  });

  it('accepts passwords at both length boundaries (8 and 50)', async () => {
    expect((await signUp({ password: 'Abcdef12', confirmPassword: 'Abcdef12' })).status).toBe(201);
    const fifty = 'Abcdefg1'.padEnd(50, 'x');
    expect((await signUp({ password: fifty, confirmPassword: fifty })).status).toBe(201);
  });

  it('refuses a forged, a replayed, a foreign and an expired captcha solution with the specification message', async () => {
    const refused = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(await fieldsOf(res)).toContainEqual({ field: 'captcha', message: CAPTCHA_REQUIRED });
    };
    // The arithmetic answer a script used to give, and a payload that claims any number.
    await refused(await signUp({ captcha: '999' }));
    const c = (await (await fetch(`${app.url}/api/captcha`)).json()) as CaptchaChallenge;
    const guess = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: 1, salt: c.salt, signature: c.signature })).toString('base64');
    if (solveChallenge(c).attempts !== 2) await refused(await signUp({ captcha: guess }));
    // A challenge we never signed, solved honestly: the signature does not hold.
    const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + 300}&`;
    const own = { algorithm: 'SHA-256', salt, maxnumber: 10, challenge: createHash('sha256').update(`${salt}7`).digest('hex'), signature: 'f'.repeat(64) };
    await refused(await signUp({ captcha: solveChallenge(own).payload }));
    // Solved once, used twice: the second sign-up is refused (recorded by a unique insert).
    const solved = await solvedCaptcha(app.url);
    expect((await signUp(solved)).status).toBe(201);
    const before = await sellerCount();
    await refused(await signUp(solved));
    expect(await sellerCount()).toBe(before);
    // Parallel replays: exactly one wins.
    const race = await solvedCaptcha(app.url);
    const answers = await Promise.all([0, 1, 2, 3].map(() => signUp(race)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
  });

  it('an expired challenge is refused even when solved', async () => {
    const short = await startTestApp(undefined, { accounts: { limits: { captchaTtlSeconds: 1 } } });
    try {
      const solved = await solvedCaptcha(short.url);
      // Past the expiry the challenge itself states (in its signed salt, whole seconds), by the clock the API reads.
      const salt = (JSON.parse(Buffer.from(solved.captcha, 'base64').toString()) as { salt: string }).salt;
      const expiresAt = Number(new URLSearchParams(salt.split('?')[1]).get('expires')) * 1000;
      expect(expiresAt).toBeGreaterThan(Date.now() - 2_000);
      await eventually(async () => Date.now() > expiresAt, 5_000, 'the challenge\'s stated expiry');
      const res = await fetch(`${short.url}/api/auth/signup`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, agreement: true, ...solved }),
      });
      expect(res.status).toBe(400);
      expect(await fieldsOf(res)).toContainEqual({ field: 'captcha', message: CAPTCHA_REQUIRED });
    } finally {
      await short.close();
    }
  });

  it('solving takes real work: signed challenges with numbers drawn up to 100 000, tens of thousands of hashes on average', async () => {
    const res = await fetch(`${app.url}/api/captcha`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenges = await Promise.all(Array.from({ length: 12 }, async () => (await (await fetch(`${app.url}/api/captcha`)).json()) as CaptchaChallenge));
    const attempts = challenges.map((c) => {
      expect(c.maxnumber).toBe(100_000);
      expect(c.algorithm).toBe('SHA-256');
      expect(c.salt).toMatch(/\?expires=\d+/);
      return solveChallenge(c).attempts;
    });
    const mean = attempts.reduce((x, y) => x + y, 0) / attempts.length;
    // Uniform on 0..100 000: the mean of 12 draws lies in this band with probability > 0.9999.
    expect(mean).toBeGreaterThan(15_000);
    expect(new Set(challenges.map((c) => c.challenge)).size).toBe(12);
  });

  it('refuses an email that is already registered (case-insensitive)', async () => {
    const s = await createSignedInSeller(app);
    const res = await signUp({ email: s.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await fieldsOf(res)).toContainEqual({ field: 'email', message: EMAIL_TAKEN });
  });
});

describe('password sign-in and sessions', () => {
  it('signs in, refuses a wrong password or unknown email with one message', async () => {
    const s = await createSignedInSeller(app);
    const ok = await post('/api/auth/signin', { email: s.email, password: s.password });
    expect(ok.status).toBe(200);
    expect((await ok.json()).csrf).toBeTruthy();
    for (const body of [{ email: s.email, password: 'Wrong1234' }, { email: uniqueEmail(), password: s.password }]) {
      const bad = await post('/api/auth/signin', body);
      expect(bad.status).toBe(401);
      expect((await bad.json()).error.message).toBe(SIGN_IN_FAILED);
    }
  });

  it('a normal session cookie ends with the browser; remember me sets a long expiry', async () => {
    const s = await createSignedInSeller(app);
    const short = await post('/api/auth/signin', { email: s.email, password: s.password });
    expect(short.headers.getSetCookie().find((c) => c.startsWith('sid='))).not.toMatch(/Expires/i);
    const long = await post('/api/auth/signin', { email: s.email, password: s.password, remember: true });
    const expires = /Expires=([^;]+)/i.exec(long.headers.getSetCookie().find((c) => c.startsWith('sid='))!)![1];
    expect(new Date(expires).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('stores sessions only as a sha256 of the token', async () => {
    const s = await createSignedInSeller(app);
    const token = /sid=([^;]+)/.exec(s.cookie)![1];
    const docs = await app.db.collection('sessions').find({ sellerId: s.sellerId }).toArray();
    expect(docs).toHaveLength(1);
    expect(JSON.stringify(docs)).not.toContain(token);
  });

  it('member APIs answer 401 with the log-in message without a session', async () => {
    for (const path of ['/api/me', '/api/member/settings', '/api/live/token', '/api/member/username/check?username=abcd']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.message).toBe(LOG_IN_TO_VIEW);
    }
    const put = await fetch(`${app.url}/api/member/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(put.status).toBe(401);
    const forged = await fetch(`${app.url}/api/me`, { headers: { cookie: 'sid=forged-token' } });
    expect(forged.status).toBe(401);
  });

  it('cookie-authenticated writes need the CSRF header; cross-site origins are refused', async () => {
    const s = await createSignedInSeller(app);
    const noCsrf = await fetch(`${app.url}/api/auth/logout-all`, { method: 'POST', headers: { cookie: s.cookie } });
    expect(noCsrf.status).toBe(403);
    expect((await noCsrf.json()).error.message).toBe(SESSION_CSRF);
    const foreign = await post('/api/auth/signin', { email: s.email, password: s.password }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await s.fetch('/api/me')).status).toBe(200);
  });

  it('logout ends this session; logout everywhere ends all of them', async () => {
    const s = await createSignedInSeller(app);
    const other = await post('/api/auth/signin', { email: s.email, password: s.password });
    const otherCookie = cookieFrom(other);
    const out = await s.fetch('/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect((await s.fetch('/api/me')).status).toBe(401);
    expect((await fetch(`${app.url}/api/me`, { headers: { cookie: otherCookie } })).status).toBe(200);
    const third = await post('/api/auth/signin', { email: s.email, password: s.password });
    const t = await third.json();
    const all = await fetch(`${app.url}/api/auth/logout-all`, { method: 'POST', headers: { cookie: cookieFrom(third), 'x-csrf-token': t.csrf } });
    expect((await all.json()).sessionsEnded).toBe(2);
    expect((await fetch(`${app.url}/api/me`, { headers: { cookie: otherCookie } })).status).toBe(401);
  });

  it('slides an active session forward once half its idle time is used', async () => {
    const s = await createSignedInSeller(app);
    const soon = new Date(Date.now() + 60_000);
    await app.db.collection('sessions').updateOne({ sellerId: s.sellerId }, { $set: { expiresAt: soon } });
    // A replica trusts a session it read for SESSION_CACHE_MS; a change made behind its back shows after that:
    // the seller is served all along, and once the replica reads the session again it slides it forward.
    await eventually(async () => {
      expect((await s.fetch('/api/me')).status).toBe(200);
      const doc = await app.db.collection('sessions').findOne({ sellerId: s.sellerId });
      return doc!.expiresAt.getTime() > Date.now() + 11 * 3600_000;
    }, SESSION_CACHE_MS + 10_000, 'the session slid forward');
    await app.db.collection('sessions').updateOne({ sellerId: s.sellerId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await eventually(async () => (await s.fetch('/api/me')).status === 401, SESSION_CACHE_MS + 10_000, 'the expired session refused');
  });

  it('gives a signed-in seller a live token', async () => {
    const s = await createSignedInSeller(app);
    const res = await s.fetch('/api/live/token');
    expect(res.status).toBe(200);
    expect((await res.json()).token).toMatch(/\./);
  });
});

