/**
 * An `Idempotency-Key` claim is a lease the running request renews (api/v1/idempotency.ts): a request
 * slower than the lease keeps its key, so its retry is told 409 however long it runs, and is answered
 * with the first answer once that is kept. A dead request stops renewing, so its retry is taken once
 * the lease lapses (api-v1.test.ts and withdrawal-claim-kill.test.ts take over a lapsed claim).
 * A 429 is never kept: its retry after the wait runs the request. Short lease and renewal times
 * here; production's are 20 s and 5 s.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import { IDEMPOTENCY_COLLECTION, IdempotencyStore } from '../../api/v1/idempotency.js';
import { testDatabase } from '../support/servers.js';

const LEASE_MS = 600;
const RENEW_MS = 150;

type Store = Awaited<ReturnType<typeof IdempotencyStore.open>>;

/**
 * A Fastify app guarded as v1 guards it (the key's seller owns the Idempotency-Key, `begin` before the
 * handler, `finish` on send), over a database of its own, with the routes `routes` adds; listening.
 */
async function harness(name: string, options: Parameters<typeof IdempotencyStore.open>[1], registry: Registry | undefined, routes: (app: FastifyInstance, guard: { preHandler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> }) => void) {
  const dbh = await testDatabase(name);
  const store: Store = await IdempotencyStore.open(dbh.db.db!, options, registry);
  const app = Fastify();
  app.addHook('onRequest', async (req) => { req.apiKey = { sellerId: 'seller-1', keyId: 'k', scopes: [], revision: 1 }; });
  app.addHook('onSend', async (req, reply, payload) => { await store.finish(req, reply, payload); return payload; });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof DomainError && err.kind === 'conflict') return reply.code(409).send({ error: { code: err.code, data: err.data } });
    if (err instanceof DomainError && err.kind === 'rate_limited') return reply.code(429).send({ error: { code: err.code } });
    return reply.code(500).send({ error: { code: 'internal', message: String(err) } });
  });
  routes(app, { preHandler: (req, reply) => store.begin(req, reply) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  /** POSTs `body` to `path` under `key`. */
  const send = (path: string, key: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
  return { dbh, app, send, close: async () => { await app.close(); await dbh.drop(); } };
}

describe('an Idempotency-Key claim held by a request slower than its lease', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  let release: () => void = () => undefined;
  let runs = 0;
  let waiting = true;

  beforeAll(async () => {
    h = await harness('idem', { leaseMs: LEASE_MS, renewMs: RENEW_MS }, undefined, (app, guard) => {
      app.post('/slow', guard, async () => {
        runs++;
        await new Promise<void>((r) => { release = r; });
        return { done: runs };
      });
      // Refused while a wait runs (as a resend wait or a rate limit refuses), served after it.
      app.post('/waits', guard, async () => {
        if (waiting) throw new DomainError('rate_limited', 'resend_wait', 'Please wait 60 seconds before requesting another email');
        return { sent: true };
      });
    });
  });
  afterAll(async () => {
    release();
    await h?.close();
  });

  it('keeps the key while the request runs (409 to its retry), then replays its answer; the handler runs once', async () => {
    const send = () => h.send('/slow', 'key-1', { a: 1 });
    const first = send();
    const claims = h.dbh.db.db!.collection<{ _id: string; state: string; pendingUntil: Date }>(IDEMPOTENCY_COLLECTION);
    await expect.poll(() => claims.findOne({ _id: 'seller-1:key-1' })).toBeTruthy();
    const claimed = await claims.findOne({ _id: 'seller-1:key-1' });
    const firstLeaseEnd = claimed!.pendingUntil.getTime();

    // The running request renewed its claim past the lease it took (on the code before, the claim kept its first time).
    await expect.poll(async () => (await claims.findOne({ _id: 'seller-1:key-1' }))!.pendingUntil.getTime(), { timeout: 10_000 })
      .toBeGreaterThan(firstLeaseEnd + LEASE_MS);
    // The first lease is over, and the retry is still told to wait: the request is alive.
    expect(Date.now()).toBeGreaterThan(firstLeaseEnd);
    const retry = await send();
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: { code: 'idempotency_in_progress', data: { retryAt: expect.any(Number) } } });

    release();
    const answer = await first;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: 1 });
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ done: 1 });
    expect(runs).toBe(1);
    expect((await claims.findOne({ _id: 'seller-1:key-1' }))!.state).toBe('done');
  });
  it('does not keep a 429: the same request retried with the same key after the wait is served', async () => {
    const send = () => h.send('/waits', 'key-2', { a: 2 });
    const refused = await send();
    expect(refused.status).toBe(429);
    waiting = false;
    // On the code before, this retry got the kept 429 back (idempotent-replayed), and every later one too.
    const served = await send();
    expect(served.status).toBe(200);
    expect(served.headers.get('idempotent-replayed')).toBeNull();
    expect(await served.json()).toEqual({ sent: true });
    // That answer is kept: a retry of it is the replay.
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ sent: true });
  });
});

describe('an Idempotency-Key claim held past CLAIM_HOLD_MS (a stuck handler)', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  const registry = new Registry();
  const releases: (() => void)[] = [];
  let runs = 0;

  beforeAll(async () => {
    // Production holds 10 minutes with a 20 s lease; here a claim is let go after 1 s.
    h = await harness('idem-hold', { leaseMs: LEASE_MS, renewMs: RENEW_MS, holdMs: 1_000 }, registry, (app, guard) => {
      // The first run hangs until the test lets it go; a later run answers at once.
      app.post('/stuck', guard, async () => {
        const run = ++runs;
        if (run === 1) await new Promise<void>((r) => releases.push(r));
        return { run };
      });
    });
  });
  afterAll(async () => {
    for (const r of releases) r();
    await h?.close();
  });

  it("lets the claim go, so the retry runs the request; the stuck run's late answer does not replace the retry's", async () => {
    const send = () => h.send('/stuck', 'key-3', { a: 3 });
    const stuck = send();
    await expect.poll(() => runs).toBe(1);
    // Told to wait while the claim is held; once it is let go and its lease lapses, the retry runs.
    // On the code before, every retry got 409 for as long as the stuck request ran.
    await expect.poll(async () => (await send()).status, { timeout: 15_000 }).toBe(200);
    expect(runs).toBe(2);
    const counted = await registry.getSingleMetricAsString('coinmarket_idempotency_claims_let_go_total');
    expect(counted).toMatch(/coinmarket_idempotency_claims_let_go_total 1$/m);

    // The stuck run ends after all: its answer reaches its own client, and the key keeps the retry's.
    releases[0]!();
    expect(await (await stuck).json()).toEqual({ run: 1 });
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ run: 2 });
  });
});
