/**
 * Google sign-in, verified on our server against the issuer's published OpenID configuration.
 * Every sign-in belongs to a transaction the server started (`state` bound to the browser by a
 * cookie, single use, and a `nonce`): the authorization code is redeemed with openid-client
 * (state checked, ID token validated, and it must carry no nonce: Google's popup code flow sends
 * none); an ID credential must carry the transaction's nonce;
 * an ID credential is checked for issuer, audience (our client id), expiry and signature (the
 * issuer's JWKS); an authorization code is exchanged at the token endpoint for one; an access
 * token is checked to be issued to our client, then the profile is read from userinfo.
 * The issuer is configurable so the tests use a real OpenID provider running locally.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';

export interface GoogleSettings {
  clientId?: string;
  clientSecret?: string;
  /** https://accounts.google.com unless pointed at another OpenID provider. */
  issuer?: string;
  /** Google's popup code flow uses "postmessage". */
  redirectUri?: string;
}

export type GoogleResultKind = 'code' | 'access_token' | 'credential';

export interface VerifiedIdentity { sub: string; email: string }

/** What the server handed the browser when the sign-in started. */
export interface GoogleTransaction { state: string; nonce: string }

interface Discovery {
  issuer: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
  introspection_endpoint?: string;
}

export class GoogleSignInError extends Error {}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_TOKENINFO = 'https://oauth2.googleapis.com/tokeninfo';
const POSTMESSAGE_URL = 'https://postmessage.invalid/';
const POSTMESSAGE_PARAM = `redirect_uri=${encodeURIComponent(POSTMESSAGE_URL)}`;

export class GoogleVerifier {
  private discovery: Promise<{ doc: Discovery; keys: JWTVerifyGetKey }> | null = null;
  private client: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: GoogleSettings) {}

  get clientId(): string | null {
    return this.settings.clientId || null;
  }

  private get issuer() {
    return (this.settings.issuer ?? GOOGLE_ISSUER).replace(/\/+$/, '');
  }

  private load() {
    this.discovery ??= (async () => {
      const res = await fetch(`${this.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new GoogleSignInError(`discovery answered ${res.status}`);
      const doc = (await res.json()) as Discovery;
      return { doc, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })().catch((err) => {
      this.discovery = null; // try again on the next sign-in
      throw err;
    });
    return this.discovery;
  }

  /** The redirect URI the code was issued for, as a URL (Google's popup uses the literal "postmessage"). */
  private get redirectUrl(): string {
    return this.settings.redirectUri && this.settings.redirectUri !== 'postmessage' ? this.settings.redirectUri : POSTMESSAGE_URL;
  }

  /** openid-client's view of the issuer (discovery once; http only for a local test issuer). */
  private openid(clientId: string) {
    this.client ??= oidc
      .discovery(new URL(this.issuer), clientId, undefined, oidc.ClientSecretPost(this.settings.clientSecret ?? ''), {
        execute: this.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        timeout: 8,
      })
      .then((config) => {
        // openid-client takes the redirect URI from the callback URL; Google's popup wants the bare word.
        config[oidc.customFetch] = (url, init) => {
          if (typeof init.body === 'string' && init.body.includes(POSTMESSAGE_PARAM)) init = { ...init, body: init.body.replace(POSTMESSAGE_PARAM, 'redirect_uri=postmessage') };
          else if (init.body instanceof URLSearchParams && init.body.get('redirect_uri') === POSTMESSAGE_URL) init.body.set('redirect_uri', 'postmessage');
          return fetch(url, init as RequestInit);
        };
        return config;
      })
      .catch((err) => {
        this.client = null;
        throw err;
      });
    return this.client;
  }

  /** The Google identity behind a sign-in result of transaction `tx`; throws GoogleSignInError when it does not hold. */
  async verify(kind: GoogleResultKind, value: string, tx: GoogleTransaction): Promise<VerifiedIdentity> {
    const clientId = this.clientId;
    if (!clientId) throw new GoogleSignInError('no client id configured');
    const { doc, keys } = await this.load();
    if (kind === 'credential') return this.verifyIdToken(value, keys, doc.issuer, clientId, tx.nonce);
    if (kind === 'code') {
      try {
        const config = await this.openid(clientId);
        // The popup hands code and state to the page, not to a redirect: rebuild the callback it stands for.
        const callback = new URL(this.redirectUrl);
        callback.searchParams.set('code', value);
        callback.searchParams.set('state', tx.state);
        if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', config.serverMetadata().issuer);
        const tokens = await oidc.authorizationCodeGrant(config, callback, { expectedState: tx.state, idTokenExpected: true });
        return identityOf((tokens.claims() ?? {}) as Record<string, unknown>);
      } catch (err) {
        if (err instanceof GoogleSignInError) throw err;
        throw new GoogleSignInError(`code refused: ${(err as Error).message}`);
      }
    }
    await this.checkAccessTokenAudience(value, doc, clientId);
    if (!doc.userinfo_endpoint) throw new GoogleSignInError('issuer has no userinfo endpoint');
    const res = await fetch(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${value}` }, signal: AbortSignal.timeout(8000) });
    if (!res.ok) throw new GoogleSignInError(`userinfo answered ${res.status}`);
    return identityOf((await res.json()) as Record<string, unknown>);
  }

  private async verifyIdToken(token: string, keys: JWTVerifyGetKey, issuer: string, audience: string, nonce: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience, clockTolerance: 30 });
      // A credential is handed over through the browser: only one minted for this transaction counts.
      if (payload.nonce !== nonce) throw new GoogleSignInError('id token nonce does not match the sign-in');
      return identityOf(payload as Record<string, unknown>);
    } catch (err) {
      if (err instanceof GoogleSignInError) throw err;
      throw new GoogleSignInError(`id token refused: ${(err as Error).message}`);
    }
  }

  /** An access token minted for another site must not sign anyone in here. */
  private async checkAccessTokenAudience(token: string, doc: Discovery, clientId: string) {
    if (doc.introspection_endpoint) {
      const res = await fetch(doc.introspection_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(this.settings.clientSecret ?? '')}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token }),
        signal: AbortSignal.timeout(8000),
      });
      const info = (await res.json().catch(() => ({}))) as { active?: boolean; client_id?: string };
      if (!res.ok || !info.active || info.client_id !== clientId) throw new GoogleSignInError('access token not issued to us');
      return;
    }
    const res = await fetch(`${GOOGLE_TOKENINFO}?access_token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(8000) });
    const info = (await res.json().catch(() => ({}))) as { aud?: string; azp?: string };
    if (!res.ok || (info.aud !== clientId && info.azp !== clientId)) throw new GoogleSignInError('access token not issued to us');
  }
}

function identityOf(claims: Record<string, unknown>): VerifiedIdentity {
  const sub = claims.sub;
  const email = claims.email;
  const verified = claims.email_verified;
  if (typeof sub !== 'string' || !sub) throw new GoogleSignInError('no subject');
  if (typeof email !== 'string' || !email) throw new GoogleSignInError('no email (scope email missing)');
  if (verified !== true && verified !== 'true') throw new GoogleSignInError('email not verified');
  return { sub, email: email.toLowerCase() };
}
