import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { startLocalOidc, type LocalOidc } from '../support/oidc.js';
import { cookieFrom, uniqueEmail } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { GOOGLE_FAILED, GOOGLE_UNAVAILABLE } from '../../domain/messages.js';

let oidc: LocalOidc;
let app: TestApp;
beforeAll(async () => {
  oidc = await startLocalOidc();
  app = await startTestApp(undefined, {
    accounts: { google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer, redirectUri: oidc.redirectUri } },
  });
});
afterAll(async () => { await app?.close(); await oidc?.close(); });

const google = (url: string, kind: string, value: string) =>
  fetch(`${url}/api/auth/google`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind, value }) });

async function expectSignedIn(res: Response, email: string) {
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.seller.email).toBe(email);
  const me = await fetch(`${app.url}/api/me`, { headers: { cookie: cookieFrom(res) } });
  expect((await me.json()).email).toBe(email);
  return body.seller.id as string;
}

describe('Google sign-in against a real local OpenID provider', () => {
  it('publishes the client id for the button', async () => {
    expect((await (await fetch(`${app.url}/api/auth/options`)).json()).googleClientId).toBe(oidc.clientId);
  });

  it('authorization code (popup, default): exchanged and its ID token verified; creates the seller once', async () => {
    const email = uniqueEmail('g');
    const id = await expectSignedIn(await google(app.url, 'code', await oidc.mintCode(email)), email);
    expect(await expectSignedIn(await google(app.url, 'code', await oidc.mintCode(email)), email)).toBe(id);
    const seller = await app.db.collection('sellers').findOne({ email });
    expect(seller?.passwordHash).toBeNull();
  });

  it('ID credential: signature, issuer and audience checked', async () => {
    const email = uniqueEmail('g');
    const { id_token } = await oidc.tokens(email);
    await expectSignedIn(await google(app.url, 'credential', id_token), email);
  });

  it('access token: must be issued to our client, then userinfo gives the email', async () => {
    const email = uniqueEmail('g');
    const { access_token } = await oidc.tokens(email);
    await expectSignedIn(await google(app.url, 'access_token', access_token), email);
  });

  it('links to an existing password account whose address is proven, with the same verified email', async () => {
    const s = await createProvenSeller(app);
    expect(await expectSignedIn(await google(app.url, 'code', await oidc.mintCode(s.email)), s.email)).toBe(s.sellerId);
  });

  it('refuses tokens minted for another site, tampered credentials and reused codes', async () => {
    const email = uniqueEmail('g');
    const other = await oidc.tokens(email, 'other-site');
    for (const [kind, value] of [['credential', other.id_token], ['access_token', other.access_token]]) {
      const res = await google(app.url, kind, value);
      expect(res.status, kind).toBe(401);
      expect((await res.json()).error.message).toBe(GOOGLE_FAILED);
    }
    const ours = await oidc.tokens(email);
    const [h, p, sig] = ours.id_token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), email: 'victim@example.com' })).toString('base64url')}.${sig}`;
    expect((await google(app.url, 'credential', forged)).status).toBe(401);
    const code = await oidc.mintCode(email);
    expect((await google(app.url, 'code', code)).status).toBe(200);
    expect((await google(app.url, 'code', code)).status).toBe(401);
  });

  it('without a client id, says Google sign-in is not available', async () => {
    const bare = await startTestApp();
    try {
      expect((await (await fetch(`${bare.url}/api/auth/options`)).json()).googleClientId).toBeNull();
      const res = await google(bare.url, 'credential', 'x.y.z');
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toBe(GOOGLE_UNAVAILABLE);
    } finally {
      await bare.close();
    }
  });
});
