/** Sellers for tests, made through the real HTTP API (captcha answered through its accessible question). */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Answers the accessible captcha question ("What is seven plus four?"), as a screen-reader user would. */
export function answerQuestion(question: string): string {
  const m = /What is (\w+) plus (\w+)\?/.exec(question);
  if (!m) throw new Error(`unexpected captcha question: ${question}`);
  return String(WORDS.indexOf(m[1]) + WORDS.indexOf(m[2]));
}

/** A solved captcha of `app`. */
export async function solvedCaptcha(url: string): Promise<{ captchaId: string; captcha: string }> {
  const res = await fetch(`${url}/api/captcha?mode=question`);
  if (!res.ok) throw new Error(`captcha: ${res.status} ${await res.text()}`);
  const c = (await res.json()) as { captchaId: string; question: string };
  return { captchaId: c.captchaId, captcha: answerQuestion(c.question) };
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
export async function createSignedInSeller(app: Pick<TestApp, 'url'>, opts: { email?: string; password?: string } = {}): Promise<SignedInSeller> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? GOOD_PASSWORD;
  const res = await fetch(`${app.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, agreement: true, ...(await solvedCaptcha(app.url)) }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { seller: { id: string }; csrf: string };
  const cookie = cookieFrom(res);
  return { sellerId: body.seller.id, email, password, cookie, csrf: body.csrf, fetch: sellerFetch(app.url, cookie, body.csrf) };
}
