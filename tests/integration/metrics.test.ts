/**
 * Issue 31: the API's and the worker's metrics move by exactly what happened. A real API (its
 * registry served on a port of its own, as api/main.ts does) and a real worker (startWorkerMetrics,
 * as workers/main.ts does) are scraped over HTTP before and after a player purchase verified and
 * credited, and a withdrawal held at the provider and then paid. Every wait is on the authoritative
 * end: the workflow's result, then its record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY, playerPurchaseWorkflowId, type ListedCard, type PurchaseStatus } from '../../domain/player-trade.js';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { recordBackup } from '../../infra/backup/backup-log.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { createRegistry } from '../../infra/metrics/registry.js';
import { serveMetrics, type MetricsServer } from '../../infra/metrics/server.js';
import { startWorkerMetrics } from '../../workers/metrics.js';
import { buyOnSimulator, FAST_VERIFY, syncFromSimulator } from '../support/player-trade.js';
import { eventually, testLogger, uniqueQueue } from '../support/servers.js';
import { scrape } from '../support/metrics.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

const LOOPBACK = { port: 0, host: '127.0.0.1' };
const HTTP = 'coinmarket_http_request_duration_seconds_count';

describe('metrics (issue 31)', () => {
  let w: WithdrawalWorld;
  let apiMetrics: MetricsServer;
  let workerMetrics: Awaited<ReturnType<typeof startWorkerMetrics>>;
  let worker: Awaited<ReturnType<WithdrawalWorld['startWorker']>>;
  const apiRegistry = createRegistry();

  beforeAll(async () => {
    const taskQueue = uniqueQueue('metrics');
    w = await startWithdrawalWorld({
      worker: false, taskQueue,
      app: {
        metrics: apiRegistry,
        playerTrade: {
          taskQueue, timings: { buyWindowMs: 30_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 },
          verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, listMaxAgeMs: 0,
        },
      },
    });
    apiMetrics = await serveMetrics(apiRegistry, LOOPBACK, testLogger());
    // No cache between scrapes here: each scrape must read the records as they are now.
    workerMetrics = await startWorkerMetrics(w.app.db.db!, LOOPBACK, testLogger(), { ttlMs: 0 });
    worker = await w.startWorker({ market: createMarketGateway({ baseUrl: w.simUrl, timeoutMs: 2_000 }), counters: workerMetrics.counters });
    await syncFromSimulator(w.app.db, w.simUrl);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await workerMetrics?.close();
    await apiMetrics?.close();
    await w?.close();
  });

  it('a verified purchase: purchases credited +1, each route called once more, the live feed measured', async () => {
    const s = await sellerWithMoney(w, 0);
    const card = ((await (await s.fetch('/api/player-trade/cards?size=1')).json()) as { items: ListedCard[] }).items[0]!;
    const acc = (await (await s.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'Metrics-1' }) })).json()) as { account: { id: string } };
    const [api0, wk0] = [await scrape(apiMetrics.url), await scrape(workerMetrics.url)];

    const picked = await s.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: acc.account.id }) });
    expect(picked.status).toBe(201);
    const { purchaseId } = ((await picked.json()) as { purchase: PurchaseStatus }).purchase;
    await buyOnSimulator(w.simUrl, card.id, card.platform, 'Metrics-1');
    expect((await s.fetch(`/api/player-trade/purchases/${purchaseId}/bought`, { method: 'POST' })).status).toBe(200);
    const final = (await w.temporal.client.workflow.getHandle(playerPurchaseWorkflowId(purchaseId)).result()) as PurchaseStatus;
    expect(final.state).toBe('available');
    const rec = (await (await s.fetch(`/api/player-trade/purchases/${purchaseId}`)).json()) as { purchase: PurchaseStatus };
    expect(rec.purchase.state).toBe('available');

    const [api1, wk1] = [await scrape(apiMetrics.url), await scrape(workerMetrics.url)];
    expect(wk1.value('coinmarket_purchases_credited_total') - wk0.value('coinmarket_purchases_credited_total')).toBe(1);
    expect(wk1.value('coinmarket_withdrawals_requested_total') - wk0.value('coinmarket_withdrawals_requested_total')).toBe(0);
    // By route pattern, never the raw URL (which holds the purchase id).
    const route = (method: string, r: string, status: string) => api1.value(HTTP, { method, route: r, status }) - api0.value(HTTP, { method, route: r, status });
    expect(route('POST', '/api/player-trade/picks', '201')).toBe(1);
    expect(route('POST', '/api/player-trade/purchases/:id/bought', '200')).toBe(1);
    expect(route('GET', '/api/player-trade/purchases/:id', '200')).toBe(1);
    expect(api1.text).not.toContain(purchaseId);
    // The wallet changes were emitted to the seller's room: the live lag was measured for each.
    expect(api1.value('coinmarket_live_event_lag_seconds_count')).toBeGreaterThan(api0.value('coinmarket_live_event_lag_seconds_count'));
    expect(wk1.value('coinmarket_purchases_awaiting_verification')).toBe(0);
    for (const m of [api1, wk1]) expect(m.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(api1.has('coinmarket_sockets_open')).toBe(true);
    // What the ApiNotReady alert reads: this replica reaches both dependencies, as /ready says.
    expect((await (await fetch(`${w.app.url}/ready`)).json())).toMatchObject({ mongodb: 'up', temporal: 'up' });
    expect(api1.value('coinmarket_ready', { dependency: 'mongodb' })).toBe(1);
    expect(api1.value('coinmarket_ready', { dependency: 'temporal' })).toBe(1);
  });

  it('a withdrawal held at the provider shows as an open payout, then paid: requested +1 and paid +1 for its method', async () => {
    const s = await sellerWithMoney(w, 5000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome: 'pending' });
    const [api0, wk0] = [await scrape(apiMetrics.url), await scrape(workerMetrics.url)];
    const open = { method: 'paypal', state: 'in_progress' };
    expect(wk0.value('coinmarket_payouts_open', open)).toBe(0);

    const { res, withdrawalId } = await withdraw(s, 2500);
    expect(res.status).toBe(201);
    // The record says the payout is with the provider: the gauge counts it.
    let reads = 0;
    await eventually(async () => {
      reads++;
      const r = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
      return r.withdrawal.state === 'in_progress';
    }, 30_000, 'the record to say in progress');
    const wk1 = await scrape(workerMetrics.url);
    expect(wk1.value('coinmarket_payouts_open', open)).toBe(1);
    expect(wk1.value('coinmarket_withdrawals_requested_total', { method: 'paypal' }) - wk0.value('coinmarket_withdrawals_requested_total', { method: 'paypal' })).toBe(1);
    expect(wk1.value('coinmarket_withdrawals_paid_total', { method: 'paypal' }) - wk0.value('coinmarket_withdrawals_paid_total', { method: 'paypal' })).toBe(0);
    expect(wk1.value('coinmarket_withdrawals_overdue')).toBe(0);

    await fetch(`${w.simUrl}/test/payouts/${encodeURIComponent(withdrawalWorkflowId(withdrawalId))}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: 'paid', duplicates: 1 }) });
    const final = (await w.temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)).result()) as WithdrawalStatus;
    expect(final.state).toBe('paid');
    const rec = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
    expect(rec.withdrawal.state).toBe('paid');

    const [api2, wk2] = [await scrape(apiMetrics.url), await scrape(workerMetrics.url)];
    // A duplicate callback and the workflow's own poll change nothing: one payout, counted once.
    expect(wk2.value('coinmarket_withdrawals_paid_total', { method: 'paypal' }) - wk0.value('coinmarket_withdrawals_paid_total', { method: 'paypal' })).toBe(1);
    expect(wk2.value('coinmarket_withdrawals_requested_total', { method: 'paypal' }) - wk0.value('coinmarket_withdrawals_requested_total', { method: 'paypal' })).toBe(1);
    expect(wk2.value('coinmarket_payouts_open', open)).toBe(0);
    expect(wk2.value('coinmarket_purchases_credited_total') - wk0.value('coinmarket_purchases_credited_total')).toBe(0);
    const route = (method: string, r: string, status: string) => api2.value(HTTP, { method, route: r, status }) - api0.value(HTTP, { method, route: r, status });
    expect(route('POST', '/api/withdrawals/code', '200')).toBe(1);
    expect(route('POST', '/api/withdrawals', '201')).toBe(1);
    expect(route('GET', '/api/withdrawals/:id', '200')).toBe(reads + 1);
  });

  it('the last finished backup: 0 before any, then the time the backup recorded', async () => {
    const gauge = 'coinmarket_backup_last_success_timestamp_seconds';
    expect((await scrape(workerMetrics.url)).value(gauge)).toBe(0);
    const finishedAt = new Date('2026-11-28T03:00:07.250Z');
    await recordBackup(w.app.db.db!, { startedAt: new Date('2026-11-28T03:00:00Z'), finishedAt, collections: 41, documents: 1_234, temporal: 'postgres' });
    expect((await scrape(workerMetrics.url)).value(gauge)).toBe(finishedAt.getTime() / 1000);
  });

  it('the public port does not serve the metrics', async () => {
    const res = await fetch(`${w.app.url}/metrics`);
    expect(await res.text()).not.toContain('coinmarket_http_request_duration_seconds');
  });
});
