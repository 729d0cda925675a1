/**
 * Issue 31, item 4: one access line per API request from the app's REAL log output: request id,
 * method, route pattern, status, duration and the seller when known; never the URL, a query's token,
 * a body's code, a cookie or a CSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieFrom, createSignedInSeller } from '../support/sellers.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { holdsSecret } from '../support/secret-scan.js';
import { createLogger } from '../../infra/logger.js';

const lines: string[] = [];
const logger = createLogger('api', 'info', { write: (line: string) => void lines.push(line) });
let app: TestApp;

beforeAll(async () => { app = await startTestApp(undefined, { logger }); });
afterAll(async () => { await app?.close(); });

type AccessLine = { msg: string; reqId: string; method: string; route: string; status: number; durationMs: number; sellerId?: string };
const accessLines = (from: number): AccessLine[] =>
  lines.slice(from).map((l) => JSON.parse(l) as AccessLine).filter((l) => l.msg === 'request');
const post = (path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('access log (issue 31)', () => {
  it('a sign-in by code: one line with id, route, status and duration, and none of its secrets', async () => {
    const s = await createSignedInSeller(app);
    const from = lines.length;
    expect((await post('/api/auth/code', { email: s.email })).status).toBe(200);
    const code = codeIn(await waitForMail(s.email, /verification code/));
    const signedIn = await post('/api/auth/signin/code', { email: s.email, code });
    expect(signedIn.status).toBe(200);
    const session = cookieFrom(signedIn);
    const cookie = session.split('; ').map((c) => c.split('=')[1]!);
    // A token in a query string (as a link carries one) and the new session's cookie: neither is written.
    const queryToken = 'qTok3n-7f3a9c2e81d4';
    expect((await fetch(`${app.url}/api/wallet?token=${queryToken}`, { headers: { cookie: session } })).status).toBe(200);

    const got = accessLines(from);
    const line = (route: string) => got.filter((l) => l.route === route);
    expect(line('/api/auth/code')).toHaveLength(1);
    const signIn = line('/api/auth/signin/code');
    expect(signIn).toHaveLength(1);
    expect(signIn[0]).toMatchObject({ method: 'POST', status: 200, reqId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(signIn[0]!.durationMs).toBeGreaterThan(0);
    // The signed-in seller's request says whose it was.
    expect(line('/api/wallet')).toMatchObject([{ method: 'GET', status: 200, sellerId: s.sellerId }]);
    // Ids are unique per request.
    expect(new Set(got.map((l) => l.reqId)).size).toBe(got.length);

    const log = lines.slice(from).join('');
    for (const secret of [code, queryToken, s.csrf, ...cookie, ...s.cookie.split('; ').map((c) => c.split('=')[1]!)]) {
      expect(holdsSecret(log, secret), `log holds a secret (${secret.slice(0, 3)}…)`).toBe(false);
    }
  });

  it('a request no route matches is one line under one route label, without its path', async () => {
    const from = lines.length;
    expect((await fetch(`${app.url}/api/no-such-thing/abc123secret`)).status).toBe(404);
    expect(accessLines(from)).toMatchObject([{ method: 'GET', status: 404, route: '(no route)' }]);
    expect(lines.slice(from).join('')).not.toContain('abc123secret');
  });
});
