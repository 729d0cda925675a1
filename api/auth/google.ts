/**
 * Google sign-in, verified on our server against the issuer's published OpenID configuration:
 * an ID credential is checked for issuer, audience (our client id), expiry and signature (the
 * issuer's JWKS); an authorization code is exchanged at the token endpoint for one; an access
 * token is checked to be issued to our client, then the profile is read from userinfo.
 * The issuer is configurable so the tests use a real OpenID provider running locally.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

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

export class GoogleVerifier {
  private discovery: Promise<{ doc: Discovery; keys: JWTVerifyGetKey }> | null = null;

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

  /** The Google identity behind a sign-in result; throws GoogleSignInError when it does not hold. */
  async verify(kind: GoogleResultKind, value: string): Promise<VerifiedIdentity> {
    const clientId = this.clientId;
    if (!clientId) throw new GoogleSignInError('no client id configured');
    const { doc, keys } = await this.load();
    if (kind === 'credential') return this.verifyIdToken(value, keys, doc.issuer, clientId);
    if (kind === 'code') {
      const res = await fetch(doc.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: value,
          client_id: clientId,
          client_secret: this.settings.clientSecret ?? '',
          redirect_uri: this.settings.redirectUri ?? 'postmessage',
        }),
        signal: AbortSignal.timeout(8000),
      });
      const body = (await res.json().catch(() => ({}))) as { id_token?: string };
      if (!res.ok || !body.id_token) throw new GoogleSignInError(`code exchange answered ${res.status}`);
      return this.verifyIdToken(body.id_token, keys, doc.issuer, clientId);
    }
    await this.checkAccessTokenAudience(value, doc, clientId);
    if (!doc.userinfo_endpoint) throw new GoogleSignInError('issuer has no userinfo endpoint');
    const res = await fetch(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${value}` }, signal: AbortSignal.timeout(8000) });
    if (!res.ok) throw new GoogleSignInError(`userinfo answered ${res.status}`);
    return identityOf((await res.json()) as Record<string, unknown>);
  }

  private async verifyIdToken(token: string, keys: JWTVerifyGetKey, issuer: string, audience: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience, clockTolerance: 30 });
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
