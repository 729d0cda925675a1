import { spawn, type ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SellerEvent } from '../../domain/seller-events.js';
import { DEFAULT_DELIVERY_POLICY, deliveryIdOf, webhookDeliveryWorkflowId } from '../../domain/webhooks.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { connectTemporal } from '../../infra/temporal.js';
import { dispatchWebhooks } from '../../infra/webhooks/dispatch.js';
import { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { createWebhookSender } from '../../infra/webhooks/sender.js';
import { pythonReceiver } from '../support/python-receiver.js';
import { testKeyRing } from '../support/secrets.js';
import { blockEventLoopUntil } from '../support/stall.js';
import { eventually, testDatabase, uniqueQueue } from '../support/servers.js';

/** The attempt's timeout here: short, so the blocked loop outlasts it by far. */
const TIMEOUT_MS = 500;

/**
 * Blocks this process's event loop (the sender's) until the receiver has written its answer to us and the
 * attempt's timeout has passed three times over. The receiver (another process) prints the delivery id after
 * answering, into a file read synchronously.
 */
const blockUntilAnswered = (receiverOut: string, deliveryId: string) => blockEventLoopUntil(receiverOut, deliveryId, 3 * TIMEOUT_MS);

describe('webhooks while the worker\'s event loop is blocked: an answer that reached our socket in time counts (real Python http.server)', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let receiver: ChildProcess;
  let receiverOut: string;
  let port: number;

  beforeAll(async () => {
    t = await testDatabase('hookblock');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    receiverOut = join(mkdtempSync(join(tmpdir(), 'hookblock-')), 'received');
    receiver = spawn('python3', ['-u', '-c', pythonReceiver()], { stdio: ['ignore', openSync(receiverOut, 'w'), 'inherit'] });
    port = await eventually(async () => Number(/^port (\d+)$/m.exec(readFileSync(receiverOut, 'utf8'))?.[1]), 15_000, 'the receiver to listen');
  });
  afterAll(async () => {
    receiver?.kill();
    await temporal?.connection.close();
    await t?.drop();
  });

  it('the loop blocked from the moment the request is sent until well past the timeout: one attempt, logged delivered, no retry workflow, received once', async () => {
    const db = t.db.db!;
    const endpoints = await WebhookEndpoints.open(db, await SecretVault.open(db, testKeyRing()));
    const deliveries = await WebhookDeliveries.open(db);
    const feed = await SellerFeed.open(db);
    // No worker polls this queue: a failed first attempt would start a delivery workflow that stays there to be seen.
    const starter = { client: temporal.client, taskQueue: uniqueQueue('hookblock'), policy: { ...DEFAULT_DELIVERY_POLICY, attemptTimeoutMs: TIMEOUT_MS } };
    const deps = { endpoints, deliveries, starter, send: createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks: true } }) };
    const sellerId = `block-seller-${Date.now()}`;
    const { endpoint } = await endpoints.create(sellerId, { url: `http://127.0.0.1:${port}/hooks`, description: '', events: ['comfort-run:updated'] });
    const deliveryId = deliveryIdOf(endpoint.id, 1);

    // The request's connection to the receiver: once connected (the request is written in the same
    // turn of the loop), the loop is blocked right after that turn, before it could read any answer.
    const onSocket = (message: unknown) => {
      const socket = (message as { socket: Socket }).socket;
      socket.once('connect', () => { if (socket.remotePort === port) setImmediate(() => blockUntilAnswered(receiverOut, deliveryId)); });
    };
    subscribe('net.client.socket', onSocket);
    const e = { position: 1, type: 'comfort-run:updated', subject: 'run-1', at: new Date().toISOString(), data: {} } as unknown as SellerEvent;
    try {
      await dispatchWebhooks(deps, sellerId, e, false);
    } finally {
      unsubscribe('net.client.socket', onSocket);
    }

    const delivery = await deliveries.one(sellerId, endpoint.id, deliveryId);
    expect(delivery.attempts.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, error: a.error }))).toEqual([{ attempt: 1, statusCode: 200, error: null }]);
    expect(delivery).toMatchObject({ state: 'delivered', deliveredAt: expect.any(String) });
    // Delivered at the first attempt: no delivery workflow, so no second attempt later.
    await expect(temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)).describe()).rejects.toThrow();
    expect(readFileSync(receiverOut, 'utf8').split('\n').filter((line) => line === deliveryId)).toHaveLength(1);
  }, 60_000);
});
