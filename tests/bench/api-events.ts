/**
 * `npm run bench api-events`: one API seller with 200 status sockets (on 10 API keys) and 20 webhook
 * endpoints uploads a batch file of 50 comfort runs; the simulator's transfers are scaled down as in
 * comfort-batch. Prints p50/p90/p99 from a status change (the feed entry's time, written right after
 * the run's read model) to its receipt on every socket and at every webhook endpoint, and the load
 * average before and after. Sizes: BENCH_RUNS, BENCH_SOCKETS, BENCH_ENDPOINTS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { BATCH_COLUMNS, type ComfortRunView } from '../../domain/comfort-trade.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createLogger } from '../../infra/logger.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { verifyWebhook } from '../../infra/webhooks/signature.js';
import { createWorker } from '../../workers/worker.js';
import { benchPayoutSettings } from '../support/proven.js';
import { createSignedInSeller } from '../support/sellers.js';
import { fmt, summarize } from './stats.js';
import { reauthenticate } from '../support/reauth.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 20);
const KEYS = 10;
/** Figures are printed when everything arrived or when this much time passed since the upload, whichever comes first. */
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 30 * 60_000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();

const services = await startDevServices({ dataDir: mkdtempSync(join(tmpdir(), 'bench-api-events-')), log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_api_events');
await db.dropDatabase();
const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, transferTiming: { loginMs: 200, chunkMs: 300, chunkCoins: 50_000 } });
const simUrl = await sim.listen(0);
const queue = `bench-api-events-${Date.now()}`;
const keys = keyRingFrom(randomBytes(32).toString('hex'));
const temporal = await connectTemporal(services.temporal.address, keys);
const logger = createLogger('bench', 'silent');
const timings = { reviewMs: 2_000, sellerFixMs: 60_000, pollMs: 150, watchMs: 10_000, errorRetries: 3, retryInitialMs: 200, retryMaxMs: 1_000 };
const app = await createApp({
  db, temporal, logger, webDir: resolve('dist/web'), liveSecret: randomBytes(32).toString('hex'), config: configSettingsFromEnv({}),
  comfortTrade: { taskQueue: queue, timings, secrets: keys }, webhooks: { taskQueue: queue, allowHttp: true },
  apiRateLimit: { max: 1_000_000, windowMs: 60_000 },
});
const url = await app.listen(0);
const worker = await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, db, logger, secrets: keys,
  transfer: createTransferGateway({ baseUrl: simUrl }), webhooks: { allowPrivateNetworks: true },
});
const seller = await createSignedInSeller({ url });
await benchPayoutSettings(db, seller, { contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'Bench' });
const apiKeys = await ApiKeys.open(db.db!, { events: await eventsCollection(db) });
await apiKeys.enableApiAccess(seller.sellerId, 'bench', 'benchmark');
const secrets = await Promise.all(Array.from({ length: KEYS }, (_, i) => apiKeys.issueKey(seller.sellerId, { name: `bench ${i}`, scopes: ['read'] }).then((k) => k.secret)));

// Webhook receivers: one HTTP server per endpoint, each checking the signature and counting delivery ids.
const hookLatency: number[] = [];
const hookSeen = Array.from({ length: ENDPOINTS }, () => new Map<string, number>());
let badSignatures = 0;
const receivers: Server[] = [];
for (let i = 0; i < ENDPOINTS; i++) {
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!verifyWebhook(secret, req.headers['coin-market-signature'] as string, raw)) { badSignatures++; res.writeHead(401).end(); return; }
      const body = JSON.parse(raw) as { deliveryId: string; at: string };
      const n = hookSeen[i]!.get(body.deliveryId) ?? 0;
      hookSeen[i]!.set(body.deliveryId, n + 1);
      if (n === 0) hookLatency.push(now - Date.parse(body.at));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  receivers.push(server);
  await reauthenticate(seller);
  const res = await seller.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }) });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  secret = ((await res.json()) as { secret: string }).secret;
}

// Status sockets: each records the latency of every event once and checks positions come in order.
const socketLatency: number[] = [];
let outOfOrder = 0;
const sockets: { socket: Socket; last: number }[] = [];
await Promise.all(Array.from({ length: SOCKETS }, (_, i) => new Promise<void>((resolveReady, reject) => {
  const entry = { socket: null as unknown as Socket, last: 0 };
  entry.socket = io(`${url}/v1`, { auth: (cb) => cb({ key: secrets[i % KEYS], after: entry.last }), transports: ['websocket'] });
  entry.socket.on('event', (e: SellerEvent) => {
    const now = Date.now();
    if (e.position !== entry.last + 1) outOfOrder++;
    entry.last = Math.max(entry.last, e.position);
    socketLatency.push(now - Date.parse(e.at));
  });
  entry.socket.once('ready', () => resolveReady());
  entry.socket.once('connect_error', reject);
  sockets.push(entry);
})));

const code = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));
const csv = [BATCH_COLUMNS.join(','), ...Array.from({ length: RUNS }, (_, i) =>
  ['ps', '200000', '24h', `bench-${i}-${Date.now()}@example.com`, 'Pw-12345', code(), code(), code(), code(), code(), code(), ''].join(','))].join('\n');
const t0 = performance.now();
const upload = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
const runs = ((await upload.json()) as { runs: ComfortRunView[] }).runs;

const feed = await SellerFeed.open(db.db!);
/** Elapsed ms when `pred` held, or null when the time limit passed first. */
const until = async (pred: () => Promise<boolean> | boolean): Promise<number | null> => {
  for (;;) {
    if (await pred()) return performance.now() - t0;
    if (performance.now() - t0 > LIMIT_MS) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
};
const allPaid = await until(async () => {
  const list = (await (await seller.fetch(`/api/comfort-trade/runs?size=${RUNS}`)).json()) as { items?: ComfortRunView[]; runs?: ComfortRunView[] };
  const items = list.items ?? list.runs ?? [];
  return items.length === runs.length && items.every((r) => r.status === 'paid');
});
let head = await feed.head(seller.sellerId);
const socketsDone = await until(async () => sockets.every((s) => s.last >= head));
const hooksDone = await until(() => hookSeen.every((m) => m.size >= head));
const endedAt = Date.now();
head = await feed.head(seller.sellerId);
const duplicates = hookSeen.reduce((n, m) => n + [...m.values()].filter((v) => v > 1).length, 0);
// What had not arrived when the figures were taken counts as at least its age then, so a cut-off run cannot look faster than it was.
const entries = await feed.since(seller.sellerId, 0, 100_000);
const ages = new Map(entries.map((e) => [e.position, endedAt - Date.parse(e.at)]));
let socketMissing = 0;
for (const x of sockets) for (let p = x.last + 1; p <= head; p++) { socketLatency.push(ages.get(p)!); socketMissing++; }
let hookMissing = 0;
for (const m of hookSeen) {
  const got = new Set([...m.keys()].map((id) => Number(id.split('.').pop())));
  for (const e of entries) if (!got.has(e.position)) { hookLatency.push(ages.get(e.position)!); hookMissing++; }
}
const s = summarize(socketLatency);
const h = summarize(hookLatency);
const at = (v: number | null) => (v === null ? `not within ${fmt(LIMIT_MS)}` : `after ${fmt(v)}`);
console.log(`api events on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; load average before ${loadBefore}, after ${load()}`);
console.log(`${RUNS} comfort runs (batch upload), ${head} status changes in the seller's feed; ${SOCKETS} status sockets on ${KEYS} keys; ${ENDPOINTS} webhook endpoints (${head * ENDPOINTS} deliveries)`);
console.log(`every run paid ${at(allPaid)}; every socket at the last position ${at(socketsDone)}; every webhook received ${at(hooksDone)}`);
console.log(`status change -> socket receipt, ${s.n - socketMissing} receipts + ${socketMissing} not yet received (counted at their age): p50 ${fmt(s.p50)} p90 ${fmt(s.p90)} p99 ${fmt(s.p99)} max ${fmt(s.max)}; out of order ${outOfOrder}`);
console.log(`status change -> webhook receipt, ${h.n - hookMissing} deliveries + ${hookMissing} not yet received (counted at their age): p50 ${fmt(h.p50)} p90 ${fmt(h.p90)} p99 ${fmt(h.p99)} max ${fmt(h.max)}; delivery ids received more than once ${duplicates}; bad signatures ${badSignatures}`);

for (const x of sockets) x.socket.close();
for (const r of receivers) r.close();
await worker.shutdown();
await app.close();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await services.stop();
process.exit(0);
