/**
 * A real OpenID Connect provider (the oidc-provider package) on a local port, standing in for
 * Google in tests. Codes are minted through the provider's own models (as its authorization
 * endpoint would after a login), and everything else - token endpoint, JWKS signatures,
 * introspection, userinfo - is the provider's real HTTP API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no type declarations; its use here is typed by hand below.
import Provider from 'oidc-provider';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** An authorization code for `email` as the popup would hand it over (clientId defaults to ours; `nonce` as the request carried it). */
  mintCode(email: string, clientId?: string, nonce?: string): Promise<string>;
  /** Exchanges a code at the token endpoint, as Google's library does for its token and credential results. */
  tokens(email: string, clientId?: string, nonce?: string): Promise<{ id_token: string; access_token: string }>;
  close(): Promise<void>;
}

export async function startLocalOidc(): Promise<LocalOidc> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUri = 'http://127.0.0.1/callback';
  const clients = [
    { client_id: 'coin-market', client_secret: 'coin-market-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' },
    { client_id: 'other-site', client_secret: 'other-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' },
  ];
  const provider = new Provider(issuer, {
    clients,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { introspection: { enabled: true }, devInteractions: { enabled: false } },
    pkce: { required: () => false },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: id.split('@')[0] }) };
    },
  } as never);
  // The provider's own logs would be noise; its errors still reach the HTTP answers.
  server.on('request', provider.callback());

  const p = provider as unknown as {
    Client: { find(id: string): Promise<unknown> };
    Grant: new (x: { accountId: string; clientId: string }) => { addOIDCScope(s: string): void; save(): Promise<string> };
    AuthorizationCode: new (x: Record<string, unknown>) => { save(): Promise<string> };
  };
  const mintCode = async (email: string, clientId = 'coin-market', nonce?: string) => {
    const grant = new p.Grant({ accountId: email, clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    const client = await p.Client.find(clientId);
    const code = new p.AuthorizationCode({ accountId: email, client, grantId, scope: 'openid email profile', redirectUri, authTime: Math.floor(Date.now() / 1000), ...(nonce ? { nonce } : {}) });
    return code.save();
  };
  return {
    issuer,
    clientId: 'coin-market',
    clientSecret: 'coin-market-secret',
    redirectUri,
    mintCode,
    tokens: async (email, clientId = 'coin-market', nonce) => {
      const secret = clients.find((c) => c.client_id === clientId)!.client_secret;
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: await mintCode(email, clientId, nonce), client_id: clientId, client_secret: secret, redirect_uri: redirectUri }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`token exchange: ${JSON.stringify(body)}`);
      return body as { id_token: string; access_token: string };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A Google sign-in the app started for one browser: its state, nonce and the cookie binding them. */
export interface GoogleStart { state: string; nonce: string; cookie: string }

/** POST /api/auth/google/start, as the page does before opening Google's popup. */
export async function startGoogle(url: string): Promise<GoogleStart> {
  const res = await fetch(`${url}/api/auth/google/start`, { method: 'POST' });
  if (!res.ok) throw new Error(`google start: ${res.status}`);
  const { state, nonce } = (await res.json()) as { state: string; nonce: string };
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('gstate='))!;
  return { state, nonce, cookie };
}

/** Hands a Google result back to the app for the sign-in `start`, from the browser holding `cookie`. */
export const finishGoogle = (url: string, kind: string, value: string, start: Pick<GoogleStart, 'state' | 'cookie'>) =>
  fetch(`${url}/api/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: start.cookie },
    body: JSON.stringify({ kind, value, state: start.state }),
  });

/** One whole Google sign-in: start, let the provider mint the result for that start, finish. */
export async function googleSignIn(url: string, kind: string, result: (start: GoogleStart) => Promise<string>): Promise<Response> {
  const start = await startGoogle(url);
  return finishGoogle(url, kind, await result(start), start);
}
