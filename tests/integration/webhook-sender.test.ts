import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SellerEvent } from '../../domain/seller-events.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { WebhookDeliveries, type DeliveryDoc } from '../../infra/webhooks/deliveries.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { createWebhookSender, type Resolver } from '../../infra/webhooks/sender.js';
import { dispatchWebhooks } from '../../infra/webhooks/dispatch.js';
import { connectTemporal } from '../../infra/temporal.js';
import { DEFAULT_DELIVERY_POLICY, deliveryIdOf, webhookDeliveryWorkflowId } from '../../domain/webhooks.js';
import { uniqueQueue } from '../support/servers.js';
import { testKeyRing } from '../support/secrets.js';
import { testDatabase } from '../support/servers.js';

/** A public address (nothing answers this test's port there; the machine may have no route at all). */
const PUBLIC = { address: '9.9.9.9', family: 4 };
const LOOPBACK = { address: '127.0.0.1', family: 4 };

describe('webhook sender: a seller cannot make us call our own network (real database, real HTTP)', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let endpoints: WebhookEndpoints;
  let deliveries: WebhookDeliveries;
  let feed: SellerFeed;
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    t = await testDatabase('sender');
    const db = t.db.db!;
    endpoints = await WebhookEndpoints.open(db, await SecretVault.open(db, testKeyRing()));
    deliveries = await WebhookDeliveries.open(db);
    feed = await SellerFeed.open(db);
    // An internal service on loopback that must never be reached.
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url !== '/silent') res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await temporal?.connection.close();
    await t?.drop();
  });

  const event: SellerEvent = { position: 1, type: 'comfort-run:updated', subject: 'run-1', at: new Date().toISOString(), data: {} } as unknown as SellerEvent;
  let n = 0;
  /** Registers an endpoint at `url` and makes one attempt with the given name resolution. */
  const attempt = async (url: string, resolve?: Resolver, allowPrivateNetworks = false) => {
    const sellerId = `seller-${++n}`;
    const { endpoint } = await endpoints.create(sellerId, { url, description: '', events: ['comfort-run:updated'] });
    const doc = (await endpoints.byId(endpoint.id))!;
    const delivery: DeliveryDoc = { _id: `${doc._id}.1`, endpointId: doc._id, sellerId, position: 1, type: 'comfort-run:updated', subject: 'run-1', state: 'pending', createdAt: new Date(), deliveredAt: null };
    await deliveries.create(delivery);
    const send = createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks, resolve } });
    const r = await send.post({ delivery, endpoint: doc, event, attemptId: `test:${delivery._id}#1`, attempt: 1, redelivery: null, timeoutMs: 1_000 });
    const [logged] = (await deliveries.one(sellerId, doc._id, delivery._id)).attempts;
    return { ...r, logged: logged! };
  };

  it('refuses a loopback address and a name that resolves to one, and says so in the delivery log', async () => {
    const literal = await attempt(`http://127.0.0.1:${port}/literal`);
    expect(literal).toMatchObject({ outcome: 'failed', logged: { statusCode: null, error: 'address not allowed (private network)' } });
    const named = await attempt(`http://internal.example:${port}/named`, async () => [LOOPBACK]);
    expect(named).toMatchObject({ outcome: 'failed', logged: { statusCode: null, error: 'no public address for this host' } });
    expect(hits).toEqual([]);
  });

  it('refuses NAT64, 6to4, IPv4-compatible, benchmarking, multicast and reserved addresses, written in the URL or behind a name', async () => {
    const notPublic = [
      '64:ff9b::7f00:1', '2002:7f00:1::1', '::127.0.0.1', '::a00:1', '::ffff:127.0.0.1', '2001::1', '100::1', 'ff02::1', 'fec0::1',
      '198.18.0.1', '198.19.255.254', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.0.8', '0.0.0.0',
    ];
    for (const address of notPublic) {
      const host = address.includes(':') ? `[${address}]` : address;
      const literal = await attempt(`http://${host}:${port}/literal`);
      expect(literal.logged.error, address).toBe('address not allowed (private network)');
      const named = await attempt(`http://sneaky.example:${port}/named`, async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
      expect(named.logged.error, address).toBe('no public address for this host');
    }
    expect(hits).toEqual([]);
  });

  it('says the same for an internal name and a name that does not exist, so the log cannot map our network', async () => {
    const internal = await attempt(`http://db.internal.example:${port}/x`, async () => [{ address: '10.0.0.5', family: 4 }]);
    const missing = await attempt(`http://nothing.internal.example:${port}/x`, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nothing.internal.example'), { code: 'ENOTFOUND' });
    });
    expect(missing.logged.error).toBe(internal.logged.error);
    expect(internal.logged.error).toBe('no public address for this host');
    expect(hits).toEqual([]);
  });

  it('checks the address the connection really uses: a name that answers public first and loopback after (DNS rebinding) never reaches loopback', async () => {
    // "localhost" resolves to loopback for the system; this resolver answers a public address the
    // first time only, as a rebinding name server with a zero TTL would.
    let calls = 0;
    const rebinding: Resolver = async () => (++calls === 1 ? [PUBLIC] : [LOOPBACK]);
    const r = await attempt(`http://localhost:${port}/rebound`, rebinding);
    expect(r.outcome).toBe('failed');
    expect(hits).toEqual([]);
  });

  it('where the operator allows private networks: a 2xx is a receipt, a 3xx is not followed, silence is a timeout', async () => {
    hits.length = 0;
    expect(await attempt(`http://127.0.0.1:${port}/ok`, undefined, true)).toMatchObject({ outcome: 'delivered', statusCode: 204, logged: { error: null } });
    expect(await attempt(`http://127.0.0.1:${port}/moved`, undefined, true)).toMatchObject({ outcome: 'failed', statusCode: 302, logged: { error: 'HTTP 302' } });
    const silent = await attempt(`http://127.0.0.1:${port}/silent`, undefined, true);
    expect(silent).toMatchObject({ outcome: 'failed', statusCode: null, logged: { error: 'no answer within 1000 ms' } });
    expect(hits).toEqual(['/ok', '/moved', '/silent']);
  });

  it('the dispatch makes each first attempt itself: a receipt needs no workflow, a failure goes to one, and a retried dispatch posts nothing twice', async () => {
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    // No worker polls this queue: a started delivery workflow stays there to be seen.
    const starter = { client: temporal.client, taskQueue: uniqueQueue('dispatch'), policy: DEFAULT_DELIVERY_POLICY };
    const send = createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks: true } });
    const deps = { endpoints, deliveries, starter, send };
    const sellerId = `seller-dispatch-${Date.now()}`;
    const up = (await endpoints.create(sellerId, { url: `http://127.0.0.1:${port}/up`, description: '', events: ['comfort-run:updated'] })).endpoint;
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = (await endpoints.create(sellerId, { url: `http://127.0.0.1:${closedPort}/down`, description: '', events: ['comfort-run:updated'] })).endpoint;
    hits.length = 0;

    await dispatchWebhooks(deps, sellerId, event, false);
    expect(hits).toEqual(['/up']);
    const received = await deliveries.one(sellerId, up.id, deliveryIdOf(up.id, 1));
    expect(received).toMatchObject({ state: 'delivered', deliveredAt: expect.any(String) });
    expect(received.attempts).toMatchObject([{ attempt: 1, statusCode: 204, error: null }]);
    await expect(temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(received.id)).describe()).rejects.toThrow();
    const failed = await deliveries.one(sellerId, down.id, deliveryIdOf(down.id, 1));
    expect(failed).toMatchObject({ state: 'pending', attempts: [{ attempt: 1, statusCode: null, error: 'ECONNREFUSED' }] });
    const retrying = temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(failed.id));
    expect((await retrying.describe()).status.name).toBe('RUNNING');

    // The activity retried after everything was written: nothing is posted or written again.
    await dispatchWebhooks(deps, sellerId, event, true);
    expect(hits).toEqual(['/up']);
    expect((await deliveries.one(sellerId, up.id, received.id)).attempts).toHaveLength(1);
    // The process died after the first attempt was logged, before the delivery was written: the log decides, no second POST.
    await deliveries.docs.deleteOne({ _id: received.id });
    await dispatchWebhooks(deps, sellerId, event, true);
    expect(hits).toEqual(['/up']);
    expect(await deliveries.one(sellerId, up.id, received.id)).toMatchObject({ state: 'delivered', attempts: [{ attempt: 1, statusCode: 204 }] });
    await retrying.terminate('test done');
  });
});
