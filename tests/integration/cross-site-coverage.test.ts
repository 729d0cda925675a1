/**
 * Every state-changing route the API has, as Fastify lists them, refuses a request from another
 * site (issue 29, item 2). Slices are encapsulated plugins: a guard registered inside one of them
 * would guard that slice only, and this test names every route it would leave open. Routes are
 * read from the router itself, so a route added tomorrow is covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes outside /api, each with what guards it instead: the Temporal codec answers its own token, with CORS for the Temporal UI's origin. */
const OUTSIDE_API = ['POST /codec/:token/decode', 'POST /codec/:token/encode', 'POST /codec/decode', 'POST /codec/encode'];

/** Method and full path of every route, from Fastify's own route tree (`printRoutes` without common prefixes). */
function routesOf(tree: string): { method: string; path: string }[] {
  const stack: string[] = [];
  const out: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (depth ? stack[depth - 1]! : '') + m[2]!;
    stack.push(path);
    for (const method of m[3]?.split(', ') ?? []) out.push({ method, path });
  }
  return out;
}

/** A concrete address for a route's path: each parameter (and a wildcard) filled with a plain value. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+(\([^)]*\))?/g, 'x').replace(/\*$/, 'x');

describe('cross-site writes, route by route', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp(undefined, { codec: { authToken: 't'.repeat(32) } }); });
  afterAll(async () => { await app?.close(); });

  it('refuses every POST, PUT, PATCH and DELETE under /api from another site, and lists the few writes outside it', async () => {
    const writes = routesOf(app.http.printRoutes({ commonPrefix: false })).filter((r) => WRITES.has(r.method));
    const api = writes.filter((r) => r.path.startsWith('/api/'));
    // Every slice has writes; a short list means the routes were not read.
    for (const slice of ['/api/auth/', '/api/member/', '/api/player-trade/', '/api/comfort-trade/', '/api/withdrawals', '/api/notifications', '/api/member/webhooks', '/api/v1/', '/api/payouts/']) {
      expect(api.some((r) => r.path.startsWith(slice)), slice).toBe(true);
    }
    expect(writes.filter((r) => !r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`).sort()).toEqual(OUTSIDE_API);

    const open: string[] = [];
    for (const { method, path } of api) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const res = await app.http.inject({ method: method as 'POST', url: concrete(path), headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
        const code = res.headers['content-type']?.includes('json') ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
        if (res.statusCode !== 403 || code !== 'cross_site') open.push(`${method} ${path} ${JSON.stringify(headers)}: ${res.statusCode} ${code ?? res.body.slice(0, 60)}`);
        expect(res.headers['set-cookie'], `${method} ${path}`).toBeUndefined();
      }
    }
    expect(open).toEqual([]);
    console.info(`cross-site refusal: ${api.length} write routes under /api, each refused both ways`);
  });
});
