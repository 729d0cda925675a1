import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvenSeller } from '../support/proven.js';
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

  it('refuses 51 rows and starts every one of 50 as its own run', { timeout: 240_000 }, async () => {
    const seller = await createProvenSeller(app);
    await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller' , currentPassword: seller.password }) });
    const tooMany = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csvOf(51) });
    expect(tooMany.status).toBe(400);
    // The page translates the refusal by its code; the words stay the API's English for other clients.
    expect((await tooMany.json()).error).toMatchObject({ code: 'batch_too_large', message: BATCH_TOO_LARGE });
    expect(sim.transfers.orders.size).toBe(0);

    const res = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csvOf(50) });
    expect(res.status).toBe(201);
    const runs = ((await res.json()) as { runs: ComfortRunView[] }).runs;
    expect(new Set(runs.map((r) => r.runId)).size).toBe(50);
    // Every row is its own order at the provider, with its own login details.
    await eventually(async () => sim.transfers.orders.size === 50, 180_000, 'all 50 orders at the provider');
    expect(new Set([...sim.transfers.orders.values()].map((o) => o.email)).size).toBe(50);
    const list = await (await seller.fetch('/api/comfort-trade/runs?size=50')).json();
    expect(list.total).toBe(50);
    const first = await eventually(async () => { const r = await readRun(seller, runs[0]!.runId); return r.coinsTransferred > 0 ? r : null; }, 180_000, 'a batch run moving');
    expect(first.originEmail).toBe(runs[0]!.originEmail);
  });
});
