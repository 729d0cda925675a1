/**
 * Attacks on sign-in and on a stolen session (issue 9, items 4 and 11): a parallel guessing burst,
 * an attacker locking the owner out, brute-forcing the password through a session, and
 * redirecting payouts with only a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { OLD_PASSWORD_WRONG, PAYOUT_CODE_REQUIRED, PAYOUT_PASSWORD_REQUIRED, SETTINGS_SAVED } from '../../domain/messages.js';
import { wordsOf } from '../support/error-fields.js';
import { DAY_OF_CODES, spendCodeGuesses } from '../support/code-guesses.js';

let app: TestApp;
// The proxy in front is 127.0.0.1 (the test itself): X-Forwarded-For names each client.
beforeAll(async () => { app = await startTestApp(undefined, { trustProxy: ['127.0.0.1'], accounts: { limits: { resendWaitSeconds: 1 } } }); });
afterAll(async () => { await app?.close(); });

const post = (path: string, body: unknown, client: string) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body) });

describe('sign-in limits (item 4)', () => {
  it('gives a parallel burst of 30 guesses no more than the 10 allowed, and the owner still signs in', async () => {
    const s = await createSignedInSeller(app);
    const attacker = '203.0.113.66';
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/api/auth/signin', { email: s.email, password: `Wrong${i}Pass` }, attacker).then((r) => r.status)));
    expect(burst.filter((x) => x === 401).length).toBeLessThanOrEqual(10);
    expect(burst.filter((x) => x === 429).length).toBeGreaterThanOrEqual(20);
    // Even the right password is refused to the guesser now...
    expect((await post('/api/auth/signin', { email: s.email, password: s.password }, attacker)).status).toBe(429);
    // ...but the owner on their own device signs in,
    expect((await post('/api/auth/signin', { email: s.email, password: s.password }, '198.51.100.7')).status).toBe(200);
    // and emailed-code sign-in stays open to the owner, even behind the guesser's address.
    expect((await post('/api/auth/code', { email: s.email }, attacker)).status).toBe(200);
    const code = codeIn(await waitForMail(s.email, /verification code/));
    expect((await post('/api/auth/signin/code', { email: s.email, code }, attacker)).status).toBe(200);
  });
});

describe('a stolen session (item 11)', () => {
  it('cannot guess the current password by changing the password over and over', async () => {
    const s = await createSignedInSeller(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await s.fetch('/api/member/password', { method: 'POST', body: JSON.stringify({ oldPassword: `Guess${i}Pass`, password: 'N3wPassword', confirmPassword: 'N3wPassword' }) })).status);
    }
    expect(statuses.slice(0, 10).every((x) => x === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  const settings = { contactMethod: 'discord', contactValue: 'seller#1', paymentMethod: 'paypal', paymentAddress: 'me@example.com', currency: 'EUR', trueName: 'Max Muster' };
  const put = (s: Awaited<ReturnType<typeof createSignedInSeller>>, body: unknown) => s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify(body) });
  const fieldsOf = async (res: Response) => wordsOf((await res.json()).error.fields);

  it('cannot redirect payouts without the password, and the seller is emailed when they change', async () => {
    const s = await createProvenSeller(app);
    expect((await put(s, { ...settings, currentPassword: s.password })).status).toBe(200);
    await waitForMail(s.email, /payment details were changed/i);

    const thief = { ...settings, paymentAddress: 'thief@example.com' };
    const none = await put(s, thief);
    expect(none.status).toBe(400);
    expect(await fieldsOf(none)).toEqual([{ field: 'currentPassword', message: PAYOUT_PASSWORD_REQUIRED }]);
    const wrong = await put(s, { ...thief, currentPassword: 'NotMine123' });
    expect(await fieldsOf(wrong)).toEqual([{ field: 'currentPassword', message: OLD_PASSWORD_WRONG }]);
    expect((await (await s.fetch('/api/member/settings')).json()).settings.paymentAddress).toBe('me@example.com');

    // Other settings still save without it; the owner changes the address with the password.
    expect((await put(s, { ...settings, trueName: 'Max Mustermann' })).status).toBe(200);
    const ok = await put(s, { ...settings, paymentAddress: 'new@example.com', currentPassword: s.password });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe(SETTINGS_SAVED);
    const notice = await waitForMail(s.email, /payment details were changed/i, 2);
    expect(notice.text).toContain('PayPal'); // the method by its brand, as the app writes it
    expect(notice.text).not.toContain('new@example.com'); // masked
  });

  it('asks a seller without a password for an emailed code', async () => {
    const s = await createProvenSeller(app);
    await app.db.collection('sellers').updateOne({ _id: s.sellerId as never }, { $set: { passwordHash: null } });
    const none = await put(s, settings);
    expect(await fieldsOf(none)).toEqual([{ field: 'code', message: PAYOUT_CODE_REQUIRED }]);
    expect((await s.fetch('/api/member/settings/code', { method: 'POST', body: '{}' })).status).toBe(200);
    const code = codeIn(await waitForMail(s.email, /confirm your payment method change/i));
    expect((await put(s, { ...settings, code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    expect((await put(s, { ...settings, code })).status).toBe(200);
    expect((await put(s, { ...settings, paymentAddress: 'x@example.com', code })).status).toBe(400); // single use
    await waitForMail(s.email, /payment details were changed/i);
  });

  it('gives a payout code at most 50 guesses a day, however many codes are asked for (issue 27, item 5)', async () => {
    const day = await startTestApp(undefined, { accounts: { limits: DAY_OF_CODES } });
    try {
      const s = await createProvenSeller(day);
      await day.db.collection('sellers').updateOne({ _id: s.sellerId as never }, { $set: { passwordHash: null } });
      const { statuses, nextCode } = await spendCodeGuesses(s.email, /confirm your payment method change/i,
        () => s.fetch('/api/member/settings/code', { method: 'POST', body: '{}' }), (code) => put(s, { ...settings, code }));
      expect(statuses).toEqual(Array(50).fill(400));
      // Past the day's guesses even the right code is refused, and nothing is saved.
      expect((await put(s, { ...settings, code: nextCode })).status).toBe(429);
      expect((await day.db.collection('sellers').findOne({ _id: s.sellerId as never }))?.settings?.paymentAddress).toBeUndefined();
    } finally {
      await day.close();
    }
  });
});

describe('emailed sign-in codes (issue 17, item 11)', () => {
  it('allow at most 50 guesses a day at one address, whatever the hourly limits and however many clients guess', async () => {
    // A thousand code requests an hour stand for the hours of a day passing; the daily ceiling keeps its production value.
    const day = await startTestApp(undefined, { trustProxy: ['127.0.0.1'], accounts: { limits: { resendWaitSeconds: 0, codeRequestPerEmail: { max: 1000, windowSeconds: 3600 } } } });
    try {
      const s = await createSignedInSeller(day);
      const send = (path: string, body: unknown, client: string) =>
        fetch(`${day.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body) });
      const guesses: number[] = [];
      for (let round = 0; round < 10; round++) {
        // Each round from another client: a botnet stays under every per-client lock.
        const client = `203.0.113.${round + 1}`;
        expect((await send('/api/auth/code', { email: s.email }, client)).status).toBe(200);
        for (let i = 0; i < 5; i++) guesses.push((await send('/api/auth/signin/code', { email: s.email, code: '000000' }, client)).status);
      }
      expect(guesses.filter((x) => x !== 400)).toEqual([]);
      // The day's 50 guesses are spent: the next is refused, even the right code from a fresh client.
      expect((await send('/api/auth/code', { email: s.email }, '198.51.100.9')).status).toBe(200);
      const code = codeIn(await waitForMail(s.email, /verification code/, 11));
      const refused = await send('/api/auth/signin/code', { email: s.email, code }, '198.51.100.9');
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.message).toMatch(/^Too many attempts, please try again in (1 minute|([2-9]|\d\d+) minutes)$/);
      // The password stays a way in.
      expect((await send('/api/auth/signin', { email: s.email, password: s.password }, '198.51.100.9')).status).toBe(200);
    } finally {
      await day.close();
    }
  });
});
