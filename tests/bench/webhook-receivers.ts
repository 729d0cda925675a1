/**
 * `npm run bench webhook-receivers`: issues 21 and 34's finding as a benchmark. Twelve API sellers at
 * once, each uploading a batch of ten comfort runs, each with one webhook endpoint on a receiver that
 * answers 200 at once: Python's `http.server` (one thread, HTTP/1.0, a listen queue of 128), one
 * process for all sellers; the worker in a process of its own, as npm start runs it. Prints, per
 * seller, the deliveries received, the delivery ids received more than once and the attempts logged
 * as failed, and the worker's event-loop delay over the run (its "event loop delay" log lines, every
 * 5 s). Sizes: BENCH_SELLERS, BENCH_RUNS (per seller), BENCH_BACKLOG (the receiver's listen queue);
 * BENCH_WORKER_PROCESS=0 runs the worker in this process.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { BATCH_COLUMNS, type ComfortRunView } from '../../domain/comfort-trade.js';
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
import { createWorker } from '../../workers/worker.js';
import { benchPayoutSettings } from '../support/proven.js';
import { createSignedInSeller } from '../support/sellers.js';
import { reauthenticate } from '../support/reauth.js';
import { startPythonReceiver } from '../support/python-receiver.js';
import { eventLoopDelayMonitor, type EventLoopDelay } from '../../infra/event-loop-delay.js';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 12);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 128);
const WORKER_PROCESS = process.env.BENCH_WORKER_PROCESS !== '0';
const LOOP_WINDOW_MS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 10 * 60_000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();

const { receiver, port, received } = await startPythonReceiver(BACKLOG);

const services = await startDevServices({ dataDir: mkdtempSync(join(tmpdir(), 'bench-webhook-receivers-')), log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_webhook_receivers');
await db.dropDatabase();
const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, transferTiming: { loginMs: 200, chunkMs: 300, chunkCoins: 50_000 } });
const simUrl = await sim.listen(0);
const queue = `bench-webhook-receivers-${Date.now()}`;
const secretsKey = randomBytes(32).toString('hex');
const keys = keyRingFrom(secretsKey);
const temporal = await connectTemporal(services.temporal.address, keys);
const logger = createLogger('bench', 'silent');
const timings = { reviewMs: 2_000, sellerFixMs: 60_000, pollMs: 150, watchMs: 10_000, errorRetries: 3, retryInitialMs: 200, retryMaxMs: 1_000 };
const app = await createApp({
  db, temporal, logger, webDir: resolve('dist/web'), liveSecret: randomBytes(32).toString('hex'), config: configSettingsFromEnv({}),
  comfortTrade: { taskQueue: queue, timings, secrets: keys }, webhooks: { taskQueue: queue, allowHttp: true },
  apiRateLimit: { max: 1_000_000, windowMs: 60_000 },
});
const url = await app.listen(0);
// The worker's event-loop delay, one sample per window: from its log lines, or measured here when it runs in this process.
const loopWindows: EventLoopDelay[] = [];
// By default the worker runs in a process of its own (workers/main.ts), as npm start and production run it.
const worker = WORKER_PROCESS ? workerProcess() : await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, db, logger, secrets: keys,
  transfer: createTransferGateway({ baseUrl: simUrl }), webhooks: { allowPrivateNetworks: true }, eventLoopLogMs: LOOP_WINDOW_MS,
});
const inProcessLoop = WORKER_PROCESS ? null : eventLoopDelayMonitor();
const loopTimer = inProcessLoop ? setInterval(() => loopWindows.push(inProcessLoop.take()), LOOP_WINDOW_MS) : null;
function workerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env, MONGODB_URI: services.mongo.uri, MONGODB_DB: 'bench_webhook_receivers', TEMPORAL_ADDRESS: services.temporal.address,
      TEMPORAL_TASK_QUEUE: queue, SECRETS_KEY: secretsKey, PROVIDER_URL: simUrl, WEBHOOKS_LOCAL: '1', MARKET_SYNC: '0', LOG_LEVEL: 'info',
      EVENT_LOOP_LOG_MS: String(LOOP_WINDOW_MS),
    },
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.includes('"event loop delay"')) return;
    try { loopWindows.push((JSON.parse(line) as { eventLoopDelay: EventLoopDelay }).eventLoopDelay); } catch { /* not a log line */ }
  });
  return { shutdown: async () => { child.kill('SIGTERM'); await once(child, 'exit'); } };
}
const apiKeys = await ApiKeys.open(db.db!, { events: await eventsCollection(db) });
const sellers: { seller: Awaited<ReturnType<typeof createSignedInSeller>>; endpointId: string }[] = [];
for (let i = 0; i < SELLERS; i++) {
  const seller = await createSignedInSeller({ url });
  await benchPayoutSettings(db, seller, { contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'Bench' });
  await apiKeys.enableApiAccess(seller.sellerId, 'bench', 'benchmark');
  // Registering shows a secret: the session confirms it is the seller first (docs/security.md, item 25).
  await reauthenticate(seller);
  const res = await seller.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}` }) });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  sellers.push({ seller, endpointId: ((await res.json()) as { endpoint: { id: string } }).endpoint.id });
}

const code = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));
const csv = (s: number) => [BATCH_COLUMNS.join(','), ...Array.from({ length: RUNS }, (_, i) =>
  ['ps', '200000', '24h', `bench-${s}-${i}-${Date.now()}@example.com`, 'Pw-12345', code(), code(), code(), code(), code(), code(), ''].join(','))].join('\n');
const t0 = performance.now();
await Promise.all(sellers.map(async ({ seller }, s) => {
  const upload = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv(s) });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
}));

const feed = await SellerFeed.open(db.db!);
const until = async (pred: () => Promise<boolean> | boolean): Promise<number | null> => {
  for (;;) {
    if (await pred()) return performance.now() - t0;
    if (performance.now() - t0 > LIMIT_MS) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
};
const allPaid = await until(async () => {
  for (const { seller } of sellers) {
    const list = (await (await seller.fetch(`/api/comfort-trade/runs?size=${RUNS}`)).json()) as { items?: ComfortRunView[]; runs?: ComfortRunView[] };
    const items = list.items ?? list.runs ?? [];
    if (items.length !== RUNS || !items.every((r) => r.status === 'paid')) return false;
  }
  return true;
});
const heads = await Promise.all(sellers.map(({ seller }) => feed.head(seller.sellerId)));
const allReceived = await until(() => sellers.every(({ endpointId }, i) => [...received.keys()].filter((id) => id.startsWith(`${endpointId}.`)).length >= heads[i]!));
// Retries of failed first attempts come 30 s later: wait for the delivery log to settle.
await until(async () => (await db.db!.collection('webhook_deliveries').countDocuments({ state: 'pending' })) === 0);

if (loopTimer) clearInterval(loopTimer);
const attempts = db.db!.collection<{ deliveryId: string; attempt: number; error: string | null; durationMs: number }>('webhook_attempts');
console.log(`webhook receivers on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; load average before ${loadBefore}, after ${load()}`);
console.log(`${SELLERS} sellers x ${RUNS} comfort runs, one endpoint each on one Python http.server (HTTP/1.0, one thread, listen queue ${BACKLOG}), worker ${WORKER_PROCESS ? 'in its own process' : 'in this process'}; every run paid ${allPaid === null ? 'not in time' : `after ${Math.round(allPaid)} ms`}, every delivery received ${allReceived === null ? 'not in time' : `after ${Math.round(allReceived)} ms`}`);
let totalDup = 0;
let totalFailed = 0;
for (const [i, { endpointId }] of sellers.entries()) {
  const mine = [...received.entries()].filter(([id]) => id.startsWith(`${endpointId}.`));
  const dup = mine.filter(([, n]) => n > 1).length;
  const failed = await attempts.find({ deliveryId: { $regex: `^${endpointId}\\.` }, error: { $ne: null } }).toArray();
  totalDup += dup;
  totalFailed += failed.length;
  console.log(`seller ${i + 1}: ${heads[i]} changes, ${mine.length} delivery ids received, ${dup} received more than once, ${failed.length} attempts failed${failed.length ? ` (${failed.map((a) => `#${a.attempt} ${a.error} after ${a.durationMs} ms`).join('; ')})` : ''}`);
}
const deliveries = await db.db!.collection('webhook_deliveries').countDocuments({ sellerId: { $in: sellers.map((x) => x.seller.sellerId) } });
console.log(`total: ${totalDup} of ${deliveries} delivery ids received more than once, ${totalFailed} attempts failed`);
const worst = (f: (w: EventLoopDelay) => number) => Math.max(0, ...loopWindows.map(f));
const p50s = loopWindows.map((w) => w.p50Ms).sort((a, b) => a - b);
console.log(`worker event-loop delay over ${loopWindows.length} windows of ${LOOP_WINDOW_MS / 1000} s: median p50 ${p50s[Math.floor(p50s.length / 2)] ?? 0} ms, worst p99 ${worst((w) => w.p99Ms)} ms, max ${worst((w) => w.maxMs)} ms; windows with a stall of 1 s or more: ${loopWindows.filter((w) => w.maxMs >= 1_000).length}`);

receiver.kill();
await worker.shutdown();
await app.close();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await services.stop();
process.exit(0);
