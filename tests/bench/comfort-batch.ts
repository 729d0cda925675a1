/**
 * `npm run bench comfort-batch`: a batch file of 50 accounts uploaded at once through the real API,
 * with an in-process worker and the simulator's transfer durations scaled down (login 200 ms, 4
 * chunks of 50K at 300 ms, review 2 s). Prints the time from upload to every run started (its record
 * shows Transferring), to every run's first coins moved, to every run Paid, and the live status latency:
 * from the provider's change (its `updatedAt`: coins moved or transfer completed) to the
 * `comfort-run:updated` event at a socket, polling delay included (what the seller waits). And the
 * cost per run: history events, workflow tasks, activities of each run (and of the batch), database
 * commands of the API and the worker, CPU ms per process (tests/bench/_cost.ts).
 */
import { benchPayoutSettings } from '../support/proven.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { BATCH_COLUMNS, type ComfortRunView } from '../../domain/comfort-trade.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { createLogger } from '../../infra/logger.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { createSignedInSeller } from '../support/sellers.js';
import { fmt, summarize } from './stats.js';
import { countCommands, cpuMeter, formatCommands, formatCpu, formatHistoryCost, historyCost, historyTimeline } from './_cost.js';
import { comfortBatchWorkflowId } from '../../domain/comfort-batch.js';
import { comfortRunWorkflowId } from '../../domain/comfort-trade.js';

const N = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-comfort-'));
const services = await startDevServices({ dataDir, log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_comfort');
await db.dropDatabase();
// The API and the worker each on a connection of their own, so their commands are counted apart.
const apiDb = await connectDatabase(services.mongo.uri, 'bench_comfort', { monitorCommands: true });
const workerDb = await connectDatabase(services.mongo.uri, 'bench_comfort', { monitorCommands: true });
const commands = { api: countCommands(apiDb), worker: countCommands(workerDb) };
const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, transferTiming: { loginMs: 200, chunkMs: 300, chunkCoins: 50_000 } });
const simUrl = await sim.listen(0);
const queue = `bench-comfort-${Date.now()}`;
const keys = keyRingFrom(randomBytes(32).toString('hex'));
const temporal = await connectTemporal(services.temporal.address, keys);
const liveSecret = randomBytes(32).toString('hex');
const logger = createLogger('bench', 'silent');
const timings = { reviewMs: 2_000, sellerFixMs: 60_000, pollMs: 150, watchMs: 10_000, errorRetries: 3, retryInitialMs: 200, retryMaxMs: 1_000 };
const app = await createApp({
  db: apiDb, temporal, logger, webDir: resolve('dist/web'), liveSecret, config: configSettingsFromEnv({}),
  comfortTrade: { taskQueue: queue, timings, secrets: keys },
});
const url = await app.listen(0);
const worker = await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, db: workerDb, logger, secrets: keys,
  transfer: createTransferGateway({ baseUrl: simUrl }),
});
const seller = await createSignedInSeller({ url });
await benchPayoutSettings(db, seller, { contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'Bench' });

const liveLatency: number[] = [];
const socket = io(url, { auth: { token: ((await (await seller.fetch('/api/live/token')).json()) as { token: string }).token }, transports: ['websocket'] });
let disconnects = 0;
socket.on('disconnect', () => { disconnects++; });
const measured = new Set<string>();
socket.on('live:event', (e: { type: string; data: ComfortRunView }) => {
  if (e.type !== 'comfort-run:updated' || e.data.coinsTransferred === 0) return;
  const key = `${e.data.runId}:${e.data.version}`;
  if (measured.has(key)) return;
  measured.add(key);
  // A change the provider made (coins moved, or the transfer completed) reached the seller now. Under
  // load a run often skips from 0 coins straight to Transfer Completed (the watcher applies the
  // newest snapshot), so both kinds count; the provider's change happened at its snapshot's updatedAt.
  const past = sim.transfers.orders.get(e.data.runId)?.past ?? [];
  const change = e.data.state === 'transferring' ? past.find((p) => p.state === 'transferring' && p.coinsTransferred === e.data.coinsTransferred)
    : e.data.state === 'transfer_completed' ? past.find((p) => p.state === 'completed') : undefined;
  if (change) liveLatency.push(Date.now() - change.updatedAt);
});
await new Promise<void>((r) => socket.once('connect', () => r()));

const code = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));
const csv = [BATCH_COLUMNS.join(','), ...Array.from({ length: N }, (_, i) =>
  ['ps', '200000', '24h', `bench-${i}-${Date.now()}@example.com`, 'Pw-12345', code(), code(), code(), code(), code(), code(), ''].join(','))].join('\n');

const loadBefore = loadavg();
const cpu = cpuMeter(dataDir);
const commands0 = { api: commands.api.total(), worker: commands.worker.total() };
const workerByName0 = commands.worker.byTarget();
const apiByName0 = commands.api.byTarget();
cpu.start();
const t0 = performance.now();
const wallT0 = Date.now();
const res = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
const uploaded = performance.now() - t0;
if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
const { batchId, runs } = (await res.json()) as { batchId: string; runs: ComfortRunView[] };
// Milestones from the read model (what the record page shows), sampled every 100 ms: a socket that
// misses events under load must not stall the bench; the socket only measures live latency.
const runsCol = db.db!.collection<ComfortRunView & { _id: string }>('comfort_runs');
const until = async (pred: (v: ComfortRunView | undefined) => boolean) => {
  for (;;) {
    const docs = new Map((await runsCol.find({ sellerId: seller.sellerId }).toArray()).map((d) => [d._id, d]));
    if (runs.every((r) => pred(docs.get(r.runId)))) return performance.now() - t0;
    if (performance.now() - t0 > 20 * 60_000) throw new Error('bench timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const allStarted = await until((v) => !!v);
const allTransferring = await until((v) => !!v && v.coinsTransferred > 0);
const allPaid = await until((v) => v?.status === 'paid');
const cpuUsed = cpu.stop();
const counted = { api: { total: () => commands.api.total() - commands0.api }, worker: { total: () => commands.worker.total() - commands0.worker } };
const s = summarize(liveLatency);
console.log(`comfort batch on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; ${N} accounts of 200K (4 chunks of 300 ms), review ${timings.reviewMs} ms`);
console.log(`upload answered (accepted) in ${fmt(uploaded)}; every run started (Transferring) after ${fmt(allStarted)}; every run's first coins moved after ${fmt(allTransferring)}; every run Paid after ${fmt(allPaid)}`);
const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`load average (1/5/15 min) at upload: ${la(loadBefore)}; at the end: ${la(loadavg())}`);
if (s.n) console.log(`live status latency (provider change -> socket event), ${s.n} provider changes: p50 ${fmt(s.p50)} p90 ${fmt(s.p90)} p99 ${fmt(s.p99)} max ${fmt(s.max)}; socket disconnects: ${disconnects}`);
else console.log(`live status latency: no progress event reached the socket (disconnects: ${disconnects})`);
console.log(formatHistoryCost('comfort run, upload to Paid', await historyCost(temporal.client, runs.map((r) => comfortRunWorkflowId(r.runId)))));
console.log(formatHistoryCost('batch (all rows started)', await historyCost(temporal.client, [comfortBatchWorkflowId(batchId)])));
console.log(formatCommands(counted, N, 'comfort run (upload to Paid)'));
// Which commands the worker's share is made of, with the collection each names.
const workerByName = Object.entries(commands.worker.byTarget()).map(([k, v]) => [k, (v - (workerByName0[k] ?? 0)) / N] as const).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
console.log(`worker commands per comfort run by command and collection: ${workerByName.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
const apiByName = Object.entries(commands.api.byTarget()).map(([k, v]) => [k, (v - (apiByName0[k] ?? 0)) / N] as const).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
console.log(`api commands per comfort run by command and collection: ${apiByName.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
console.log(formatCpu(cpuUsed, N, 'comfort run'));
// Where a run's time goes: the last row's history, offsets from the upload.
console.log(`last run's history from the upload:\n${await historyTimeline(temporal.client, comfortRunWorkflowId(runs.at(-1)!.runId), wallT0)}`);
socket.close();
await worker.shutdown();
await app.close();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await apiDb.close().catch(() => undefined);
await workerDb.close().catch(() => undefined);
await services.stop();
process.exit(0);
