import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SellerEvent } from '../../domain/seller-events.js';
import { DEFAULT_DELIVERY_POLICY } from '../../domain/webhooks.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { connectTemporal } from '../../infra/temporal.js';
import { dispatchWebhooks } from '../../infra/webhooks/dispatch.js';
import { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { createWebhookSender } from '../../infra/webhooks/sender.js';
import { testKeyRing } from '../support/secrets.js';
import { stopwatch } from '../support/wait.js';
import { eventually, testDatabase, uniqueQueue } from '../support/servers.js';
import { PYTHON_RECEIVER as RECEIVER } from '../support/python-receiver.js';

const SELLERS = 6;
/** A batch of ten runs, four changes each, arriving together (the runs of a batch move in step). */
const EVENTS_PER_SELLER = 40;

describe('webhooks to a plain HTTP/1.0 receiver under load: a delivery it answered is never sent again (real Python http.server)', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let receiver: ChildProcess;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    t = await testDatabase('hookload');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    receiver = spawn('python3', ['-u', '-c', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((resolve) => {
      createInterface({ input: receiver.stdout! }).on('line', (line) => {
        if (line.startsWith('port ')) resolve(Number(line.slice(5)));
        else received.push(line);
      });
    });
  });
  afterAll(async () => {
    receiver?.kill();
    await temporal?.connection.close();
    await t?.drop();
  });

  it(`${SELLERS} sellers' ${SELLERS * EVENTS_PER_SELLER} first attempts at once all arrive once and are logged as received`, async () => {
    const db = t.db.db!;
    const endpoints = await WebhookEndpoints.open(db, await SecretVault.open(db, testKeyRing()));
    const deliveries = await WebhookDeliveries.open(db);
    const feed = await SellerFeed.open(db);
    // No worker polls this queue: a failed first attempt would start a workflow that just waits.
    const starter = { client: temporal.client, taskQueue: uniqueQueue('hookload'), policy: DEFAULT_DELIVERY_POLICY };
    const deps = { endpoints, deliveries, starter, send: createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks: true } }) };
    const sellers = Array.from({ length: SELLERS }, (_, i) => `load-seller-${i}-${Date.now()}`);
    for (const s of sellers) await endpoints.create(s, { url: `http://127.0.0.1:${port}/hooks/${s}`, description: '', events: ['comfort-run:updated'] });

    // On a loaded machine the receiver's one thread is not always scheduled: a pause of two seconds
    // (SIGSTOP, as the scheduler would) while the burst arrives, then it answers each in milliseconds.
    receiver.kill('SIGSTOP');
    const resume = setTimeout(() => receiver.kill('SIGCONT'), 2_000);
    const took = stopwatch();
    await Promise.all(sellers.flatMap((sellerId) => Array.from({ length: EVENTS_PER_SELLER }, (_, i) => {
      const e = { position: i + 1, type: 'comfort-run:updated', subject: `run-${i % 10}`, at: new Date().toISOString(), data: {} } as unknown as SellerEvent;
      return dispatchWebhooks(deps, sellerId, e, false);
    })));
    const tookMs = took();
    clearTimeout(resume);
    receiver.kill('SIGCONT');

    const total = SELLERS * EVENTS_PER_SELLER;
    const logged = await deliveries.docs.find({ sellerId: { $in: sellers } }).toArray();
    const attempts = await deliveries.attempts.find({ sellerId: { $in: sellers } }).toArray();
    const failed = attempts.filter((a) => a.error !== null);
    // A failed attempt the receiver got anyway is what made the same delivery id arrive twice.
    await eventually(async () => received.length >= total - failed.length, 5_000, 'the receiver to print every delivery');
    const receivedFailed = failed.filter((a) => received.includes(a.deliveryId));
    console.log(`${total} first attempts in ${tookMs} ms; failed ${failed.length} (${[...new Set(failed.map((a) => a.error))].join(', ')}), of those received anyway ${receivedFailed.length}`);
    expect(receivedFailed.map((a) => `${a.deliveryId}: ${a.error}`)).toEqual([]);
    expect(failed.map((a) => a.error)).toEqual([]);
    expect(logged.filter((d) => d.state === 'delivered')).toHaveLength(total);
    expect(new Set(received).size).toBe(total);
    expect(received).toHaveLength(total);
  }, 120_000);
});
