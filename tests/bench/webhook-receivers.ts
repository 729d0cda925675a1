/**
 * `npm run bench webhook-receivers`: issue 21's finding as a benchmark. Six API sellers at once, each
 * uploading a batch of ten comfort runs, each with one webhook endpoint on a receiver that answers 200
 * at once: Python's `http.server` as it comes (one thread, HTTP/1.0, a listen queue of 5), one process
 * for all sellers. Prints, per seller, the deliveries received, the delivery ids received more than
 * once, and the first attempts logged as failed. Sizes: BENCH_SELLERS, BENCH_RUNS (per seller);
 * BENCH_WORKER_PROCESS=1 runs the worker as its own process.
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
import { PYTHON_RECEIVER as RECEIVER } from '../support/python-receiver.js';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 6);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 10 * 60_000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();

const receiver = spawn('python3', ['-u', '-c', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const received = new Map<string, number>();
const port = await new Promise<number>((done) => createInterface({ input: receiver.stdout }).on('line', (line) => {
  if (line.startsWith('port ')) done(Number(line.slice(5)));
  else received.set(line, (received.get(line) ?? 0) + 1);
}));

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
// BENCH_WORKER_PROCESS=1: the worker in a process of its own (workers/main.ts), as npm start and production run it.
const worker = process.env.BENCH_WORKER_PROCESS === '1' ? workerProcess() : await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, db, logger, secrets: keys,
  transfer: createTransferGateway({ baseUrl: simUrl }), webhooks: { allowPrivateNetworks: true },
});
function workerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, MONGODB_URI: services.mongo.uri, MONGODB_DB: 'bench_webhook_receivers', TEMPORAL_ADDRESS: services.temporal.address,
      TEMPORAL_TASK_QUEUE: queue, SECRETS_KEY: secretsKey, PROVIDER_URL: simUrl, WEBHOOKS_LOCAL: '1', MARKET_SYNC: '0', LOG_LEVEL: 'warn',
    },
  });
  return { shutdown: async () => { child.kill('SIGTERM'); await once(child, 'exit'); } };
}
const apiKeys = await ApiKeys.open(db.db!, { events: await eventsCollection(db) });
const sellers: { seller: Awaited<ReturnType<typeof createSignedInSeller>>; endpointId: string }[] = [];
for (let i = 0; i < SELLERS; i++) {
  const seller = await createSignedInSeller({ url });
  await benchPayoutSettings(db, seller, { contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'Bench' });
  await apiKeys.enableApiAccess(seller.sellerId, 'bench', 'benchmark');
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

const attempts = db.db!.collection<{ deliveryId: string; attempt: number; error: string | null; durationMs: number }>('webhook_attempts');
console.log(`webhook receivers on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; load average before ${loadBefore}, after ${load()}`);
console.log(`${SELLERS} sellers x ${RUNS} comfort runs, one endpoint each on one Python http.server (HTTP/1.0, one thread); every run paid ${allPaid === null ? 'not in time' : `after ${Math.round(allPaid)} ms`}, every delivery received ${allReceived === null ? 'not in time' : `after ${Math.round(allReceived)} ms`}`);
let totalDup = 0;
let totalFailed = 0;
for (const [i, { endpointId }] of sellers.entries()) {
  const mine = [...received.entries()].filter(([id]) => id.startsWith(`${endpointId}.`));
  const dup = mine.filter(([, n]) => n > 1).length;
  const failed = await attempts.find({ deliveryId: { $regex: `^${endpointId}\\.` }, attempt: 1, error: { $ne: null } }).toArray();
  totalDup += dup;
  totalFailed += failed.length;
  console.log(`seller ${i + 1}: ${heads[i]} changes, ${mine.length} delivery ids received, ${dup} received more than once, ${failed.length} first attempts failed${failed.length ? ` (${[...new Set(failed.map((a) => a.error))].join(', ')})` : ''}`);
}
console.log(`total: ${totalDup} delivery ids received more than once, ${totalFailed} first attempts failed`);

receiver.kill();
await worker.shutdown();
await app.close();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await services.stop();
process.exit(0);
