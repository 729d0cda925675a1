import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { finishGoogle, googleSignIn, startGoogle, startLocalOidc, type GoogleStart, type LocalOidc } from '../support/oidc.js';
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

/** A whole sign-in whose Google result does not depend on the start (codes, access tokens). */
const google = (url: string, kind: string, value: string) => googleSignIn(url, kind, async () => value);
/** An ID credential as Google's One Tap returns it for this start: carrying its nonce. */
const credentialFor = (email: string, clientId?: string) => async (start: GoogleStart) => (await oidc.tokens(email, clientId, start.nonce)).id_token;

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
    await expectSignedIn(await googleSignIn(app.url, 'credential', credentialFor(email)), email);
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
    for (const [kind, make] of [
      ['credential', credentialFor(email, 'other-site')],
      ['access_token', async () => (await oidc.tokens(email, 'other-site')).access_token],
    ] as const) {
      const res = await googleSignIn(app.url, kind, make);
      expect(res.status, kind).toBe(401);
      expect((await res.json()).error.message).toBe(GOOGLE_FAILED);
    }
    const forge = async (start: GoogleStart) => {
      const [h, p, sig] = (await credentialFor(email)(start)).split('.');
      return `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), email: 'victim@example.com' })).toString('base64url')}.${sig}`;
    };
    expect((await googleSignIn(app.url, 'credential', forge)).status).toBe(401);
    const code = await oidc.mintCode(email);
    expect((await google(app.url, 'code', code)).status).toBe(200);
    expect((await google(app.url, 'code', code)).status).toBe(401);
  });

  it('refuses a callback with a wrong, foreign, reused or missing state, and a credential with a wrong nonce', async () => {
    const email = uniqueEmail('g');
    const refused = async (res: Response, what: string) => {
      expect(res.status, what).toBe(401);
      expect((await res.json()).error.message, what).toBe(GOOGLE_FAILED);
    };
    // Wrong state: the code comes back with a state this browser never started.
    const mine = await startGoogle(app.url);
    await refused(await finishGoogle(app.url, 'code', await oidc.mintCode(email), { ...mine, state: `${mine.state}x` }), 'wrong state');
    // Another browser's sign-in (login CSRF): the attacker's state and code, the victim's cookie.
    const attacker = await startGoogle(app.url);
    const victim = await startGoogle(app.url);
    await refused(await finishGoogle(app.url, 'code', await oidc.mintCode(uniqueEmail('attacker')), { state: attacker.state, cookie: victim.cookie }), 'foreign state');
    // No state cookie at all.
    await refused(await finishGoogle(app.url, 'code', await oidc.mintCode(email), { state: victim.state, cookie: '' }), 'no cookie');
    // A state counts once, even with a fresh code.
    const once = await startGoogle(app.url);
    expect((await finishGoogle(app.url, 'code', await oidc.mintCode(email), once)).status).toBe(200);
    await refused(await finishGoogle(app.url, 'code', await oidc.mintCode(email), once), 'reused state');
    // A credential minted for another sign-in (or none) carries the wrong nonce.
    const other = await startGoogle(app.url);
    await refused(await googleSignIn(app.url, 'credential', async () => (await oidc.tokens(email, undefined, other.nonce)).id_token), 'foreign nonce');
    await refused(await googleSignIn(app.url, 'credential', async () => (await oidc.tokens(email)).id_token), 'no nonce');
    // An authorization code whose ID token carries a nonce we never sent is refused by openid-client.
    await refused(await googleSignIn(app.url, 'code', async () => oidc.mintCode(email, undefined, 'injected-nonce')), 'code with a nonce');
  });

  it('without a client id, says Google sign-in is not available', async () => {
    const bare = await startTestApp();
    try {
      expect((await (await fetch(`${bare.url}/api/auth/options`)).json()).googleClientId).toBeNull();
      expect((await fetch(`${bare.url}/api/auth/google/start`, { method: 'POST' })).status).toBe(503);
      const res = await fetch(`${bare.url}/api/auth/google`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'credential', value: 'x.y.z', state: 'x' }) });
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toBe(GOOGLE_UNAVAILABLE);
    } finally {
      await bare.close();
    }
  });
});
