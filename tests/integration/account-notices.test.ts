/**
 * Account notices through the notification service, against the real API, database and SMTP catcher:
 * a payout change (in German for a seller who chose it), an API key rotation and a webhook secret
 * each make one mail in the seller's language and one in-app entry that opens the right part of
 * Settings; the same request again, or twice at once, tells the seller once. A notice made without a
 * mailer (the support tool without SMTP_URL) is sent by the workers' outbox sweep. Support disabling
 * API access (the support tool, its mail from the brand at the public host when MAIL_FROM is unset)
 * and a key revoked (in Settings, or by logout everywhere) each tell once, by mail and in the app.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotificationPage, NotificationView } from '../../domain/notifications.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createAccountNotices } from '../../infra/notifications/account-notices.js';
import { MailOutbox, OUTBOX_COLLECTION } from '../../infra/notifications/outbox.js';
import { NOTIFICATIONS_COLLECTION } from '../../infra/notifications/inbox.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { mailsTo, settledMails, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { testLogger } from '../support/servers.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { main as supportTool } from '../../support/cli.js';

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
/** The seller's mails whose subject matches, once everything queued for them was sent (a second, wrong one counted). */
const settled = (s: SignedInSeller, subject: RegExp) => settledMails(app.db.db!, s.sellerId, s.email, subject);

describe('payout details changed', () => {
  const GERMAN = /Ihre Zahlungsdaten wurden geändert/;

  it('mails once in the seller\'s language (masked payee, time, advice, link) with one in-app entry; the same save again or twice at once tells once', async () => {
    const s = await createProvenSeller(app);
    expect((await s.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) })).status).toBe(200);
    expect((await put(s, { ...PAYOUT, currentPassword: s.password })).status).toBe(200);
    const mail = await waitForMail(s.email, GERMAN);
    expect(mail.text).toContain('PayPal (fir***com)');
    expect(mail.text).not.toContain('first.payee@example.com');
    expect(mail.text).toContain('Auszahlungen gehen an diese Adresse');
    expect(mail.text).toMatch(/Zeitpunkt: .*2\d{3}.* UTC/);
    expect(mail.text).toContain(`${app.url}/de/member/my-info#info-payment`);
    const [entry] = await entries(s, 'payout_details_changed');
    expect(entry).toMatchObject({ titleCode: 'payout_details_changed.title', bodyCode: 'payout_details_changed.body', params: { method: 'paypal', address: 'fir***com' }, link: '/member/my-info#info-payment', readAt: null });

    // The same request again changes nothing and tells nothing.
    expect((await put(s, { ...PAYOUT, currentPassword: s.password })).status).toBe(200);
    // The same change sent twice at once (a retry on another replica): both save, the seller hears once.
    const next = { ...PAYOUT, paymentAddress: 'second.payee@example.com', currentPassword: s.password };
    expect((await Promise.all([put(s, next), put(s, next)])).map((r) => r.status)).toEqual([200, 200]);
    await waitForMail(s.email, GERMAN, 2);
    expect(await settled(s, GERMAN)).toHaveLength(2);
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
    const rotate = (body?: object) => post(s, `/api/member/api-keys/${issued.key.keyId}/rotate`, body);

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

    // Two tabs that both saw the first rotation: one secret, whether the requests overlap or follow each other.
    const seen = { seenRotatedAt: (answer.key as { rotatedAt?: string }).rotatedAt };
    const race = await Promise.all([rotate(seen), rotate(seen)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    await waitForMail(s.email, SECRET, 2);
    expect(await settled(s, SECRET)).toHaveLength(2);
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
    expect(await settled(s, SECRET)).toHaveLength(2);
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
    expect(await settled(s, /^API access enabled$/)).toHaveLength(1);
  });
});

describe('API access disabled and keys revoked', () => {
  /** The support tool as support runs it, mailing through the run's catcher; MAIL_FROM unset, links on the public site. */
  const support = async (args: string[]) => {
    const env = {
      MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY,
      SMTP_URL: inject('smtpUrl'), PUBLIC_URL: 'https://coins.example.com',
    };
    let err = '';
    const code = await supportTool(args, env, { log: () => undefined, error: (t) => { err += t; } });
    expect(err).toBe('');
    return code;
  };
  const DISABLED = /^API access disabled$/;
  const REVOKED = /^An API key was revoked$/;

  it('support disabling API access mails once, from the brand at the public host, with one entry; disabling again tells nothing', async () => {
    const s = await createProvenSeller(app);
    await keys.enableApiAccess(s.sellerId, 'support:test', 'contract signed');
    expect(await support(['api', 'disable', s.email, '--by', 'Dana (support)', '--why', 'contract ended'])).toBe(0);
    const mail = await waitForMail(s.email, DISABLED);
    expect(mail.fromHeader).toBe('CoinMarket <no-reply@coins.example.com>');
    expect(mail.text).toContain('Support turned off API access for your account: every API key of yours is refused from now on.');
    expect(mail.text).toMatch(/Time: .* UTC/);
    expect(mail.text).toContain('https://coins.example.com/member/my-info#info-api-keys');
    expect(await entries(s, 'api_access_disabled')).toEqual([expect.objectContaining({ titleCode: 'api_access_disabled.title', bodyCode: 'api_access_disabled.body', link: '/member/my-info#info-api-keys', readAt: null })]);

    // Off already: the decision is recorded, the seller is not told twice.
    expect(await support(['api', 'disable', s.email, '--by', 'Dana (support)', '--why', 'again'])).toBe(0);
    expect(await settled(s, DISABLED)).toHaveLength(1);
    expect(await entries(s, 'api_access_disabled')).toHaveLength(1);
  });

  it('a key revoked in Settings mails once (name and prefix) with one entry; revoking it again tells nothing; logout everywhere tells once per key it revokes', async () => {
    const s = await createProvenSeller(app);
    await keys.enableApiAccess(s.sellerId, 'support:test', 'contract signed');
    const shop = await keys.issueKey(s.sellerId, { name: 'Shop bot', scopes: ['read'] });
    const revoke = () => post(s, `/api/member/api-keys/${shop.key.keyId}/revoke`);
    expect((await revoke()).status).toBe(200);
    const mail = await waitForMail(s.email, REVOKED);
    expect(mail.text).toContain(`The API key "Shop bot" (${shop.key.prefix}_…) was revoked: it is refused from now on.`);
    expect(mail.text).toContain(`${app.url}/member/my-info#info-api-keys`);
    expect(`${mail.text}${mail.html ?? ''}`).not.toContain(shop.secret.slice(-20));
    expect(await entries(s, 'api_key_revoked')).toEqual([expect.objectContaining({ params: expect.objectContaining({ name: 'Shop bot', prefix: shop.key.prefix }), link: '/member/my-info#info-api-keys' })]);
    expect((await revoke()).status).toBe(200);
    expect(await settled(s, REVOKED)).toHaveLength(1);

    // Logout everywhere, revoking API access: the two live keys are told, the one revoked before is not.
    await keys.issueKey(s.sellerId, { name: 'Stock sync', scopes: ['read'] });
    await keys.issueKey(s.sellerId, { name: 'Price bot', scopes: ['read'] });
    const out = await post(s, '/api/auth/logout-all', { revokeApiAccess: true });
    expect(await out.json()).toMatchObject({ ok: true, keysRevoked: 2 });
    await waitForMail(s.email, REVOKED, 3);
    const mails = await settled(s, REVOKED);
    expect(mails.map((m) => /"([^"]+)"/.exec(m.text)![1]).sort()).toEqual(['Price bot', 'Shop bot', 'Stock sync']);
    // The session is over: the entries are read from the store.
    expect(await app.db.db!.collection(NOTIFICATIONS_COLLECTION).countDocuments({ sellerId: s.sellerId, kind: 'api_key_revoked' })).toBe(3);
  });
});
