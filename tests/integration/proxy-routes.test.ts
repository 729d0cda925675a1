import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { findCaddy, freePort } from '../support/processes.js';
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
  const dir = mkdtempSync(join(tmpdir(), 'coinmarket-proxy-'));
  let app: TestApp;
  let proxy: ChildProcess | null = null;
  let site = '';
  let support = '';
  /** Caddy's stdout: its access log, one JSON line per request to the public site. */
  let accessLog = '';

  beforeAll(async () => {
    app = await startTestApp(undefined, { codec: { authToken: TOKEN } });
    const [sitePort, supportPort] = [await freePort(), await freePort()];
    site = `http://127.0.0.1:${sitePort}`;
    support = `http://127.0.0.1:${supportPort}`;
    let text = readFileSync(resolve('infra/proxy/Caddyfile'), 'utf8');
    const swaps: [string, string][] = [
      ['name api', 'name 127.0.0.1'],
      ['port 3000', `port ${new URL(app.url).port}`],
      ['http://:8081 {', `${support} {`],
    ];
    for (const [from, to] of swaps) {
      expect(text.split(from)).toHaveLength(2);
      text = text.replace(from, to);
    }
    const file = join(dir, 'Caddyfile');
    writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${text}`);
    proxy = spawn(caddy!, ['run', '--config', file, '--adapter', 'caddyfile'], {
      env: { ...process.env, PUBLIC_HOST: site, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stdout!.on('data', (c: Buffer) => { accessLog += c.toString(); });
    let out = '';
    proxy.stderr!.on('data', (c: Buffer) => { out = (out + c.toString()).slice(-5_000); });
    proxy.once('exit', (code) => { if (code) console.error(`[tests] caddy exited ${code}: ${out}`); });
    await eventually(() => fetch(`${site}/api/config`).then((r) => r.ok, () => false), 20_000, 'Caddy in front of the api');
  }, 60_000);

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
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
    const line = await eventually(async () => accessLog.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { request?: { method: string; uri: string }; status?: number; duration?: number })
      .find((l) => l.request?.uri.startsWith('/api/config?')), 10_000, 'the access line');
    expect(line).toMatchObject({ request: { method: 'GET', uri: '/api/config?[query removed]' }, status: 200 });
    expect(line.duration).toBeGreaterThan(0);
    expect(accessLog).not.toContain(secret);
    expect(accessLog.toLowerCase()).not.toMatch(/"cookie"|"authorization"|"x-csrf-token"|"set-cookie"/);
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
