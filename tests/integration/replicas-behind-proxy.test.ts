import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '../../domain/live-events.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { connectDatabase } from '../../infra/db.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import { startTransferSimulator, submission } from '../support/comfort.js';
import { findCaddy, freePort, spawnApp, untilReady, type AppProcess } from '../support/processes.js';
import { createProvenSeller } from '../support/proven.js';
import { reauthenticate } from '../support/reauth.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { CALLBACK_SECRET } from '../support/withdrawals.js';

/**
 * The production topology on one machine (issue 21, section 4): Caddy in front of three API replicas
 * and two workers, all real processes on one Temporal and one database. What must hold with more
 * than one of everything: a socket whose replica is killed comes back through the proxy on another
 * and misses nothing; per-seller limits and Idempotency-Keys hold across replicas; webhooks go out once.
 */
const caddy = findCaddy();
if (!caddy && process.env.CI) throw new Error('Caddy is missing (apt-get install -y caddy): the multi-replica test cannot run');
if (!caddy) console.warn('\n[tests] SKIPPING the multi-replica test: no Caddy (apt-get install -y caddy, or CADDY_PATH)\n');

describe.skipIf(!caddy)('three API replicas and two workers behind Caddy', () => {
  const dbName = `replicas_${randomBytes(4).toString('hex')}`;
  const queue = uniqueQueue('replicas');
  const dir = mkdtempSync(join(tmpdir(), 'coinmarket-replicas-'));
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let proxy: ChildProcess;
  let proxyUrl: string;
  const apis: { port: number; p: AppProcess }[] = [];
  const workers: AppProcess[] = [];
  let env: NodeJS.ProcessEnv;
  let seller: SignedInSeller;
  let db: Awaited<ReturnType<typeof connectDatabase>>;

  const startApi = async (i: number) => {
    const p = spawnApp(`api-${i}`, 'api/main.ts', { ...env, PORT: String(apis[i].port), HOST: '127.0.0.1' });
    apis[i].p = p;
    return untilReady(`http://127.0.0.1:${apis[i].port}/ready`, p);
  };

  beforeAll(async () => {
    sim = await startTransferSimulator();
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    env = {
      MONGODB_URI: inject('mongoUri'), MONGODB_DB: dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: queue,
      SECRETS_KEY: TEST_SECRETS_KEY, LIVE_TOKEN_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYOUT_CALLBACK_SECRET: CALLBACK_SECRET, PROVIDER_URL: sim.url, SMTP_URL: inject('smtpUrl'), WEBHOOKS_LOCAL: '1', MARKET_SYNC: '0',
      PUBLIC_URL: proxyUrl, TRUST_PROXY: '127.0.0.1', WEB_DIR: resolve('dist/web'), WORKFLOW_BUNDLE: inject('workflowBundlePath'),
      CAPTCHA_MAX_NUMBER: '1000', LOG_LEVEL: 'warn', NODE_ENV: 'development',
      COMFORT_REVIEW_MS: '1500', COMFORT_SELLER_FIX_MS: '20000', COMFORT_POLL_MS: '100', COMFORT_WATCH_MS: '3000',
      COMFORT_ERROR_RETRIES: '2', COMFORT_RETRY_INITIAL_MS: '100', COMFORT_RETRY_MAX_MS: '300',
    };
    for (let i = 0; i < 3; i++) apis.push({ port: await freePort(), p: null as unknown as AppProcess });
    await Promise.all([0, 1, 2].map(startApi));
    for (let i = 0; i < 2; i++) workers.push(spawnApp(`worker-${i}`, 'workers/main.ts', env));

    // As infra/proxy/Caddyfile does in production, on plain http and the replicas' local ports.
    const caddyfile = join(dir, 'Caddyfile');
    writeFileSync(caddyfile, `{
	admin off
	auto_https off
}
http://127.0.0.1:${proxyPort} {
	reverse_proxy ${apis.map((a) => `127.0.0.1:${a.port}`).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 10s
	}
}
`);
    proxy = spawn(caddy!, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let caddyOut = '';
    proxy.stderr!.on('data', (c: Buffer) => { caddyOut = (caddyOut + c.toString()).slice(-5_000); });
    proxy.once('exit', (code) => { if (code) console.error(`[tests] caddy exited ${code}: ${caddyOut}`); });
    await eventually(() => fetch(`${proxyUrl}/ready`).then((r) => r.ok, () => false), 20_000, 'Caddy in front of the replicas');

    db = await connectDatabase(inject('mongoUri'), dbName);
    seller = await createProvenSeller({ url: proxyUrl });
    const saved = await seller.fetch('/api/member/settings', {
      method: 'PUT',
      body: JSON.stringify({ contactMethod: 'telegram', contactValue: 'replica_tg', paymentMethod: 'paypal', paymentAddress: 'replicas@example.com', currency: 'EUR', trueName: 'Ana Seller', currentPassword: seller.password }),
    });
    expect(saved.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    await Promise.all([...apis.map((a) => a.p?.kill('SIGTERM')), ...workers.map((w) => w.kill('SIGTERM'))]);
    await sim?.close();
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one answer per Idempotency-Key across replicas, and every status reaches the webhook once with two workers', async () => {
    const received: { id: string; position: number; status?: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const parsed = JSON.parse(body);
        received.push({ id: parsed.deliveryId, position: parsed.position, status: parsed.data?.status });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      await reauthenticate(seller); // a webhook's secret needs the seller to confirm it is them (docs/security.md, item 25)
      const hook = await seller.fetch('/api/member/webhooks', {
        method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`, description: 'replicas' }),
      });
      expect(hook.status).toBe(201);

      const keys = await ApiKeys.open(db.db!);
      await keys.enableApiAccess(seller.sellerId, 'support:test', 'replicas test');
      const issued = await keys.issueKey(seller.sellerId, { name: 'replicas', scopes: ['read', 'trade'] });
      const idem = randomUUID();
      const body = JSON.stringify(submission());
      // Six tries of one request at once: round robin sends them to all three replicas.
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${proxyUrl}/api/v1/comfort-runs`, {
        method: 'POST', body, headers: { authorization: `Bearer ${issued.secret}`, 'content-type': 'application/json', 'idempotency-key': idem },
      }).then(async (r) => ({ status: r.status, body: await r.json() }))));
      const created = answers.filter((a) => a.status === 201);
      expect(created.length, JSON.stringify(answers.map((a) => [a.status, a.body.error?.code]))).toBeGreaterThan(0);
      const runIds = new Set(created.map((a) => a.body.run.runId));
      expect(runIds.size).toBe(1);
      // A try that met the first one still in flight is told so, never given a second run.
      expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409)).toBe(true);
      const runs = await (await fetch(`${proxyUrl}/api/v1/comfort-runs`, { headers: { authorization: `Bearer ${issued.secret}` } })).json();
      expect(runs.items).toHaveLength(1);

      const [runId] = [...runIds];
      const paid = await eventually(async () => {
        const mine = received.filter((r) => r.status === 'paid');
        return mine.length ? mine : null;
      }, 60_000, `run ${runId} paid and delivered`);
      expect(paid).toHaveLength(1);
      // Each delivery id once; the seller's feed positions in order with no gap.
      const ids = received.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      const positions = received.map((r) => r.position).sort((a, b) => a - b);
      expect(positions).toEqual(positions.map((_, i) => positions[0]! + i));
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 120_000);

  it('brings a socket whose replica was killed back through the proxy on another, and it misses nothing', async () => {
    const token = async () => (await (await seller.fetch('/api/live/token')).json()).token as string;
    const seen: LiveEvent[] = [];
    let last: string | null = null;
    const add = (events: LiveEvent[]) => {
      for (const e of events) if (!seen.some((s) => s.id === e.id)) { seen.push(e); last = e.id; }
    };
    let connects = 0;
    let killed = -1;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(proxyUrl, {
      transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500,
      auth: (send) => void token().then((t) => send({ token: t })),
    });
    socket.on('live:event', (e) => add([e]));
    socket.on('connect', () => {
      connects++;
      socket.emit('live:resync', last, (r) => { if ('data' in r) add(r.data); });
    });
    try {
      await eventually(async () => connects === 1, 15_000, 'the socket connected');
      const events = await eventsCollection(db);
      const publish = (n: number) => publishEvent(events, { sellerId: seller.sellerId, type: 'probe:sent', subject: 'replicas', data: { n } });
      await publish(1);
      await eventually(async () => seen.some((e) => e.type === 'probe:sent' && (e.data as { n?: number }).n === 1), 10_000, 'a live event');

      // Which replica holds the socket is the proxy's choice: kill them one at a time (restarting each) until it drops.
      for (let i = 0; i < 3 && killed < 0; i++) {
        // Dropped, or still fed after the kill (an event published once the replica is gone arrives): never a time window.
        let gone = false;
        const onGone = () => { gone = true; };
        socket.once('disconnect', onGone);
        await apis[i].p.kill('SIGKILL');
        await publishEvent(events, { sellerId: seller.sellerId, type: 'probe:sent', subject: 'replicas-alive', data: { i } });
        await eventually(async () => gone || seen.some((e) => e.subject === 'replicas-alive' && (e.data as { i?: number }).i === i), 20_000, 'the socket dropped or still fed');
        socket.off('disconnect', onGone);
        if (gone) killed = i;
        else await startApi(i);
      }
      expect(killed).toBeGreaterThanOrEqual(0);
      // While it is away, the worker side goes on writing.
      for (let n = 2; n <= 6; n++) await publish(n);
      await eventually(async () => connects >= 2, 20_000, 'the socket back on another replica');
      await publish(7);
      await eventually(async () => seen.filter((e) => e.type === 'probe:sent' && e.subject === 'replicas').length === 7, 15_000, 'every probe, resynced or live');
      const probes = seen.filter((e) => e.type === 'probe:sent' && e.subject === 'replicas').map((e) => (e.data as { n: number }).n).sort((a, b) => a - b);
      expect(probes).toEqual([1, 2, 3, 4, 5, 6, 7]);
      // Resync and live delivery overlap after a reconnect: each event is kept once, by its log position.
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    } finally {
      socket.close();
      if (killed >= 0) await startApi(killed);
    }
  }, 120_000);

  it('bounds one seller\'s writes across the replicas: 120 a minute in all, not 120 on each', async () => {
    // A fixed window: start where the whole burst fits in one minute.
    await eventually(async () => Date.now() % 60_000 < 40_000, 25_000, 'a fresh minute');
    const statuses: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < 126; i++) statuses.push((await seller.fetch('/api/player-trade/picks', { method: 'POST', body: '{}' })).status);
    // The seller's earlier writes (proof, settings, webhook) count too; per replica it would be 126 of 126.
    const firstRefused = statuses.indexOf(429);
    const said = `window offsets ${t0 % 60_000}..${Date.now() % 60_000} ms: ${statuses.join(',')}`;
    expect(firstRefused, said).toBeGreaterThan(100);
    expect(firstRefused, said).toBeLessThanOrEqual(120);
    expect(statuses.slice(firstRefused).every((s) => s === 429), said).toBe(true);
  });
});
