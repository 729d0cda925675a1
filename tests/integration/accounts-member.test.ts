import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, uniqueEmail } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { linkIn, waitForMail } from '../support/mail.js';
import {
  CHOOSE_OPTION, EMAIL_FORMAT, EMAIL_REQUIRED, EMAIL_SENT, NEW_PASSWORD_SAME, OLD_PASSWORD_WRONG, PASSWORDS_DO_NOT_MATCH,
  PASSWORD_CHANGED, PASSWORD_RESET_DONE, PASSWORD_RULE, PAYMENT_ADDRESS_REQUIRED, REQUIRED, RESET_LINK_INVALID, SETTINGS_SAVED,
  TRUE_NAME_REQUIRED, USDT_TRC20_ADDRESS, USERNAME_ALREADY_SET, USERNAME_AVAILABLE, USERNAME_CHARACTERS, USERNAME_LENGTH,
  USERNAME_MISMATCH, USERNAME_TAKEN,
} from '../../domain/messages.js';
import { wordsOf } from '../support/error-fields.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(undefined, { accounts: { limits: { resendWaitSeconds: 1 } } }); });
afterAll(async () => { await app?.close(); });

const post = (path: string, body: unknown) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const signIn = (email: string, password: string) => post('/api/auth/signin', { email, password });
const fields = async (res: Response) => wordsOf((await res.json()).error.fields);

describe('password reset by emailed link', () => {
  async function requestLink(email: string, nth = 1) {
    const res = await post('/api/auth/password/forgot', { email });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(EMAIL_SENT);
    const link = linkIn(await waitForMail(email, /Reset your password/, nth));
    return new URL(link).searchParams.get('token')!;
  }

  it('resets once with a new password, ends every session, and the old password stops working', async () => {
    const s = await createSignedInSeller(app);
    const token = await requestLink(s.email);
    const res = await post('/api/auth/password/reset', { token, password: 'Brand9New', confirmPassword: 'Brand9New' });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(PASSWORD_RESET_DONE);
    expect((await s.fetch('/api/me')).status).toBe(401);
    expect((await signIn(s.email, s.password)).status).toBe(401);
    expect((await signIn(s.email, 'Brand9New')).status).toBe(200);
    const again = await post('/api/auth/password/reset', { token, password: 'Other9New', confirmPassword: 'Other9New' });
    expect(again.status).toBe(400);
    expect(await fields(again)).toEqual([{ field: 'token', message: RESET_LINK_INVALID }]);
  });

  it('refuses the old password, a mismatch, a weak password, and keeps the link usable', async () => {
    const s = await createSignedInSeller(app);
    const token = await requestLink(s.email);
    const same = await post('/api/auth/password/reset', { token, password: s.password, confirmPassword: s.password });
    expect(same.status).toBe(400);
    expect(await fields(same)).toEqual([{ field: 'password', message: NEW_PASSWORD_SAME }]);
    const mismatch = await post('/api/auth/password/reset', { token, password: 'Brand9New', confirmPassword: 'Brand9Nex' });
    expect(await fields(mismatch)).toContainEqual({ field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH });
    const weak = await post('/api/auth/password/reset', { token, password: 'short1A', confirmPassword: 'short1A' });
    expect(await fields(weak)).toContainEqual({ field: 'password', message: PASSWORD_RULE });
    expect((await post('/api/auth/password/reset', { token, password: 'Brand9New', confirmPassword: 'Brand9New' })).status).toBe(200);
  });

  it('an expired link is refused; only a hash of the token is stored', async () => {
    const s = await createSignedInSeller(app);
    const token = await requestLink(s.email);
    const docs = await app.db.collection('password_resets').find({}).toArray();
    expect(JSON.stringify(docs)).not.toContain(token);
    await app.db.collection('password_resets').updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1) } });
    const res = await post('/api/auth/password/reset', { token, password: 'Brand9New', confirmPassword: 'Brand9New' });
    expect(await fields(res)).toEqual([{ field: 'token', message: RESET_LINK_INVALID }]);
  });

  it('answers the same for an unknown address; validates the email', async () => {
    const res = await post('/api/auth/password/forgot', { email: uniqueEmail('nobody') });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(EMAIL_SENT);
    expect(await fields(await post('/api/auth/password/forgot', { email: '' }))).toContainEqual({ field: 'email', message: EMAIL_REQUIRED });
    expect(await fields(await post('/api/auth/password/forgot', { email: 'x@y' }))).toContainEqual({ field: 'email', message: EMAIL_FORMAT });
  });
});

describe('one-time username', () => {
  const check = (s: Awaited<ReturnType<typeof createSignedInSeller>>, name: string) => s.fetch(`/api/member/username/check?username=${encodeURIComponent(name)}`);
  const claim = (s: Awaited<ReturnType<typeof createSignedInSeller>>, username: string, confirmUsername = username) =>
    s.fetch('/api/member/username', { method: 'POST', body: JSON.stringify({ username, confirmUsername }) });

  it.each([
    ['abc', USERNAME_LENGTH],
    ['a'.repeat(31), USERNAME_LENGTH],
    ['has space', USERNAME_CHARACTERS],
    ['bad!name', USERNAME_CHARACTERS],
    ['emoji😀x', USERNAME_CHARACTERS],
    ['', REQUIRED],
  ])('refuses %j with its message', async (name, message) => {
    const s = await createSignedInSeller(app);
    expect(await fields(await check(s, name))).toEqual([{ field: 'username', message }]);
    const res = await claim(s, name);
    expect(res.status).toBe(400);
    expect(await fields(res)).toContainEqual({ field: 'username', message });
  });

  it('accepts 4 and 30 characters, says available, then set once only', async () => {
    const s = await createSignedInSeller(app);
    const four = `a${Math.random().toString(36).slice(2, 5)}`;
    expect(await (await check(s, four)).json()).toEqual({ available: true, message: USERNAME_AVAILABLE });
    expect((await claim(s, four)).status).toBe(201);
    expect(await (await check(s, four.toUpperCase())).json()).toEqual({ available: false, message: USERNAME_TAKEN });
    const second = await claim(s, `x${'y'.repeat(28)}z`);
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(USERNAME_ALREADY_SET);
    expect((await (await s.fetch('/api/me')).json()).username).toBe(four);
    const t = await createSignedInSeller(app);
    const thirty = `t${Math.random().toString(36).slice(2, 8)}`.padEnd(30, '_');
    expect((await claim(t, thirty)).status).toBe(201);
  });

  it('needs the confirmation to match', async () => {
    const s = await createSignedInSeller(app);
    expect(await fields(await claim(s, 'good_name', 'good_nam'))).toEqual([{ field: 'confirmUsername', message: USERNAME_MISMATCH }]);
  });

  it('two sellers claiming one name at once: exactly one wins', async () => {
    const name = `race-${Math.random().toString(36).slice(2, 8)}`;
    const sellers = await Promise.all(Array.from({ length: 6 }, () => createSignedInSeller(app)));
    const results = await Promise.all(sellers.map((s) => claim(s, name)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await app.db.collection('sellers').countDocuments({ username: name })).toBe(1);
  });

  it('one seller claiming two names at once: exactly one sticks, the other stays free', async () => {
    const s = await createSignedInSeller(app);
    const names = Array.from({ length: 5 }, (_, i) => `solo${i}-${Math.random().toString(36).slice(2, 7)}`);
    const results = await Promise.all(names.map((n) => claim(s, n)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const me = await (await s.fetch('/api/me')).json();
    expect(await app.db.collection('usernames').countDocuments({ sellerId: s.sellerId })).toBe(1);
    expect(names).toContain(me.username);
  });
});

describe('settings', () => {
  const good = { contactMethod: 'whatsapp', contactValue: '+49151234567', paymentMethod: 'payoneer', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'Max Muster' };

  it('saves and reads back settings; choosing Payoneer is not a Payoneer binding (only the consent flow binds)', async () => {
    const s = await createProvenSeller(app);
    const empty = await (await s.fetch('/api/member/settings')).json();
    expect(empty.settings).toBeNull();
    expect(empty.payoneer).toEqual({ bound: false, account: null });
    // Setting where payouts go takes the current password (docs/security.md, item 11).
    const res = await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...good, currentPassword: s.password }) });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.message).toBe(SETTINGS_SAVED);
    expect(saved.settings).toEqual({ ...good, currency: 'EUR' });
    expect(saved.payoneer).toEqual({ bound: false, account: null });
    const read = await (await s.fetch('/api/member/settings')).json();
    expect(read.settings.trueName).toBe('Max Muster');
    expect(read.payoneer).toEqual({ bound: false, account: null });
  });

  it.each([
    [{ paymentAddress: '' }, 'paymentAddress', PAYMENT_ADDRESS_REQUIRED],
    [{ trueName: '  ' }, 'trueName', TRUE_NAME_REQUIRED],
    [{ contactMethod: 'fax' }, 'contactMethod', CHOOSE_OPTION],
    [{ paymentMethod: 'usdt-trc20', paymentAddress: 'T123' }, 'paymentAddress', USDT_TRC20_ADDRESS],
    [{ paymentMethod: 'paypal', paymentAddress: 'not-mail' }, 'paymentAddress', EMAIL_FORMAT],
    [{ contactValue: '' }, 'contactValue', REQUIRED],
  ])('refuses %j and changes nothing', async (change, field, message) => {
    const s = await createProvenSeller(app);
    await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...good, currentPassword: s.password }) });
    const res = await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...good, currentPassword: s.password, ...change, trueName: (change as { trueName?: string }).trueName ?? 'Changed Name' }) });
    expect(res.status).toBe(400);
    expect(await fields(res)).toContainEqual({ field, message });
    expect((await (await s.fetch('/api/member/settings')).json()).settings.trueName).toBe('Max Muster');
  });

  it('names each refusal by code with its numbers, so the web translates without reading English (docs/accounts.md)', async () => {
    const s = await createProvenSeller(app);
    const res = await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...good, currentPassword: s.password, trueName: 'x'.repeat(101) }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toContainEqual({ field: 'trueName', message: 'Please enter at most 100 characters', code: 'tooLong', data: { max: 100 } });
    expect((await s.fetch('/api/member/settings/code', { method: 'POST', body: '{}' })).status).toBe(200);
    const again = await s.fetch('/api/member/settings/code', { method: 'POST', body: '{}' });
    expect(again.status).toBe(429);
    const { error } = await again.json();
    expect(error).toMatchObject({ code: 'resend_wait', data: { seconds: expect.any(Number) } });
    expect(error.message).toBe(`Please wait ${error.data.seconds} seconds before requesting another email`);
  });

  it('changes the password: old one checked, new one differs, other sessions end', async () => {
    const s = await createSignedInSeller(app);
    const otherCookie = (await signIn(s.email, s.password)).headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const change = (body: unknown) => s.fetch('/api/member/password', { method: 'POST', body: JSON.stringify(body) });
    expect(await fields(await change({ oldPassword: 'Wrong1234', password: 'Next9Pass', confirmPassword: 'Next9Pass' }))).toEqual([{ field: 'oldPassword', message: OLD_PASSWORD_WRONG }]);
    expect(await fields(await change({ oldPassword: s.password, password: s.password, confirmPassword: s.password }))).toContainEqual({ field: 'password', message: NEW_PASSWORD_SAME });
    expect(await fields(await change({ oldPassword: s.password, password: 'Next9Pass', confirmPassword: 'Next9Pas' }))).toContainEqual({ field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH });
    const ok = await change({ oldPassword: s.password, password: 'Next9Pass', confirmPassword: 'Next9Pass' });
    expect((await ok.json()).message).toBe(PASSWORD_CHANGED);
    expect((await s.fetch('/api/me')).status).toBe(200);
    expect((await fetch(`${app.url}/api/me`, { headers: { cookie: otherCookie } })).status).toBe(401);
    expect((await signIn(s.email, 'Next9Pass')).status).toBe(200);
  });
});

describe('live socket with the session cookie', () => {
  it('connects with the session cookie and receives the seller events; refuses without', async () => {
    const s = await createSignedInSeller(app);
    const sock = connect(app.url, { transports: ['websocket'], extraHeaders: { cookie: s.cookie } });
    await new Promise<void>((resolve, reject) => { sock.once('connect', resolve); sock.once('connect_error', reject); });
    const got = new Promise((resolve) => sock.once('live:event', resolve));
    await app.publish(s.sellerId, 'probe:sent', { n: 1 });
    expect(await got).toMatchObject({ type: 'probe:sent', data: { n: 1 } });
    sock.close();
    const anon = connect(app.url, { transports: ['websocket'], extraHeaders: { cookie: 'sid=nope' } });
    const err = await new Promise<Error>((resolve) => anon.once('connect_error', resolve));
    expect(err.message).toBe('unauthenticated');
    anon.close();
  });
});
