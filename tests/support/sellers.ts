/** Sellers for tests, made through the real HTTP API (the proof-of-work captcha solved as the browser does). */
import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';

/** A challenge as GET /api/captcha serves it (ALTCHA). */
export interface CaptchaChallenge { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }

/** Does the proof of work as the browser does (sha256(salt + n) until it matches); returns the payload and the hashes it took. */
export function solveChallenge(c: CaptchaChallenge): { payload: string; attempts: number } {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash('sha256').update(c.salt + n).digest('hex') === c.challenge) {
      const payload = Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature })).toString('base64');
      return { payload, attempts: n + 1 };
    }
  }
  throw new Error('captcha challenge has no solution');
}

/** A solved captcha of `app`, as the sign-up body carries it. */
export async function solvedCaptcha(url: string): Promise<{ captcha: string }> {
  const res = await fetch(`${url}/api/captcha`);
  if (!res.ok) throw new Error(`captcha: ${res.status} ${await res.text()}`);
  return { captcha: solveChallenge((await res.json()) as CaptchaChallenge).payload };
}

export const uniqueEmail = (prefix = 'seller') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
export const GOOD_PASSWORD = 'Sell3rPass';

/** The session cookie header out of a response's Set-Cookie headers (sid and csrf). */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^(sid|csrf)=./.test(c))
    .join('; ');
}

export interface SignedInSeller {
  sellerId: string;
  email: string;
  password: string;
  cookie: string;
  csrf: string;
  /** fetch on the app with this seller's cookie (and CSRF header on writes); a string body is sent as JSON. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Wraps a cookie + CSRF token into a seller-bound fetch. */
export function sellerFetch(url: string, cookie: string, csrf: string) {
  return (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    if (init.method && !['GET', 'HEAD'].includes(init.method.toUpperCase())) headers.set('x-csrf-token', csrf);
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(`${url}${path}`, { ...init, headers });
  };
}

/** Signs up a new seller through POST /api/auth/signup and returns its session. */
export async function createSignedInSeller(app: Pick<TestApp, 'url'>, opts: { email?: string; password?: string; language?: string } = {}): Promise<SignedInSeller> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? GOOD_PASSWORD;
  const res = await fetch(`${app.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, agreement: true, ...(opts.language ? { language: opts.language } : {}), ...(await solvedCaptcha(app.url)) }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { seller: { id: string }; csrf: string };
  const cookie = cookieFrom(res);
  return { sellerId: body.seller.id, email, password, cookie, csrf: body.csrf, fetch: sellerFetch(app.url, cookie, body.csrf) };
}
