import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ComfortRunView } from '../../domain/comfort-trade.js';
import { comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { startTestApp } from '../support/app.js';
import { createProvenSeller } from '../support/proven.js';
import { testKeyRing } from '../support/secrets.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { FAST_COMFORT, readRun, runWhere, startComfortWorker, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';

/**
 * The provider's messages reach a run by polling its order (docs/provider-contract.md): every poll
 * delivers the same snapshot again, and the simulator can answer a poll with an older snapshot
 * (a late message). Neither may change coins, chunks, status or the credit.
 */
describe('a provider message delivered twice or out of order changes nothing', () => {
  const queue = uniqueQueue('comfort-msg');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let seller: SignedInSeller;

  beforeAll(async () => {
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    worker = await startComfortWorker(app.db, queue, sim.url);
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    seller = await createProvenSeller(app);
    const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller', currentPassword: seller.password }) });
    expect(res.status).toBe(200);
    // Orders move only when this test pushes them.
    await steerTransfer(sim.url, 'settings', { auto: false });
  });
  afterAll(async () => {
    await worker?.shutdown();
    await temporal?.connection.close();
    await app?.close();
    await sim?.close();
  });

  const order = (id: string, body: Record<string, unknown>) => steerTransfer(sim.url, `orders/${id}`, body);
  const eventsOf = async (id: string) => (await (await seller.fetch(`/api/comfort-trade/runs/${id}/record.csv`)).text()).trim().split('\r\n').length;
  /** What a seller sees of a run: any change of these would be a message applied twice or late. */
  const seen = (r: ComfortRunView) => ({ status: r.status, subState: r.subState, coins: r.coinsTransferred, success: r.successCount, total: r.totalCount, credited: r.creditedCents, version: r.version });
  /** Lets the run's watcher read the order `n` more times (each read delivers the current snapshot again). */
  const polls = async (n: number) => { const from = sim.transfers.calls.get; await eventually(async () => sim.transfers.calls.get >= from + n, 30_000, `${n} more polls`); };
  /** Answers the next poll of the order with an older snapshot and waits until the run's watcher read it. */
  const deliverLate = async (id: string) => {
    await order(id, { action: 'stale' });
    await eventually(async () => sim.transfers.orders.get(id)!.staleNext === false, 30_000, 'the late snapshot read');
  };

  it('ignores a repeated and a late progress message; the credit is that of the coins moved, once', async () => {
    const run = await submit(seller, submission({ coinAmount: 200_000 }));
    await eventually(async () => sim.transfers.orders.has(run.runId), 30_000, 'the order at the provider');
    await order(run.runId, { action: 'push' });
    await runWhere(seller, run.runId, (r) => r.coinsTransferred === 50_000, 'first chunk');
    await order(run.runId, { action: 'push' });
    const after2 = await runWhere(seller, run.runId, (r) => r.coinsTransferred === 100_000, 'second chunk');
    expect(after2).toMatchObject({ status: 'transferring', successCount: 2, totalCount: 4 });
    const events = await eventsOf(run.runId);

    // The same snapshot, read again and again.
    await polls(10);
    // A message from before the chunks (0 coins) arriving after them.
    await deliverLate(run.runId);
    await polls(5);
    expect(seen(await readRun(seller, run.runId))).toEqual(seen(after2));
    expect(await eventsOf(run.runId)).toBe(events);

    await order(run.runId, { action: 'complete' });
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid');
    expect(paid).toMatchObject({ coinsTransferred: 200_000, successCount: 4, totalCount: 4, creditedCents: paid.estimatedIncomeCents });
    const wallets = await Wallets.open(app.db.db!);
    expect((await wallets.ledger.find({ ref: run.runId }).toArray()).map((e) => e.kind)).toEqual(['comfort_credit_frozen', 'comfort_review_released']);
  });

  it('does not fall back into an error when the error message arrives again after support retried', async () => {
    const run = await submit(seller, submission({ coinAmount: 200_000 }));
    await eventually(async () => sim.transfers.orders.has(run.runId), 30_000, 'the order at the provider');
    await order(run.runId, { action: 'push' });
    await runWhere(seller, run.runId, (r) => r.coinsTransferred === 50_000, 'first chunk');
    await order(run.runId, { action: 'raise', error: 'customer_online' });
    await runWhere(seller, run.runId, (r) => r.subState === 'customer_online', 'Customer Online');
    await temporal.client.workflow.getHandle(comfortRunWorkflowId(run.runId))
      .executeUpdate('retry', { args: [{ by: 'agent-ann', reason: 'the seller logged out' }] });
    await eventually(async () => sim.transfers.orders.get(run.runId)!.state === 'transferring', 30_000, 'the order resumed');
    await order(run.runId, { action: 'push' });
    const moving = await runWhere(seller, run.runId, (r) => r.coinsTransferred === 100_000, 'moving again after the retry');
    expect(moving).toMatchObject({ status: 'transferring', subState: 'none', successCount: 2 });

    // The provider's older "Customer Online" snapshot is delivered once more, after the newer ones.
    await deliverLate(run.runId);
    await polls(5);
    expect(seen(await readRun(seller, run.runId))).toEqual(seen(moving));

    await order(run.runId, { action: 'complete' });
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid');
    expect(paid).toMatchObject({ coinsTransferred: 200_000, successCount: 4, totalCount: 4, creditedCents: paid.estimatedIncomeCents });
  });
});
