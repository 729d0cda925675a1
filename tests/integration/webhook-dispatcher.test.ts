import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WorkflowNotFoundError } from '@temporalio/client';
import { DEFAULT_DELIVERY_POLICY, webhookDispatchWorkflowId, webhookDispatcherWorkflowId, webhookTaskQueue } from '../../domain/webhooks.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { connectTemporal } from '../../infra/temporal.js';
import { startDispatch } from '../../infra/webhooks/dispatch.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { createWorker } from '../../workers/worker.js';
import { feedChange } from '../support/feed-changes.js';
import { recordHistory } from '../support/histories.js';
import { testKeyRing } from '../support/secrets.js';
import { eventually, testDatabase, testLogger, uniqueQueue } from '../support/servers.js';

const ENTRIES = 40;
const IDLE_MS = 2_000;

/**
 * A seller's changes reach their webhooks through one dispatcher workflow per seller, not a workflow
 * per change: the hour-long soak's fan-out fell 4,500 workflows behind that way. Every entry arrives
 * once, entries told twice (a retried record step) are not sent twice, and an idle dispatcher ends
 * and is started again by the next change.
 */
describe('the per-seller webhook dispatcher (real worker, Temporal, HTTP receiver)', () => {
  const queue = uniqueQueue('dispatcher');
  const sellerId = `dispatcher-seller-${Date.now()}`;
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let receiver: Server;
  let feed: SellerFeed;
  let tell: (e: SellerEvent) => Promise<void>;
  const hits: string[] = [];

  beforeAll(async () => {
    t = await testDatabase('dispatcher');
    const db = t.db.db!;
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => { hits.push(String(req.headers['coin-market-delivery'])); res.writeHead(204).end(); });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const endpoints = await WebhookEndpoints.open(db, await SecretVault.open(db, testKeyRing()));
    await endpoints.create(sellerId, { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, description: '', events: ['withdrawal:updated'] });
    feed = await SellerFeed.open(db);
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: t.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      webhooks: { allowPrivateNetworks: true, dispatcherIdleMs: IDLE_MS },
    });
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    const starter = { client: temporal.client, taskQueue: webhookTaskQueue(queue), policy: DEFAULT_DELIVERY_POLICY, dispatcherIdleMs: IDLE_MS };
    tell = (e) => startDispatch({ endpoints, starter }, sellerId, e);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await temporal?.connection.close();
    receiver?.closeAllConnections();
    receiver?.close();
    await t?.drop();
  });

  const append = async (n: number, tag: string) => {
    const out: SellerEvent[] = [];
    for (let i = 0; i < n; i++) out.push((await feed.append({ ...feedChange(sellerId, `${tag}-${i}`) })).event);
    return out;
  };

  it(`delivers ${ENTRIES} changes told at once, each once, in a few batches of one workflow; a change told twice is sent once`, async () => {
    const entries = await append(ENTRIES, 'burst');
    // Every change told at once, and five told again (a record step retried after the dispatch).
    await Promise.all([...entries, ...entries.slice(0, 5)].map(tell));
    await eventually(async () => new Set(hits).size === ENTRIES, 30_000, 'every change delivered');
    const handle = temporal.client.workflow.getHandle(webhookDispatcherWorkflowId(sellerId));
    await handle.result();
    expect(hits).toHaveLength(ENTRIES);
    expect((await handle.describe()).taskQueue).toBe(webhookTaskQueue(queue));
    // A few batches, not an activity (or a workflow) per change.
    const events = (await handle.fetchHistory()).events ?? [];
    const batches = events.filter((e) => e.activityTaskScheduledEventAttributes).length;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThanOrEqual(ENTRIES / 4);
    await expect(temporal.client.workflow.getHandle(webhookDispatchWorkflowId(sellerId, entries[0]!.position)).describe()).rejects.toThrow(WorkflowNotFoundError);
    await recordHistory(handle, 'webhook-dispatcher--batched-then-idle');
  });

  it('ends after its idle time, and the next change starts it again', async () => {
    const handle = temporal.client.workflow.getHandle(webhookDispatcherWorkflowId(sellerId));
    await eventually(async () => (await handle.describe()).status.name === 'COMPLETED', 20_000, 'the dispatcher ended');
    const ended = (await handle.describe()).runId;
    const [late] = await append(1, 'late');
    await tell(late!);
    await eventually(async () => hits.length === ENTRIES + 1, 20_000, 'the late change delivered');
    expect(hits.at(-1)).toMatch(new RegExp(`\\.${late!.position}$`));
    expect((await handle.describe()).runId).not.toBe(ended);
  });
});
