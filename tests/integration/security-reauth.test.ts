/**
 * A stolen session keeps access after logout everywhere (issue 17, item 3): with a session alone a
 * thief rotated an API key (and read the new secret) or registered a webhook, and logout everywhere
 * or a password reset ended sessions only. Minting a secret now needs a fresh re-authentication,
 * mails the seller, and both endings offer to revoke keys and remove webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLD_PASSWORD_WRONG, REAUTH_CODE_REQUIRED, REAUTH_PASSWORD_REQUIRED, REAUTH_REQUIRED } from '../../domain/messages.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { SELLER_EVENT_TYPES } from '../../domain/seller-events.js';
import { testKeyRing } from '../support/secrets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createProvenSeller } from '../support/proven.js';
import { codeIn, linkIn, mailsTo, waitForMail } from '../support/mail.js';
import type { SignedInSeller } from '../support/sellers.js';
import { DAY_OF_CODES, spendCodeGuesses } from '../support/code-guesses.js';

let app: TestApp;
let keys: ApiKeys;
beforeAll(async () => {
  app = await startTestApp(undefined, { accounts: { limits: { resendWaitSeconds: 1 } } });
  keys = await ApiKeys.open(app.db.db!);
});
afterAll(async () => { await app?.close(); });

const SECRET_MAIL = /new secret was issued/i;
const post = (s: SignedInSeller, path: string, body: unknown = {}) => s.fetch(path, { method: 'POST', body: JSON.stringify(body) });
const errorOf = async (res: Response) => {
  const { error } = (await res.json()) as { error: { code: string; message: string; fields: { field: string; message: string }[] } };
  return { ...error, fields: error.fields.map(({ field, message }) => ({ field, message })) };
};
const hook = { url: 'https://thief.example.com/hook', description: 'thief' };

/** A proven seller whom support gave API access and one key. */
async function apiSeller(): Promise<SignedInSeller & { keyId: string; secret: string }> {
  const s = await createProvenSeller(app);
  await keys.enableApiAccess(s.sellerId, 'support:test', 'test');
  const issued = await keys.issueKey(s.sellerId, { name: 'Shop bot', scopes: ['read'] });
  return Object.assign(s, { keyId: issued.key.keyId, secret: issued.secret });
}
const endpoints = async (s: SignedInSeller) => ((await (await s.fetch('/api/member/webhooks')).json()) as { endpoints: { id: string }[] }).endpoints;

describe('secrets need a fresh re-authentication (item 3)', () => {
  it('a session alone can neither rotate an API key nor register a webhook nor rotate its secret', async () => {
    const s = await apiSeller();
    const rotate = await post(s, `/api/member/api-keys/${s.keyId}/rotate`);
    expect(rotate.status).toBe(403);
    expect(await errorOf(rotate)).toMatchObject({ code: 'reauth_required', message: REAUTH_REQUIRED });
    expect(await keys.authenticateKey(s.secret)).toMatchObject({ ok: true, revision: 1 }); // the owner's secret still works
    const register = await post(s, '/api/member/webhooks', hook);
    expect(register.status).toBe(403);
    expect(await endpoints(s)).toEqual([]);

    // Confirming needs the password itself; a wrong one confirms nothing.
    expect((await errorOf(await post(s, '/api/member/reauth', {}))).fields).toEqual([{ field: 'currentPassword', message: REAUTH_PASSWORD_REQUIRED }]);
    expect((await errorOf(await post(s, '/api/member/reauth', { currentPassword: 'NotMine123' }))).fields).toEqual([{ field: 'currentPassword', message: OLD_PASSWORD_WRONG }]);
    expect((await post(s, `/api/member/api-keys/${s.keyId}/rotate`)).status).toBe(403);

    // The owner confirms, and may then mint secrets; each one is mailed.
    expect((await post(s, '/api/member/reauth', { currentPassword: s.password })).status).toBe(200);
    const rotated = await post(s, `/api/member/api-keys/${s.keyId}/rotate`);
    expect(rotated.status).toBe(200);
    const secrets = [((await rotated.json()) as { secret: string }).secret];
    expect((await waitForMail(s.email, SECRET_MAIL)).text).toContain('Shop bot');
    const created = await post(s, '/api/member/webhooks', hook);
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { endpoint: { id: string }; secret: string };
    const id = endpoint.endpoint.id;
    await waitForMail(s.email, SECRET_MAIL, 2);
    const rotatedHook = await post(s, `/api/member/webhooks/${id}/rotate-secret`);
    expect(rotatedHook.status).toBe(200);
    secrets.push(endpoint.secret, ((await rotatedHook.json()) as { secret: string }).secret);
    await waitForMail(s.email, SECRET_MAIL, 3);
    // The mails say what happened, never the secret itself.
    for (const m of await mailsTo(s.email)) for (const secret of secrets) expect(`${m.text}${m.html ?? ""}`).not.toContain(secret.slice(-20));

    // Ten minutes later the confirmation has lapsed.
    await app.db.collection('sessions').updateMany({ sellerId: s.sellerId }, { $set: { reauthenticatedAt: new Date(Date.now() - 11 * 60_000) } });
    expect((await post(s, `/api/member/webhooks/${id}/rotate-secret`)).status).toBe(403);
    expect((await post(s, `/api/member/api-keys/${s.keyId}/rotate`)).status).toBe(403);
  });

  it('asks a seller without a password for an emailed code', async () => {
    const s = await apiSeller();
    await app.db.collection('sellers').updateOne({ _id: s.sellerId as never }, { $set: { passwordHash: null } });
    expect((await errorOf(await post(s, '/api/member/reauth', { currentPassword: s.password }))).fields).toEqual([{ field: 'code', message: REAUTH_CODE_REQUIRED }]);
    expect((await post(s, '/api/member/reauth/code')).status).toBe(200);
    const code = codeIn(await waitForMail(s.email, /confirm it is you/i));
    expect((await post(s, '/api/member/reauth', { code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    expect((await post(s, '/api/member/reauth', { code })).status).toBe(200);
    expect((await post(s, `/api/member/api-keys/${s.keyId}/rotate`)).status).toBe(200);
  });

  it('gives a re-authentication code at most 50 guesses a day, however many codes are asked for (issue 27, item 5)', async () => {
    const day = await startTestApp(undefined, { accounts: { limits: DAY_OF_CODES } });
    try {
      const s = await createProvenSeller(day);
      await day.db.collection('sellers').updateOne({ _id: s.sellerId as never }, { $set: { passwordHash: null } });
      const { statuses, nextCode } = await spendCodeGuesses(s.email, /confirm it is you/i,
        () => post(s, '/api/member/reauth/code'), (code) => post(s, '/api/member/reauth', { code }));
      expect(statuses).toEqual(Array(50).fill(400));
      expect((await post(s, '/api/member/reauth', { code: nextCode })).status).toBe(429);
      expect(await errorOf(await post(s, '/api/member/webhooks', hook))).toMatchObject({ code: 'reauth_required' });
    } finally {
      await day.close();
    }
  });

  it('holds wrong passwords straddling a window\'s turn to the limit, 10 per 15 minutes (issue 27, item 6)', async () => {
    const windowMs = 15 * 60_000;
    // The limits' clock is the test's: it stands 3 s before a window's turn, then 3 s after it.
    const turn = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
    let now = turn - 3000;
    const timed = await startTestApp(undefined, { accounts: { clock: () => now } });
    try {
      const s = await createProvenSeller(timed);
      const wrong = () => s.fetch('/api/member/reauth', { method: 'POST', body: JSON.stringify({ currentPassword: 'NotMine123' }) }).then((r) => r.status);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push(await wrong());
      now = turn + 3000;
      for (let i = 0; i < 10; i++) statuses.push(await wrong());
      expect(statuses).toEqual([...Array(10).fill(400), ...Array(10).fill(429)]);
      const right = () => s.fetch('/api/member/reauth', { method: 'POST', body: JSON.stringify({ currentPassword: s.password }) });
      // Counted before argon2: the right password waits too.
      const refused = await right();
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.message).toMatch(/^Too many attempts, please try again in (1 minute|([2-9]|\d\d+) minutes)$/);
      // Half a window later half the earlier tries have slid out of the last 15 minutes: the owner gets in.
      now = turn + windowMs / 2;
      expect((await right()).status).toBe(200);
    } finally {
      await timed.close();
    }
  });
});

describe('ending a stolen session ends what it minted (item 3)', () => {
  /**
   * The thief's haul, minted before the owner noticed (before this fix a session alone sufficed): a
   * key rotated to a secret only the thief knows, and a webhook endpoint of the thief's.
   */
  async function robbed() {
    const s = await apiSeller();
    const stolen = (await keys.rotateKey(s.sellerId, s.keyId)).secret;
    const webhooks = await WebhookEndpoints.open(app.db.db!, await SecretVault.open(app.db.db!, testKeyRing()));
    await webhooks.create(s.sellerId, { ...hook, events: [...SELLER_EVENT_TYPES] });
    return { s, stolen };
  }

  it('logout everywhere with "revoke API access" revokes every key and removes every webhook', async () => {
    const { s, stolen } = await robbed();
    const out = await post(s, '/api/auth/logout-all', { revokeApiAccess: true });
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ ok: true, keysRevoked: 1, webhooksRemoved: 1 });
    expect(await keys.authenticateKey(stolen)).toMatchObject({ ok: false, refused: 'revoked' });
    expect(await app.db.collection('webhook_endpoints').countDocuments({ sellerId: s.sellerId, removedAt: null })).toBe(0);
  });

  it('logout everywhere without it keeps keys and webhooks (the seller chose)', async () => {
    const { s, stolen } = await robbed();
    expect((await post(s, '/api/auth/logout-all')).status).toBe(200);
    expect(await keys.authenticateKey(stolen)).toMatchObject({ ok: true });
  });

  it('a password reset with "revoke API access" does the same', async () => {
    const { s, stolen } = await robbed();
    await fetch(`${app.url}/api/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email }) });
    const token = new URL(linkIn(await waitForMail(s.email, /reset your password/i))).searchParams.get('token');
    const reset = await fetch(`${app.url}/api/auth/password/reset`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'N3wOwnerPass', confirmPassword: 'N3wOwnerPass', revokeApiAccess: true }),
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ keysRevoked: 1, webhooksRemoved: 1 });
    expect(await keys.authenticateKey(stolen)).toMatchObject({ ok: false, refused: 'revoked' });
    expect(await app.db.collection('webhook_endpoints').countDocuments({ sellerId: s.sellerId, removedAt: null })).toBe(0);
  });
});
