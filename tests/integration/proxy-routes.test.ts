import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { findCaddy } from '../support/processes.js';
import { startProductionProxy, type ProductionProxy } from '../support/production-proxy.js';
import { eventually } from '../support/servers.js';

/**
 * The production Caddyfile (infra/proxy/Caddyfile) as it is, in front of a real api: only its upstream
 * (the compose service `api`) and its loopback support port are pointed at this machine's ports.
 * Issue 27, finding 8: the proxy routed every path, so the codec and /ready were public.
 */
const caddy = findCaddy();
if (!caddy && process.env.CI) throw new Error('Caddy is missing (apt-get install -y caddy): the proxy routing test cannot run');

const TOKEN = randomBytes(24).toString('hex');

/** A request sent with its path byte for byte (fetch would normalise `//` and keep nothing odd). */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, method, path, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c; });
      res.on('end', () => done({ status: res.statusCode!, body: text }));
    });
    req.once('error', fail);
    req.end(body);
  });
}

const decode = (base: string, path: string) => raw(base, 'POST', path, { authorization: `Bearer ${TOKEN}` }, JSON.stringify({ payloads: [] }));

describe.skipIf(!caddy)('the production Caddyfile in front of the api', () => {
  let app: TestApp;
  let proxy: ProductionProxy | null = null;
  let site = '';
  let support = '';

  beforeAll(async () => {
    app = await startTestApp(undefined, { codec: { authToken: TOKEN } });
    proxy = await startProductionProxy({ name: '127.0.0.1', port: Number(new URL(app.url).port) });
    ({ site, support } = proxy);
  }, 60_000);

  afterAll(async () => {
    proxy?.close();
    await app?.close();
  });

  it('answers 404 for the codec, /ready and /health, in every spelling, which the api itself answers', async () => {
    // The api behind it does answer them: the proxy is what keeps them in.
    expect((await decode(app.url, '/codec/decode')).status).toBe(200);
    expect((await raw(app.url, 'GET', '/ready')).status).toBe(200);

    for (const path of ['/codec/decode', `/codec/${TOKEN}/decode`, '/%63odec/decode', '//codec/decode', '/api/../codec/decode', '/CODEC/decode']) {
      expect({ path, status: (await decode(site, path)).status }).toEqual({ path, status: 404 });
    }
    for (const path of ['/ready', '/%72eady', '/ready/', '/health', '/health?x=1']) {
      expect({ path, status: (await raw(site, 'GET', path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('passes what the public uses: the api, Socket.IO, the pages and their assets', async () => {
    const config = await raw(site, 'GET', '/api/config');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body)).toHaveProperty('languages');
    // Engine.IO's long-polling handshake (the browser's first request; the /v1 status sockets too).
    const poll = await raw(site, 'GET', '/socket.io/?EIO=4&transport=polling');
    expect(poll.status).toBe(200);
    expect(poll.body).toMatch(/^0\{"sid":/);
    for (const path of ['/', '/faq', '/ar/member/withdraw']) {
      const page = await raw(site, 'GET', path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.body).toContain('<html');
    }
    const asset = readdirSync(resolve('dist/web')).find((f) => f.endsWith('.js'))!;
    expect((await raw(site, 'GET', `/${asset}`)).status).toBe(200);
    // A signed-out call reaches the api's own answer, not the proxy's.
    expect((await raw(site, 'GET', '/api/member/settings')).status).toBe(401);
    // Other methods on a page path mean nothing to the app.
    expect((await raw(site, 'POST', '/faq', {}, '{}')).status).toBe(404);
  });

  it('logs each public request as a JSON line without its headers, cookies or query string (issue 31)', async () => {
    const secret = randomBytes(12).toString('hex');
    const path = `/api/config?token=q${secret}`;
    expect((await raw(site, 'GET', path, { cookie: `sid=c${secret}`, authorization: `Bearer a${secret}`, 'x-csrf-token': `x${secret}` })).status).toBe(200);
    // The line is written once the answer is sent: wait for it to appear.
    const line = await eventually(async () => proxy!.accessLog().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { request?: { method: string; uri: string }; status?: number; duration?: number })
      .find((l) => l.request?.uri.startsWith('/api/config?')), 10_000, 'the access line');
    expect(line).toMatchObject({ request: { method: 'GET', uri: '/api/config?[query removed]' }, status: 200 });
    expect(line.duration).toBeGreaterThan(0);
    expect(proxy!.accessLog()).not.toContain(secret);
    expect(proxy!.accessLog().toLowerCase()).not.toMatch(/"cookie"|"authorization"|"x-csrf-token"|"set-cookie"/);
  });

  it('serves the codec on the loopback support site only, and nothing else there', async () => {
    const answer = await decode(support, '/codec/decode');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ payloads: [] });
    expect((await raw(support, 'GET', '/api/config')).status).toBe(404);
    expect((await raw(support, 'GET', '/ready')).status).toBe(404);
    expect((await raw(support, 'GET', '/')).status).toBe(404);
  });
});
