/**
 * `npm run bench webhook-stalls`: the sender's answers against a blocked event loop (issue 34). The
 * sender in this process POSTs BENCH_POSTS deliveries, BENCH_AT_ONCE at a time, to a Python
 * `http.server` (HTTP/1.0, listen queue 128; another process, so it answers while we are blocked)
 * with a BENCH_TIMEOUT_MS timeout, while this process's loop is blocked for BENCH_STALL_MS every
 * BENCH_EVERY_MS (as a saturated machine or a long synchronous step does). Prints the attempts
 * logged failed, how many of those the receiver had received and answered (each would arrive twice
 * on the retry), and the event-loop delay seen.
 */
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { SellerEvent } from '../../domain/seller-events.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { eventLoopDelayMonitor } from '../../infra/event-loop-delay.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { WebhookDeliveries, type DeliveryDoc } from '../../infra/webhooks/deliveries.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { createWebhookSender } from '../../infra/webhooks/sender.js';
import { startPythonReceiver } from '../support/python-receiver.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 8);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 500);
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 600);
const EVERY_MS = Number(process.env.BENCH_EVERY_MS ?? 1_000);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();

const { receiver, port, received } = await startPythonReceiver(128);
const services = await startDevServices({ dataDir: mkdtempSync(join(tmpdir(), 'bench-webhook-stalls-')), log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_webhook_stalls');
await db.dropDatabase();
const keys = keyRingFrom('ab'.repeat(32));
const endpoints = await WebhookEndpoints.open(db.db!, await SecretVault.open(db.db!, keys));
const deliveries = await WebhookDeliveries.open(db.db!);
const send = createWebhookSender({ feed: await SellerFeed.open(db.db!), endpoints, deliveries, options: { allowPrivateNetworks: true } });
const sellerId = `stall-seller-${Date.now()}`;
const { endpoint } = await endpoints.create(sellerId, { url: `http://127.0.0.1:${port}/hook`, description: '', events: ['comfort-run:updated'] });
const doc = (await endpoints.byId(endpoint.id))!;

const nap = new Int32Array(new SharedArrayBuffer(4));
// Blocked from the check phase, as a long callback after I/O blocks it: when it resumes, the next turn runs timers first.
const stalls = setInterval(() => setImmediate(() => Atomics.wait(nap, 0, 0, STALL_MS)), EVERY_MS);
const loop = eventLoopDelayMonitor();
const t0 = performance.now();
let next = 1;
const failures: string[] = [];
await Promise.all(Array.from({ length: AT_ONCE }, async () => {
  while (next <= POSTS) {
    const position = next++;
    const event = { position, type: 'comfort-run:updated', subject: 'run', at: new Date().toISOString(), data: {} } as unknown as SellerEvent;
    const delivery: DeliveryDoc = { _id: `${doc._id}.${position}`, endpointId: doc._id, sellerId, position, type: event.type, subject: 'run', state: 'pending', createdAt: new Date(), deliveredAt: null };
    const r = await send.post({ delivery, endpoint: doc, event, attemptId: `${delivery._id}#1`, attempt: 1, redelivery: null, timeoutMs: TIMEOUT_MS });
    if (r.outcome !== 'delivered') failures.push(delivery._id);
  }
}));
clearInterval(stalls);
const tookMs = performance.now() - t0;
const delay = loop.take();
// Whatever the receiver got it prints after answering: give it a moment to print the last ones.
await new Promise((r) => setTimeout(r, 1_000));
const attempts = await deliveries.attempts.find({ sellerId }).toArray();
const errors = [...new Set(attempts.filter((a) => a.error).map((a) => a.error))].join(', ');
const answeredAnyway = failures.filter((id) => received.has(id)).length;
console.log(`webhook stalls: ${POSTS} POSTs, ${AT_ONCE} at once, timeout ${TIMEOUT_MS} ms, loop blocked ${STALL_MS} ms every ${EVERY_MS} ms; load ${loadBefore} before, ${load()} after; ${Math.round(tookMs)} ms`);
console.log(`failed ${failures.length}${errors ? ` (${errors})` : ''}; of those received and answered by the receiver ${answeredAnyway} (each would arrive twice on the retry)`);
console.log(`event-loop delay: p50 ${delay.p50Ms} ms, p99 ${delay.p99Ms} ms, max ${delay.maxMs} ms`);
loop.stop();
receiver.kill();
await db.close().catch(() => undefined);
await services.stop();
process.exit(0);
