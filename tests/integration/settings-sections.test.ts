/**
 * Settings saved by section (issue 19 §2): contact details alone, before the address is proven and
 * without a password; payout details with the proven address and the password (or emailed code)
 * rule; neither section touches the other. A squatter's contact details go when the owner proves
 * the address through the mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { codeIn, mailsTo, waitForMail } from '../support/mail.js';
import { proveEmail } from '../support/proven.js';
import { createSignedInSeller, uniqueEmail } from '../support/sellers.js';
import { CHOOSE_OPTION, EMAIL_NOT_VERIFIED, PAYOUT_PASSWORD_REQUIRED, SETTINGS_SAVED } from '../../domain/messages.js';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const CONTACT = { contactMethod: 'whatsapp', contactValue: '+4915112345678' };
const PAYOUT = { paymentMethod: 'paypal', paymentAddress: 'me@example.com', currency: 'EUR', trueName: 'Jane Seller' };
const put = (s: { fetch: (p: string, i?: RequestInit) => Promise<Response> }, section: string, body: unknown) =>
  s.fetch(`/api/member/settings/${section}`, { method: 'PUT', body: JSON.stringify(body) });
const settingsOf = async (sellerId: string) => (await app.db.collection('sellers').findOne({ _id: sellerId as never }))?.settings;

describe('settings by section', () => {
  it('saves a contact method before the address is proven, with no password; payout details still need the proof', async () => {
    const s = await createSignedInSeller(app);
    const res = await put(s, 'contact', CONTACT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: SETTINGS_SAVED, settings: CONTACT });
    expect(await settingsOf(s.sellerId)).toEqual(CONTACT);
    const payout = await put(s, 'payout', { ...PAYOUT, currentPassword: s.password });
    expect(payout.status).toBe(403);
    expect((await payout.json()).error.message).toBe(EMAIL_NOT_VERIFIED);
    expect(await settingsOf(s.sellerId)).toEqual(CONTACT);
  });

  it('refuses a bad contact section field by field, changing nothing, and never saves payout fields sent with it', async () => {
    const s = await createSignedInSeller(app);
    const bad = await put(s, 'contact', { contactMethod: 'fax', contactValue: '' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.map((f: { field: string; message: string }) => [f.field, f.message])).toEqual([
      ['contactMethod', CHOOSE_OPTION], ['contactValue', 'This information is required'],
    ]);
    expect(await settingsOf(s.sellerId)).toBeNull();
    // The contact section cannot be used to slip a payout address past the proof and password rule: other fields are dropped.
    const sneaky = await put(s, 'contact', { ...CONTACT, paymentMethod: 'paypal', paymentAddress: 'thief@example.com' });
    expect(sneaky.status).toBe(200);
    expect(await settingsOf(s.sellerId)).toEqual(CONTACT);
  });

  it('keeps the payout rule: the password for a new address, a mail when it changes; each section leaves the other as it was', async () => {
    const s = await createSignedInSeller(app);
    await proveEmail(s);
    const without = await put(s, 'payout', PAYOUT);
    expect(without.status).toBe(400);
    expect((await without.json()).error.fields).toEqual([expect.objectContaining({ field: 'currentPassword', message: PAYOUT_PASSWORD_REQUIRED })]);
    expect(await settingsOf(s.sellerId)).toBeNull();
    const saved = await put(s, 'payout', { ...PAYOUT, currentPassword: s.password });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ settings: PAYOUT, paymentRetried: 0 });
    await waitForMail(s.email, /payment details were changed/i);
    // Contact after payout: the payout details stay; currency and true name alone need no password.
    expect((await put(s, 'contact', CONTACT)).status).toBe(200);
    expect((await put(s, 'payout', { ...PAYOUT, currency: 'GBP', trueName: 'Jane Q Seller' })).status).toBe(200);
    expect(await settingsOf(s.sellerId)).toEqual({ ...PAYOUT, currency: 'GBP', trueName: 'Jane Q Seller', ...CONTACT });
    expect((await mailsTo(s.email)).filter((m) => /payment details were changed/i.test(m.subject))).toHaveLength(1);
  });

  it("drops a squatter's contact details when the owner proves the address through the mailbox", async () => {
    const squatter = await createSignedInSeller(app, { email: uniqueEmail('victim') });
    expect((await put(squatter, 'contact', { contactMethod: 'telegram', contactValue: '@squatter' })).status).toBe(200);
    const post = (path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/code', { email: squatter.email })).status).toBe(200);
    const code = codeIn(await waitForMail(squatter.email, /verification code/i));
    expect((await post('/api/auth/signin/code', { email: squatter.email, code })).status).toBe(200);
    expect(await settingsOf(squatter.sellerId)).toEqual({});
  });
});
