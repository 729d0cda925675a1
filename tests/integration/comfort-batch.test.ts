import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_COLUMNS, BATCH_TOO_LARGE, type ComfortRunView } from '../../domain/comfort-trade.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { FAST_COMFORT, freshCodes, gameEmail, readRun, startComfortWorker, startTransferSimulator } from '../support/comfort.js';
import { eventually } from '../support/servers.js';

const csvOf = (n: number) => [BATCH_COLUMNS.join(','), ...Array.from({ length: n }, (_, i) =>
  [i % 2 ? 'xbox' : 'ps', '100000', '24h', gameEmail(`b${i}`), 'Pw-12345', ...freshCodes(), ''].join(','))].join('\n');

describe('a batch file of 50 accounts', () => {
  const queue = uniqueQueue('comfort-batch');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  beforeAll(async () => {
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    worker = await startComfortWorker(app.db, queue, sim.url);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  it('refuses 51 rows and starts every one of 50 as its own run, each paid', { timeout: 240_000 }, async () => {
    const seller = await createSignedInSeller(app);
    await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller' }) });
    const tooMany = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csvOf(51) });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.message).toBe(BATCH_TOO_LARGE);
    expect(sim.transfers.orders.size).toBe(0);

    const res = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csvOf(50) });
    expect(res.status).toBe(201);
    const runs = ((await res.json()) as { runs: ComfortRunView[] }).runs;
    expect(new Set(runs.map((r) => r.runId)).size).toBe(50);
    await eventually(async () => {
      const all = await Promise.all(runs.map((r) => readRun(seller, r.runId)));
      return all.every((r) => r.status === 'paid') ? all : null;
    }, 180_000, 'all 50 paid');
    const list = await (await seller.fetch('/api/comfort-trade/runs?status=paid&size=50')).json();
    expect(list.total).toBe(50);
    expect(sim.transfers.orders.size).toBe(50);
  });
});
