/**
 * Temporal that stops answering (paused, deadlocked, cut off) makes the API say so instead of
 * holding the seller's request for good: a submission answers "try again" after the call's
 * deadline, /ready names Temporal, and the seller's retry of the same request starts the run it
 * recorded once Temporal answers again; the run ends Paid.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TRY_AGAIN } from '../../domain/messages.js';
import { startTestApp } from '../support/app.js';
import { startFreezableProxy, type FreezableProxy } from '../support/freezable-proxy.js';
import { createProvenSeller } from '../support/proven.js';
import { uniqueQueue } from '../support/servers.js';
import type { SignedInSeller } from '../support/sellers.js';
import { FAST_COMFORT, runWhere, startComfortWorker, startTransferSimulator, submission } from '../support/comfort.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';

const DEADLINE_MS = 1_500;

describe('Temporal that stops answering', () => {
  const queue = uniqueQueue('temporal-deadline');
  let proxy: FreezableProxy;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  let seller: SignedInSeller;

  beforeAll(async () => {
    const [host, port] = inject('temporalAddress').split(':');
    const p = await startFreezableProxy(host!, Number(port));
    proxy = p;
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, {
      comfortTrade: { taskQueue: queue, timings: FAST_COMFORT },
      temporal: { address: `127.0.0.1:${p.port}`, callMs: DEADLINE_MS, updateMs: DEADLINE_MS },
    });
    // The worker reaches Temporal directly: only the API's calls meet the silence.
    worker = await startComfortWorker(app.db, queue, sim.url);
    seller = await createProvenSeller(app);
    const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    proxy?.thaw();
    await worker?.shutdown();
    await app?.close();
    await proxy?.close();
    await sim?.close();
  });

  /** The answer to a submission, which must come within `withinMs` (the request is dropped at that deadline and the test fails). */
  const timedSubmit = async (body: Record<string, unknown>, withinMs = 30_000) => {
    try {
      const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(withinMs) });
      return { status: res.status, body: (await res.json()) as { run?: { runId: string }; error?: unknown } };
    } catch (err) {
      throw new Error(`submission: no answer within ${withinMs} ms (${String(err)})`);
    }
  };
  const ready = async () => (await (await fetch(`${app.url}/ready`, { signal: AbortSignal.timeout(30_000) })).json()) as Record<string, string>;

  it('answers a submission "try again" after the deadline, and the retry starts the recorded run once Temporal answers', async () => {
    const body = { ...submission(), requestId: `hang-${Date.now()}` };
    proxy.freeze();
    // One deadline (a call that meets silence is not retried), plus the records written before it, on a loaded machine.
    const refused = await timedSubmit(body, DEADLINE_MS + 5_000);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'unavailable', message: TRY_AGAIN, fields: [] } });
    expect(await ready()).toMatchObject({ status: 'not ready', temporal: 'down' });

    proxy.thaw();
    await expect.poll(ready, { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'ready' });
    const retried = await timedSubmit(body);
    // The first request recorded the run before its start met the silence: the retry answers that run and starts it.
    expect(retried.status).toBe(200);
    const runId = retried.body.run!.runId;
    const paid = await runWhere(seller, runId, (r) => r.status === 'paid', 'paid');
    expect(paid.coinsTransferred).toBe(200_000);
  });
});
