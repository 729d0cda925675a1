/**
 * Account notices through the notification service, against the real API, database and SMTP catcher:
 * a payout change (in German for a seller who chose it), an API key rotation and a webhook secret
 * each make one mail in the seller's language and one in-app entry that opens the right part of
 * Settings; the same request again, or twice at once, tells the seller once. A notice made without a
 * mailer (the support tool without SMTP_URL) is sent by the workers' outbox sweep.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotificationPage, NotificationView } from '../../domain/notifications.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createAccountNotices } from '../../infra/notifications/account-notices.js';
import { MailOutbox, OUTBOX_COLLECTION } from '../../infra/notifications/outbox.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { testLogger } from '../support/servers.js';

let app: TestApp;
let keys: ApiKeys;
beforeAll(async () => {
  app = await startTestApp();
  keys = await ApiKeys.open(app.db.db!);
});
afterAll(async () => { await app?.close(); });

const PAYOUT = { paymentMethod: 'paypal', paymentAddress: 'first.payee@example.com', currency: 'EUR', trueName: 'Max Muster' };
const put = (s: SignedInSeller, body: unknown) => s.fetch('/api/member/settings/payout', { method: 'PUT', body: JSON.stringify(body) });
const post = (s: SignedInSeller, path: string, body: unknown = {}) => s.fetch(path, { method: 'POST', body: JSON.stringify(body) });
const entries = async (s: SignedInSeller, kind: string): Promise<NotificationView[]> =>
  ((await (await s.fetch('/api/notifications')).json()) as NotificationPage).items.filter((n) => n.kind === kind);
/** Mails so far whose subject matches: a short settle first, so a second (wrong) mail has had time to arrive. */
const settled = async (to: string, subject: RegExp) => {
  await new Promise((r) => setTimeout(r, 500));
  return (await mailsTo(to)).filter((m) => subject.test(m.subject));
};

describe('payout details changed', () => {
  const GERMAN = /Ihre Zahlungsdaten wurden geändert/;

  it('mails once in the seller\'s language (masked payee, time, advice, link) with one in-app entry; the same save again or twice at once tells once', async () => {
    const s = await createProvenSeller(app);
    expect((await s.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) })).status).toBe(200);
    expect((await put(s, { ...PAYOUT, currentPassword: s.password })).status).toBe(200);
    const mail = await waitForMail(s.email, GERMAN);
    expect(mail.text).toContain('paypal (fir***com)');
    expect(mail.text).not.toContain('first.payee@example.com');
    expect(mail.text).toContain('Auszahlungen gehen an diese Adresse');
    expect(mail.text).toMatch(/Zeitpunkt: .*2\d{3}.* UTC/);
    expect(mail.text).toContain(`${app.url}/member/my-info#info-payment`);
    const [entry] = await entries(s, 'payout_details_changed');
    expect(entry).toMatchObject({ titleCode: 'payout_details_changed.title', bodyCode: 'payout_details_changed.body', params: { method: 'paypal', address: 'fir***com' }, link: '/member/my-info#info-payment', readAt: null });

    // The same request again changes nothing and tells nothing.
    expect((await put(s, { ...PAYOUT, currentPassword: s.password })).status).toBe(200);
    // The same change sent twice at once (a retry on another replica): both save, the seller hears once.
    const next = { ...PAYOUT, paymentAddress: 'second.payee@example.com', currentPassword: s.password };
    expect((await Promise.all([put(s, next), put(s, next)])).map((r) => r.status)).toEqual([200, 200]);
    await waitForMail(s.email, GERMAN, 2);
    expect(await settled(s.email, GERMAN)).toHaveLength(2);
    expect(await entries(s, 'payout_details_changed')).toHaveLength(2);
    // Back to the first address is a change of its own, told again.
    expect((await put(s, { ...PAYOUT, currentPassword: s.password })).status).toBe(200);
    await waitForMail(s.email, GERMAN, 3);
    expect(await entries(s, 'payout_details_changed')).toHaveLength(3);
    // The old English-only notice is gone: one mail per change, not two.
    expect((await mailsTo(s.email)).filter((m) => /payment method was changed/i.test(m.subject))).toEqual([]);
  });
});

describe('secrets issued', () => {
  const SECRET = /^A new secret was issued$/;

  it('a key rotation mails once (name, prefix, never the secret) with an entry opening the API keys; two rotations at once: one secret, one notice', async () => {
    const s = await createProvenSeller(app);
    await keys.enableApiAccess(s.sellerId, 'support:test', 'test');
    const issued = await keys.issueKey(s.sellerId, { name: 'Shop bot', scopes: ['read'] });
    expect((await post(s, '/api/member/reauth', { currentPassword: s.password })).status).toBe(200);
    const rotate = () => post(s, `/api/member/api-keys/${issued.key.keyId}/rotate`);

    const first = await rotate();
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { secret: string; key: { prefix: string }; revision?: number };
    expect(answer.revision).toBeUndefined();
    const mail = await waitForMail(s.email, SECRET);
    expect(mail.text).toContain(`The API key "Shop bot" (${answer.key.prefix}_…) was rotated`);
    expect(mail.text).toContain('choose to revoke API keys and remove webhooks');
    expect(mail.text).toMatch(/Time: .* UTC/);
    expect(`${mail.text}${mail.html ?? ''}`).not.toContain(answer.secret.slice(-20));
    expect(mail.text).toContain(`${app.url}/member/my-info#info-api-keys`);
    expect(await entries(s, 'api_key_issued')).toEqual([expect.objectContaining({ bodyCode: 'api_key_issued.rotated', link: '/member/my-info#info-api-keys', params: expect.objectContaining({ name: 'Shop bot' }) })]);

    const race = await Promise.all([rotate(), rotate()]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    await waitForMail(s.email, SECRET, 2);
    expect(await settled(s.email, SECRET)).toHaveLength(2);
    expect(await entries(s, 'api_key_issued')).toHaveLength(2);
  });

  it('a webhook registration and its secret rotation each tell once, opening the webhooks', async () => {
    const s = await createProvenSeller(app);
    expect((await post(s, '/api/member/reauth', { currentPassword: s.password })).status).toBe(200);
    const created = await post(s, '/api/member/webhooks', { url: 'https://shop.example.com/hook', description: 'shop' });
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string } };
    expect((await post(s, `/api/member/webhooks/${endpoint.id}/rotate-secret`)).status).toBe(200);
    await waitForMail(s.email, SECRET, 2);
    expect(await settled(s.email, SECRET)).toHaveLength(2);
    const list = await entries(s, 'api_key_issued');
    expect(list.map((n) => [n.bodyCode, n.link]).sort()).toEqual([
      ['api_key_issued.webhook_registered', '/member/my-info#info-webhooks'], ['api_key_issued.webhook_rotated', '/member/my-info#info-webhooks'],
    ]);
  });
});

describe('a notice made without a mailer (the support tool without SMTP_URL)', () => {
  it('is stored and listed at once, and the workers\' outbox sweep mails it once', async () => {
    const s = await createProvenSeller(app);
    const db = app.db.db!;
    const tell = await createAccountNotices({ db, events: await eventsCollection(app.db), logger: testLogger() }, { mailer: null, publicUrl: 'https://coins.example.com' });
    await tell(s.sellerId, 'api_access_enabled', `${s.sellerId}:0`);
    await tell(s.sellerId, 'api_access_enabled', `${s.sellerId}:0`); // the same decision again
    expect(await entries(s, 'api_access_enabled')).toEqual([expect.objectContaining({ link: '/member/my-info#info-api-keys' })]);
    const queued = await db.collection(OUTBOX_COLLECTION).find({ sellerId: s.sellerId }).toArray();
    expect(queued.map((d) => d.state)).toEqual(['pending']);

    const sweeper = await MailOutbox.open(db, createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger()), testLogger());
    await sweeper.sweep(Date.now() + 1);
    await sweeper.sweep(Date.now() + 1);
    const mail = await waitForMail(s.email, /^API access enabled$/);
    expect(mail.text).toContain('https://coins.example.com/member/my-info#info-api-keys');
    expect(await settled(s.email, /^API access enabled$/)).toHaveLength(1);
  });
});
