import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createReceiver, verifySignature, type Delivery } from '../../examples/webhook-receiver.js';
import type { DeliveryPolicy, DeliveryView } from '../../domain/webhooks.js';
import { createWorker } from '../../workers/worker.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { connectTemporal } from '../../infra/temporal.js';
import { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { IDEMPOTENCY_COLLECTION } from '../../api/v1/idempotency.js';
import { WEBHOOK_SECRET_NOT_REPLAYED } from '../../domain/webhooks.js';
import { startDelivery } from '../../infra/webhooks/dispatch.js';
import {
  deliveryIdOf, webhookDeliveryWorkflowId, webhookDispatcherWorkflowId, webhookOpenRedeliveryId, webhookTaskQueue, MAX_OPEN_REDELIVERIES, REDELIVERY_IN_PROGRESS,
  TOO_MANY_REDELIVERIES, WEBHOOK_URL_HTTP,
} from '../../domain/webhooks.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { recordHistory } from '../support/histories.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { startTestApp } from '../support/app.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually, testLogger, uniqueQueue } from '../support/servers.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { mailsTo } from '../support/mail.js';
import { main as supportTool } from '../../support/cli.js';
import type { NotificationPage, NotificationView } from '../../domain/notifications.js';
import { FAST_COMFORT, runWhere, startTransferSimulator, submission, submit } from '../support/comfort.js';
import { reauthenticate } from '../support/reauth.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';

/** Seconds instead of days: 200 ms, 400 ms, 800 ms, then every second, for a minute. */
const FAST_POLICY: DeliveryPolicy = { initialMs: 200, factor: 2, maxMs: 1_000, horizonMs: 60_000, attemptTimeoutMs: 2_000 };

/** A receiver built from the seller's example, behind a switch that can answer 503 first; every request is recorded. */
function testReceiver(secret: string) {
  const processed = new Set<string>();
  const seen: { deliveryId: string; status: number; raw: string; signature: string; redelivery: boolean }[] = [];
  const bodies: Delivery[] = [];
  let failNext = 0;
  const inner = createReceiver({ secret, processed, process: (d) => { bodies.push(d); } });
  const handler = inner.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const record = (status: number) => seen.push({ deliveryId: String(req.headers['coin-market-delivery']), status, raw, signature: String(req.headers['coin-market-signature']), redelivery: false });
      if (failNext > 0) {
        failNext--;
        record(503);
        res.writeHead(503).end();
        return;
      }
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => { record(status); return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest); }) as typeof res.writeHead;
      // Hand the buffered body on to the example receiver as a fresh stream.
      const replay = Object.assign(req, { [Symbol.asyncIterator]: async function* () { yield Buffer.from(raw); } });
      handler(replay, res);
    });
  });
  return { server, processed, seen, bodies, failFirst: (n: number) => { failNext = n; } };
}

const listen = (s: Server, port = 0) => new Promise<number>((r) => s.listen(port, '127.0.0.1', () => r((s.address() as AddressInfo).port)));
const closeServer = (s: Server) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); });

describe('webhooks: signed, durable, logged, redelivered (real worker, Temporal, simulator)', () => {
  const queue = uniqueQueue('webhooks');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let seller: SignedInSeller;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  const servers: Server[] = [];

  beforeAll(async () => {
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue, timings: FAST_COMFORT }, webhooks: { policy: FAST_POLICY, taskQueue: queue } });
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      transfer: createTransferGateway({ baseUrl: sim.url, timeoutMs: 2_000 }),
      webhooks: { policy: FAST_POLICY, allowPrivateNetworks: true },
    });
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    seller = await createProvenSeller(app);
    // Registering endpoints and rotating their secrets mints secrets: the seller confirms it is them once.
    await reauthenticate(seller);
    const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    for (const s of servers) await closeServer(s).catch(() => undefined);
    await worker?.shutdown();
    await temporal?.connection.close();
    await app?.close();
    await sim?.close();
  });

  const register = async (url: string) => {
    const res = await seller.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url, description: 'test' }) });
    expect(res.status).toBe(201);
    return (await res.json()) as { endpoint: { id: string; url: string }; secret: string };
  };
  const deliveries = async (endpointId: string): Promise<DeliveryView[]> => {
    const res = await seller.fetch(`/api/member/webhooks/${endpointId}/deliveries?limit=100`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { deliveries: DeliveryView[] }).deliveries;
  };

  let upEndpoint: { id: string; secret: string; receiver: ReturnType<typeof testReceiver> };

  it('registers an endpoint (secret shown once), refuses a bad one, and signs every status of a run so the documented check verifies it', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    const created = await register(`http://127.0.0.1:${port}/hook`);
    const secret = created.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const rebuilt = testReceiver(secret);
    await listen(rebuilt.server, port);
    servers.push(rebuilt.server);
    upEndpoint = { id: created.endpoint.id, secret, receiver: rebuilt };

    const listed = await (await seller.fetch('/api/member/webhooks')).json();
    expect(listed.endpoints).toEqual([expect.objectContaining({ id: created.endpoint.id, url: `http://127.0.0.1:${port}/hook` })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const bad = await seller.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: 'ftp://example.com/x', events: ['nope'] }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['events', 'url']);
    expect((await (await seller.fetch('/api/member/webhooks')).json()).endpoints).toHaveLength(1);

    const run = await submit(seller, submission());
    await runWhere(seller, run.runId, (r) => r.status === 'paid', 'run paid');
    // Deliveries are independent and may arrive out of order (docs/api-events.md, "Order"): the receiver
    // orders them by position, as the documentation tells sellers to; wait until no position is missing.
    const byPosition = () => rebuilt.bodies.filter((b) => b.subject === run.runId).sort((a, b) => a.position - b.position);
    const statuses = await eventually(async () => {
      const mine = byPosition();
      const whole = mine.every((b, i) => i === 0 || b.position === mine[i - 1]!.position + 1);
      return mine.at(-1)?.data.status === 'paid' && whole ? mine : null;
    }, 30_000, 'every status up to paid delivered');
    // Positions of the seller's feed, in order with no gap; the run's versions only grow.
    const positions = statuses.map((b) => b.position);
    expect(positions).toEqual(positions.map((_, i) => positions[0]! + i));
    expect(statuses.map((b) => b.data.version)).toEqual([...statuses.map((b) => b.data.version)].sort((a, b) => a - b));
    expect(statuses[0]!.data.status).toBe('transferring');
    expect(JSON.stringify(statuses)).not.toMatch(/Game-Pass-1|credentialsRef|secret:/);

    // Every request passed the documented check; a changed body, a stale timestamp or another secret fail it.
    expect(rebuilt.seen.every((s) => s.status === 204)).toBe(true);
    // A receiver that answers at once: each delivery is one logged attempt, made by the dispatch itself.
    // The receiver has the POST before the dispatch writes how it ended: read the log once each delivery settled.
    for (const b of statuses) await app.settled.webhookDeliveries.settled(b.deliveryId);
    const log = (await deliveries(created.endpoint.id)).filter((d) => d.subject === run.runId);
    expect(log.map((d) => d.id).sort()).toEqual(statuses.map((b) => b.deliveryId).sort());
    expect(log.map((d) => d.state)).toEqual(statuses.map(() => 'delivered'));
    expect(log.every((d) => d.attempts.length === 1 && d.attempts[0]!.statusCode === 204 && d.deliveredAt !== null)).toBe(true);
    const one = rebuilt.seen[0]!;
    expect(verifySignature(secret, one.signature, one.raw)).toBe(true);
    expect(verifySignature(secret, one.signature, one.raw.replace('"type"', '"typ3"'))).toBe(false);
    expect(verifySignature(secret, one.signature, one.raw, Date.now() + 301_000)).toBe(false);
    expect(verifySignature(`${secret}x`, one.signature, one.raw)).toBe(false);
    // A replayed request is refused by the receiver once the window has passed: the timestamp is signed too.
    const t = Number(/t=(\d+)/.exec(one.signature)![1]);
    expect(verifySignature(secret, one.signature.replace(`t=${t}`, `t=${t + 1000}`), one.raw, (t + 1000) * 1000)).toBe(false);
  });

  it('delivers to a receiver that was down (not listening, then 503) later, each delivery id processed once, with every attempt in the log', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    const { endpoint, secret } = await register(`http://127.0.0.1:${port}/down`);
    const run = await submit(seller, submission());
    // Nobody listens: the first attempts fail and are logged.
    await eventually(async () => {
      const log = await deliveries(endpoint.id);
      return log.length > 0 && log.every((d) => d.state === 'pending') && log.some((d) => d.attempts.length >= 2) ? log : null;
    }, 30_000, 'failed attempts logged');
    const receiver = testReceiver(secret);
    receiver.failFirst(3);
    await listen(receiver.server, port);
    servers.push(receiver.server);
    await runWhere(seller, run.runId, (r) => r.status === 'paid', 'run paid');
    // Every status up to paid received (in any order), then each delivery settled: the dispatch or the
    // delivery workflow writes how a delivery ended after the receiver answered, so the log is read only then.
    await eventually(async () => {
      const mine = receiver.bodies.filter((b) => b.subject === run.runId).sort((a, b) => a.position - b.position);
      const whole = mine.every((b, i) => i === 0 || b.position === mine[i - 1]!.position + 1);
      return mine.at(-1)?.data.status === 'paid' && whole;
    }, 60_000, 'every status up to paid received');
    const known = new Set([...receiver.bodies.map((b) => b.deliveryId), ...(await deliveries(endpoint.id)).map((d) => d.id)]);
    for (const id of known) await app.settled.webhookDeliveries.settled(id, 60_000);
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => d.state)).toEqual(log.map(() => 'delivered'));

    const ids = log.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each delivery id was processed once and answered 2xx once: the sender stops after a receipt.
    expect(receiver.bodies.map((b) => b.deliveryId).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(receiver.seen.filter((s) => s.deliveryId === id && s.status === 204)).toHaveLength(1);
    expect(receiver.seen.filter((s) => s.status === 503)).toHaveLength(3);
    const first = log.find((d) => d.position === Math.min(...log.map((x) => x.position)))!;
    expect(first.attempts.slice(0, 2).every((a) => a.statusCode === null && a.error === 'ECONNREFUSED')).toBe(true);
    expect(first.attempts.at(-1)).toMatchObject({ statusCode: 204, error: null });
    const errors = log.flatMap((d) => d.attempts).filter((a) => a.statusCode === 503);
    expect(errors).toHaveLength(3);
    expect(errors.every((a) => a.error === 'HTTP 503')).toBe(true);
    await recordHistory(temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(first.id)), 'webhook-delivery--delivered-after-retries');
    upEndpoint = { id: endpoint.id, secret, receiver };
  });

  it('rotates the secret in Settings: shown once, deliveries carry both signatures during the grace period (an old receiver keeps working), then only the new one', async () => {
    const { id, secret: oldSecret, receiver } = upEndpoint;
    const res = await seller.fetch(`/api/member/webhooks/${id}/rotate-secret`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rotated = (await res.json()) as { endpoint: { id: string; secretRotatedAt: string; previousSecretUntil: string }; secret: string };
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(oldSecret);
    // The default grace period: 24 hours from the rotation.
    expect(Date.parse(rotated.endpoint.previousSecretUntil) - Date.parse(rotated.endpoint.secretRotatedAt)).toBe(24 * 3600_000);
    const read = await (await seller.fetch(`/api/member/webhooks/${id}`)).json();
    expect(read.endpoint).toMatchObject({ id, previousSecretUntil: rotated.endpoint.previousSecretUntil });
    expect(JSON.stringify(read)).not.toContain(rotated.secret);

    // A delivery sent now: the receiver still configured with the old secret verifies and processes it.
    const [target] = await deliveries(id);
    const before = receiver.seen.length;
    expect((await seller.fetch(`/api/member/webhooks/${id}/deliveries/${target!.id}/redeliver`, { method: 'POST', body: '{}' })).status).toBe(202);
    const sent = await eventually(async () => receiver.seen.slice(before).find((s) => s.deliveryId === target!.id), 20_000, 'a delivery after the rotation');
    expect(sent.status).toBe(204);
    expect(sent.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(oldSecret, sent.signature, sent.raw)).toBe(true);
    expect(verifySignature(rotated.secret, sent.signature, sent.raw)).toBe(true);
    expect(verifySignature(`${rotated.secret}x`, sent.signature, sent.raw)).toBe(false);

    // After the grace period only the new secret signs (asked of the sender's own source, at a later clock: no waiting).
    const endpoints = await WebhookEndpoints.open(app.db.db!, await SecretVault.open(app.db.db!, testKeyRing()));
    const doc = (await endpoints.byId(id))!;
    expect(await endpoints.signingSecrets(doc)).toEqual([rotated.secret, oldSecret]);
    expect(await endpoints.signingSecrets(doc, new Date(Date.parse(rotated.endpoint.previousSecretUntil) + 1))).toEqual([rotated.secret]);
    upEndpoint = { id, secret: rotated.secret, receiver };
  });

  it('redelivers on request with the same delivery id (the receiver ignores it), logged as a redelivery; unknown ids are 404', async () => {
    const { id, receiver } = upEndpoint;
    const [target] = await deliveries(id);
    // One redelivery of a delivery at a time: the one the rotation asked for ends first.
    await temporal.client.workflow.getHandle(webhookOpenRedeliveryId(target!.id)).result();
    const before = receiver.seen.filter((s) => s.deliveryId === target!.id).length;
    const res = await seller.fetch(`/api/member/webhooks/${id}/deliveries/${target!.id}/redeliver`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(202);
    const { redelivery } = (await res.json()) as { redelivery: string };
    // The redelivery's workflow ends after its attempt is logged: its result, then the receiver and the log.
    expect(await temporal.client.workflow.getHandle(webhookOpenRedeliveryId(target!.id)).result()).toMatchObject({ state: 'delivered' });
    expect(receiver.seen.filter((s) => s.deliveryId === target!.id).length).toBeGreaterThan(before);
    expect(receiver.bodies.filter((b) => b.deliveryId === target!.id)).toHaveLength(1);
    const again = (await (await seller.fetch(`/api/member/webhooks/${id}/deliveries/${target!.id}`)).json()).delivery as DeliveryView;
    expect(again.attempts.filter((a) => a.redelivery === redelivery).map((a) => a.statusCode)).toContain(204);
    expect(again.state).toBe('delivered');

    expect((await seller.fetch(`/api/member/webhooks/${id}/deliveries/${id}.999999/redeliver`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await seller.fetch(`/api/member/webhooks/whe_nope/deliveries`)).status).toBe(404);
    // Removed: no longer listed, and no new deliveries.
    expect((await seller.fetch(`/api/member/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await (await seller.fetch('/api/member/webhooks')).json()).endpoints.map((e: { id: string }) => e.id)).not.toContain(id);
  });

  it('manages endpoints over /api/v1/webhooks with an API key (webhooks scope): Idempotency-Key on every POST, replays without the secret, v1 cursor pages, secret rotation', async () => {
    const keys = await ApiKeys.open(app.db.db!, { events: await eventsCollection(app.db) });
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'API contract signed');
    const key = (await keys.issueKey(seller.sellerId, { name: 'hooks', scopes: ['read', 'webhooks'] })).secret;
    const tradeOnly = (await keys.issueKey(seller.sellerId, { name: 'trade', scopes: ['trade'] })).secret;
    const v1 = (path: string, token: string | null, init: RequestInit & { idem?: string } = {}) => fetch(`${app.url}/api/v1/webhooks${path}`, {
      ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.idem ? { 'idempotency-key': init.idem } : {}) },
    });
    const count = async () => (await (await seller.fetch('/api/member/webhooks')).json()).endpoints.length as number;
    expect((await v1('', null)).status).toBe(401);
    expect((await v1('', tradeOnly)).status).toBe(403);
    const body = JSON.stringify({ url: 'https://hooks.example.com/coin-market', events: ['withdrawal:updated'] });
    const had = await count();
    // Every POST needs the key; refused, nothing registered.
    const noKey = await v1('', key, { method: 'POST', body });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).error.fields).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    const badUrl = await v1('', key, { method: 'POST', body: JSON.stringify({ url: 'ftp://example.com/x' }), idem: randomUUID() });
    expect(badUrl.status).toBe(400);
    expect((await badUrl.json()).error.fields).toEqual([{ field: 'url', message: WEBHOOK_URL_HTTP, code: 'WEBHOOK_URL_HTTP' }]);
    expect(await count()).toBe(had);

    const idem = randomUUID();
    const created = await v1('', key, { method: 'POST', body, idem });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const first = await created.json();
    const { endpoint, secret } = first;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/coin-market', events: ['withdrawal:updated'] });
    // The same request again: the same endpoint, no second one, and the secret is not repeated (it is never kept).
    const replay = await v1('', key, { method: 'POST', body, idem });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ endpoint, secret: null, secretNote: WEBHOOK_SECRET_NOT_REPLAYED });
    expect(await count()).toBe(had + 1);
    const reused = await v1('', key, { method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/other' }), idem });
    expect(reused.status).toBe(422);
    expect((await reused.json()).error.code).toBe('idempotency_key_reused');
    expect(await count()).toBe(had + 1);

    // The same endpoints whichever way the seller comes in.
    const listed = (await (await v1('', key)).json()).endpoints.map((e: { id: string }) => e.id);
    expect(listed).toContain(endpoint.id);
    expect((await (await seller.fetch('/api/member/webhooks')).json()).endpoints.map((e: { id: string }) => e.id)).toEqual(listed);
    expect((await (await v1(`/${endpoint.id}`, key)).json()).endpoint).toEqual(endpoint);

    // Rotation: a new secret once; a replay of the same key does not rotate again.
    const rotIdem = randomUUID();
    expect((await v1(`/${endpoint.id}/rotate-secret`, key, { method: 'POST' })).status).toBe(400);
    const rotated = await v1(`/${endpoint.id}/rotate-secret`, key, { method: 'POST', idem: rotIdem });
    expect(rotated.status).toBe(200);
    const r1 = await rotated.json();
    expect(r1.secret).toMatch(/^whsec_/);
    expect(r1.secret).not.toBe(secret);
    expect(r1.endpoint).toMatchObject({ id: endpoint.id, secretRotatedAt: expect.any(String), previousSecretUntil: expect.any(String) });
    const rotReplay = await v1(`/${endpoint.id}/rotate-secret`, key, { method: 'POST', idem: rotIdem });
    expect(await rotReplay.json()).toEqual({ endpoint: r1.endpoint, secret: null, secretNote: WEBHOOK_SECRET_NOT_REPLAYED });
    const endpoints = await WebhookEndpoints.open(app.db.db!, await SecretVault.open(app.db.db!, testKeyRing()));
    const doc = (await endpoints.byId(endpoint.id))!;
    expect(doc.generation).toBe(1);
    expect(await endpoints.signingSecrets(doc)).toEqual([r1.secret, secret]);
    // No secret rests in the kept answers.
    const kept = JSON.stringify(await app.db.db!.collection(IDEMPOTENCY_COLLECTION).find({}).toArray());
    for (const s of [secret, r1.secret]) expect(kept).not.toContain(s);

    expect((await v1(`/${endpoint.id}`, key, { method: 'DELETE' })).status).toBe(204);
    expect((await v1(`/${endpoint.id}`, key)).status).toBe(404);
    expect((await v1(`/${endpoint.id}/rotate-secret`, key, { method: 'POST', idem: randomUUID() })).status).toBe(404);

    // The delivery log pages by cursor as every v1 list does (the removed endpoint's log stays readable).
    const all = await deliveries(upEndpoint.id);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const p1 = await (await v1(`/${upEndpoint.id}/deliveries?limit=1`, key)).json();
    expect(p1.items.map((d: DeliveryView) => d.id)).toEqual([all[0]!.id]);
    expect(p1.nextCursor).toEqual(expect.any(String));
    const p2 = await (await v1(`/${upEndpoint.id}/deliveries?limit=100&cursor=${p1.nextCursor}`, key)).json();
    expect(p2.items.map((d: DeliveryView) => d.id)).toEqual(all.slice(1).map((d) => d.id));
    expect(p2.nextCursor).toBeNull();
    const badCursor = await v1(`/${upEndpoint.id}/deliveries?cursor=nonsense`, key);
    expect(badCursor.status).toBe(400);
    expect((await badCursor.json()).error.code).toBe('invalid_cursor');
    const one = await (await v1(`/${upEndpoint.id}/deliveries/${all[0]!.id}`, key)).json();
    expect(one.delivery).toMatchObject({ id: all[0]!.id, attempts: expect.any(Array) });
    // Redelivery of a removed endpoint's delivery is refused, and keyed like every POST.
    expect((await v1(`/${upEndpoint.id}/deliveries/${all[0]!.id}/redeliver`, key, { method: 'POST', idem: randomUUID() })).status).toBe(409);
  });

  it('lets one of several simultaneous rotations through per generation: every answered secret is the current or the previous one, the rest are refused', async () => {
    const { endpoint, secret } = await register('https://hooks.example.com/race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => seller.fetch(`/api/member/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', body: '{}' })));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(bodies.every((b) => b.status === 200 || (b.status === 409 && b.body.error.code === 'rotation_in_progress'))).toBe(true);
    const won = bodies.filter((b) => b.status === 200).map((b) => b.body.secret as string);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const endpoints = await WebhookEndpoints.open(app.db.db!, await SecretVault.open(app.db.db!, testKeyRing()));
    const doc = (await endpoints.byId(endpoint.id))!;
    // One generation per answered rotation, none for a refused one.
    expect(doc.generation).toBe(won.length);
    const signing = await endpoints.signingSecrets(doc);
    expect(signing).toHaveLength(2);
    expect(won).toContain(signing[0]);
    expect([secret, ...won]).toContain(signing[1]);
    expect(signing[1]).not.toBe(signing[0]);
  });

  it('bounds redeliveries: one open per delivery, at most 20 open per seller (clear refusals), a finished one frees its place; all on the webhook queue', async () => {
    let answer = 503;
    const hits: string[] = [];
    const receiver = createServer((req, res) => { hits.push(String(req.headers['coin-market-delivery'])); req.resume(); res.writeHead(answer).end(); });
    const port = await listen(receiver);
    servers.push(receiver);
    const { endpoint } = await register(`http://127.0.0.1:${port}/flaky`);
    const feed = await SellerFeed.open(app.db.db!);
    const store = await WebhookDeliveries.open(app.db.db!);
    const ids: string[] = [];
    for (let i = 0; i <= MAX_OPEN_REDELIVERIES; i++) {
      const { event } = await feed.append({ sellerId: seller.sellerId, type: 'comfort-run:updated', subject: `bounded-${i}`, data: { runId: `bounded-${i}`, status: 'paid', version: 1 } } as never);
      const id = deliveryIdOf(endpoint.id, event.position);
      await store.create({ _id: id, endpointId: endpoint.id, sellerId: seller.sellerId, position: event.position, type: 'comfort-run:updated', subject: event.subject, state: 'delivered', createdAt: new Date(), deliveredAt: new Date() });
      ids.push(id);
    }
    const redeliver = (id: string) => seller.fetch(`/api/member/webhooks/${endpoint.id}/deliveries/${id}/redeliver`, { method: 'POST', body: '{}' });

    expect((await redeliver(ids[0]!)).status).toBe(202);
    // The same delivery again while its redelivery still tries: refused, nothing started.
    const again = await redeliver(ids[0]!);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'redelivery_in_progress', message: REDELIVERY_IN_PROGRESS });
    const handle = temporal.client.workflow.getHandle(webhookOpenRedeliveryId(ids[0]!));
    expect((await handle.describe()).taskQueue).toBe(webhookTaskQueue(queue));

    for (const id of ids.slice(1, MAX_OPEN_REDELIVERIES)) expect((await redeliver(id)).status).toBe(202);
    const over = await redeliver(ids[MAX_OPEN_REDELIVERIES]!);
    expect(over.status).toBe(429);
    expect((await over.json()).error).toMatchObject({ code: 'too_many_redeliveries', message: TOO_MANY_REDELIVERIES });

    // The receiver recovers: the redeliveries end delivered and give their places back.
    answer = 204;
    // An ended redelivery gives its place back before its workflow returns: its result, then the place is free.
    expect(await handle.result()).toMatchObject({ state: 'delivered' });
    expect((await redeliver(ids[MAX_OPEN_REDELIVERIES]!)).status).toBe(202);
    // A closed redelivery may be followed by another of the same delivery.
    expect((await redeliver(ids[0]!)).status).toBe(202);
    await eventually(async () => hits.filter((h) => h === ids[0]).length >= 3, 20_000, 'the second redelivery of the first delivery');
  });

  it('runs webhook dispatches and deliveries on their own task queue, beside the runs\' queue', async () => {
    const { id } = upEndpoint;
    const [latest] = await deliveries(id);
    expect(latest).toBeDefined();
    const dispatcher = await temporal.client.workflow.getHandle(webhookDispatcherWorkflowId(seller.sellerId)).describe();
    expect(dispatcher.taskQueue).toBe(webhookTaskQueue(queue));
  });

  it('ends a delivery as expired after its retry horizon, and as cancelled when the endpoint is removed', async () => {
    const deliveries = await WebhookDeliveries.open(app.db.db!);
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    const deliveryTo = async (path: string) => {
      const { endpoint } = await register(`http://127.0.0.1:${port}/${path}`);
      const deliveryId = deliveryIdOf(endpoint.id, 1);
      await deliveries.create({ _id: deliveryId, endpointId: endpoint.id, sellerId: seller.sellerId, position: 1, type: 'comfort-run:updated', subject: 'x', state: 'pending', createdAt: new Date(), deliveredAt: null });
      return { endpoint, deliveryId, handle: temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)) };
    };
    // Nobody ever listens; the horizon is 600 ms instead of three days.
    const short = await deliveryTo('never');
    await startDelivery({ client: temporal.client, taskQueue: webhookTaskQueue(queue), policy: { initialMs: 100, factor: 2, maxMs: 200, horizonMs: 600, attemptTimeoutMs: 1_000 } }, { deliveryId: short.deliveryId, sellerId: seller.sellerId });
    const expired = await short.handle.result();
    expect(expired.state).toBe('expired');
    const log = (await (await seller.fetch(`/api/member/webhooks/${short.endpoint.id}/deliveries/${short.deliveryId}`)).json()).delivery as DeliveryView;
    expect(log.state).toBe('expired');
    expect(log.attempts).toHaveLength(expired.attempts);
    expect(log.attempts.every((a) => a.error === 'ECONNREFUSED')).toBe(true);
    await recordHistory(short.handle, 'webhook-delivery--expired');

    const removed = await deliveryTo('removed');
    await startDelivery({ client: temporal.client, taskQueue: webhookTaskQueue(queue), policy: FAST_POLICY }, { deliveryId: removed.deliveryId, sellerId: seller.sellerId });
    await eventually(async () => (await deliveries.log(seller.sellerId, removed.endpoint.id))[0]?.attempts.length, 20_000, 'a failed attempt');
    expect((await seller.fetch(`/api/member/webhooks/${removed.endpoint.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await removed.handle.result()).state).toBe('cancelled');
    expect((await deliveries.log(seller.sellerId, removed.endpoint.id))[0]!.state).toBe('cancelled');
    await recordHistory(removed.handle, 'webhook-delivery--cancelled');
  });

  describe('a channel set up with a stolen webhooks-scope key ends with the key (issue 27, finding 2)', () => {
    /** A receiver that records every request it gets: the thief's, or the owner's own witness. */
    const recorder = async () => {
      const bodies: Delivery[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => { bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery); res.writeHead(204).end(); });
      });
      const port = await listen(server);
      servers.push(server);
      return { url: `http://127.0.0.1:${port}/hook`, bodies };
    };
    const entries = async (s: SignedInSeller, kind: string): Promise<NotificationView[]> =>
      ((await (await s.fetch('/api/notifications?limit=100')).json()) as NotificationPage).items.filter((n) => n.kind === kind);
    /** The owner's mail whose text says all of `words`, once it is there. */
    const mailSaying = (to: string, ...words: string[]) =>
      eventually(async () => (await mailsTo(to)).find((m) => words.every((w) => m.text.includes(w))), 15_000, `a mail to ${to} saying ${words.join(' … ')}`);
    const v1 = (token: string, path: string, init: RequestInit = {}) => fetch(`${app.url}/api/v1/webhooks${path}`, {
      ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    });

    /**
     * An owner with a payout method, API access and a `webhooks` key "Shop bot" (the thief holds its
     * secret), a witness endpoint of their own registered in Settings, and the thief's endpoint
     * registered with the key.
     */
    const ownerAndThief = async () => {
      const owner = await createProvenSeller(app);
      await reauthenticate(owner);
      expect((await owner.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: owner.password }) })).status).toBe(200);
      const keys = await ApiKeys.open(app.db.db!, { events: await eventsCollection(app.db) });
      await keys.enableApiAccess(owner.sellerId, 'support:test', 'API contract signed');
      const issued = await keys.issueKey(owner.sellerId, { name: 'Shop bot', scopes: ['read', 'webhooks'] });
      const witness = await recorder();
      const own = await owner.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: witness.url, description: 'mine' }) });
      expect(own.status).toBe(201);
      const thief = await recorder();
      const made = await v1(issued.secret, '', { method: 'POST', body: JSON.stringify({ url: thief.url, description: 'mine too' }) });
      expect(made.status).toBe(201);
      const { endpoint } = (await made.json()) as { endpoint: { id: string } };
      return { owner, keys, key: issued.key, secret: issued.secret, witness, thief, thiefEndpoint: endpoint.id };
    };
    /**
     * The owner's next comfort run, to its last status: every status reaches the owner's own endpoint
     * (the authoritative end of its dispatches), and none reaches the thief's.
     */
    const nextRunMissesThief = async (w: Awaited<ReturnType<typeof ownerAndThief>>) => {
      const run = await submit(w.owner, submission());
      await runWhere(w.owner, run.runId, (r) => r.status === 'paid', 'run paid');
      await eventually(async () => w.witness.bodies.some((b) => b.subject === run.runId && b.data.status === 'paid'), 30_000, 'the paid status at the owner\'s endpoint');
      expect(w.thief.bodies.filter((b) => b.subject === run.runId)).toEqual([]);
      expect(JSON.stringify(w.thief.bodies)).not.toContain(run.runId);
    };
    /** The thief's endpoint is gone for the owner, and the owner was told why (mail and in-app entry naming its URL). */
    const goneAndTold = async (w: Awaited<ReturnType<typeof ownerAndThief>>, bodyCode: string, because: string) => {
      const listed = (await (await w.owner.fetch('/api/member/webhooks')).json()).endpoints.map((e: { id: string }) => e.id);
      expect(listed).not.toContain(w.thiefEndpoint);
      expect(listed).toHaveLength(1);
      expect((await w.owner.fetch(`/api/member/webhooks/${w.thiefEndpoint}`)).status).toBe(404);
      const mail = await mailSaying(w.owner.email, `The webhook endpoint ${w.thief.url} was removed`, because);
      expect(mail.text).toContain(`${app.url}/member/my-info#info-webhooks`);
      expect(`${mail.text}${mail.html ?? ''}`).not.toContain(w.secret.slice(-20));
      expect((await entries(w.owner, 'api_key_revoked')).filter((n) => n.bodyCode === bodyCode))
        .toEqual([expect.objectContaining({ params: expect.objectContaining({ url: w.thief.url }), link: '/member/my-info#info-webhooks' })]);
    };

    it('registering and re-keying an endpoint with an API key tells the owner by mail and in the app, as Settings does', async () => {
      const w = await ownerAndThief();
      const registered = await mailSaying(w.owner.email, `A webhook endpoint was registered for ${w.thief.url}`);
      expect(registered.subject).toBe('A new secret was issued');
      expect(registered.text).toContain('choose to revoke API keys and remove webhooks');
      expect(registered.text).toContain(`${app.url}/member/my-info#info-webhooks`);
      const rotated = await v1(w.secret, `/${w.thiefEndpoint}/rotate-secret`, { method: 'POST' });
      expect(rotated.status).toBe(200);
      const { secret } = (await rotated.json()) as { secret: string };
      const mail = await mailSaying(w.owner.email, `The signing secret of the webhook endpoint ${w.thief.url} was rotated`);
      expect(`${mail.text}${mail.html ?? ''}`).not.toContain(secret.slice(-20));
      const told = (await entries(w.owner, 'api_key_issued')).filter((n) => n.params.url === w.thief.url);
      expect(told.map((n) => [n.bodyCode, n.link]).sort()).toEqual([
        ['api_key_issued.webhook_registered', '/member/my-info#info-webhooks'], ['api_key_issued.webhook_rotated', '/member/my-info#info-webhooks'],
      ]);
    });

    it('revoking the key removes the endpoints it registered (the owner is told) and the owner\'s next run reaches only the owner\'s endpoint', async () => {
      const w = await ownerAndThief();
      expect((await w.owner.fetch(`/api/member/api-keys/${w.key.keyId}/revoke`, { method: 'POST', body: '{}' })).status).toBe(200);
      await goneAndTold(w, 'api_key_revoked.webhook_removed', `the API key "Shop bot" (${w.key.prefix}_…) that registered it was revoked`);
      await nextRunMissesThief(w);
    });

    it('rotating the key removes the endpoints its old secret registered (the owner is told); the next run misses the thief', async () => {
      const w = await ownerAndThief();
      const res = await w.owner.fetch(`/api/member/api-keys/${w.key.keyId}/rotate`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(200);
      await goneAndTold(w, 'api_key_revoked.webhook_removed_rotated', `the API key "Shop bot" (${w.key.prefix}_…) that registered it was rotated`);
      // The new secret is the owner's: an endpoint it registers stays.
      const fresh = await v1(((await res.json()) as { secret: string }).secret, '', { method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/after-rotation' }) });
      expect(fresh.status).toBe(201);
      expect((await (await w.owner.fetch('/api/member/webhooks')).json()).endpoints).toHaveLength(2);
      await nextRunMissesThief(w);
    });

    it('support disabling API access removes every endpoint a key registered (the owner is told); the next run misses the thief; enabling again brings none back', async () => {
      const w = await ownerAndThief();
      const env = {
        MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY,
        SMTP_URL: inject('smtpUrl'), PUBLIC_URL: app.url,
      };
      const support = async (args: string[]) => {
        let err = '';
        expect(await supportTool(args, env, { log: () => undefined, error: (t) => { err += t; } })).toBe(0);
        expect(err).toBe('');
      };
      await support(['api', 'disable', w.owner.email, '--by', 'Dana (support)', '--why', 'key leaked']);
      await goneAndTold(w, 'api_key_revoked.webhook_removed_access_off', 'it was registered with an API key and API access was turned off for your account');
      await support(['api', 'enable', w.owner.email, '--by', 'Dana (support)', '--why', 'new contract']);
      await nextRunMissesThief(w);
    });

    it('a revocation that stopped after the key\'s change (the endpoints not yet removed): nothing more reaches the thief, a queued delivery ends cancelled, and revoking again removes the endpoint and tells', async () => {
      const w = await ownerAndThief();
      // A delivery to the thief's endpoint already queued (its receiver failed the first attempt).
      const { event } = await (await SellerFeed.open(app.db.db!)).append({ sellerId: w.owner.sellerId, type: 'comfort-run:updated', subject: 'queued', data: { runId: 'queued', status: 'paid', version: 1 } } as never);
      const deliveryId = deliveryIdOf(w.thiefEndpoint, event.position);
      await (await WebhookDeliveries.open(app.db.db!)).create({
        _id: deliveryId, endpointId: w.thiefEndpoint, sellerId: w.owner.sellerId, position: event.position, type: 'comfort-run:updated', subject: event.subject, state: 'pending', createdAt: new Date(), deliveredAt: null,
      });
      // The key's change alone, as a replica that died right after it leaves it.
      await w.keys.revokeKey(w.owner.sellerId, w.key.keyId);
      await startDelivery({ client: temporal.client, taskQueue: webhookTaskQueue(queue), policy: FAST_POLICY }, { deliveryId, sellerId: w.owner.sellerId });
      expect((await temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)).result()).state).toBe('cancelled');
      await nextRunMissesThief(w);
      expect(w.thief.bodies).toEqual([]);
      // The owner (or a retry) revokes again: the removal is finished and told once.
      expect((await w.owner.fetch(`/api/member/api-keys/${w.key.keyId}/revoke`, { method: 'POST', body: '{}' })).status).toBe(200);
      await goneAndTold(w, 'api_key_revoked.webhook_removed', `the API key "Shop bot" (${w.key.prefix}_…) that registered it was revoked`);
      expect((await w.owner.fetch(`/api/member/api-keys/${w.key.keyId}/revoke`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect((await entries(w.owner, 'api_key_revoked')).filter((n) => n.bodyCode === 'api_key_revoked.webhook_removed')).toHaveLength(1);
    });
  });
});
