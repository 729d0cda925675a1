/**
 * Issue 31 item 5: every sweep runs once per cluster as a Temporal Schedule. Three worker replicas
 * start at once on one queue (none fails; one schedule per sweep); a replica with another period
 * updates the schedule; a round triggered by hand deletes what expired, answers what it did as the
 * workflow's result, and moves the sweep's metrics; the worker's /health says whether it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_WORKFLOW, sweepScheduleId } from '../../domain/sweeps.js';
import { DRAFTS_COLLECTION } from '../../infra/withdrawals/drafts.js';
import { SweepLog } from '../../infra/sweeps/sweep-log.js';
import { startWorkerMetrics } from '../../workers/metrics.js';
import { scrape } from '../support/metrics.js';
import { eventually, testLogger } from '../support/servers.js';
import { startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

type Worker = Awaited<ReturnType<WithdrawalWorld['startWorker']>>;

describe('sweeps are Temporal Schedules, once per cluster (issue 31)', () => {
  let w: WithdrawalWorld;
  let metrics: Awaited<ReturnType<typeof startWorkerMetrics>>;
  let running = false;
  const workers: Worker[] = [];
  const scheduleId = (name: string) => sweepScheduleId(name, w.taskQueue);

  beforeAll(async () => {
    w = await startWithdrawalWorld({ worker: false });
    metrics = await startWorkerMetrics(w.app.db.db!, { port: 0, host: '127.0.0.1' }, testLogger(), { ttlMs: 0 }, () => running);
  });
  afterAll(async () => {
    for (const x of workers) await x.shutdown();
    await metrics?.close();
    await w?.close();
  });

  it('three replicas starting at once all start, and make one schedule per sweep; another period updates it', async () => {
    const health = () => fetch(metrics.url.replace(/\/metrics$/, '/health'));
    expect((await health()).status).toBe(503);
    workers.push(...(await Promise.all([1, 2, 3].map(() => w.startWorker({ counters: metrics.counters })))));
    running = true;
    expect((await health()).status).toBe(200);

    for (const name of ['seller-reminders', 'withdrawal-drafts', 'idempotency-keys', 'account-records', 'sealed-secrets']) {
      const d = await w.temporal.client.schedule.getHandle(scheduleId(name)).describe();
      expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: SWEEP_WORKFLOW, taskQueue: w.taskQueue, args: [name] });
    }
    const drafts = w.temporal.client.schedule.getHandle(scheduleId('withdrawal-drafts'));
    expect((await drafts.describe()).spec.intervals).toMatchObject([{ every: 600_000 }]);
    expect((await (await SweepLog.open(w.app.db.db!)).all()).filter((d) => d.taskQueue === w.taskQueue)).toHaveLength(5);

    // A replica deployed with another period brings the schedule up to date (a day: no round of its own
    // comes during the next test, whose rounds are the ones it triggers).
    workers.push(await w.startWorker({ counters: metrics.counters, sweepPeriods: { 'withdrawal-drafts': 86_400_000 } }));
    expect((await drafts.describe()).spec.intervals).toMatchObject([{ every: 86_400_000 }]);
  });

  it('a triggered round deletes what expired, answers it as the run\'s result, and moves the sweep\'s metrics', async () => {
    const db = w.app.db.db!;
    const before = await scrape(metrics.url);
    const since = before.value('coinmarket_sweep_last_success_timestamp_seconds', { sweep: 'withdrawal-drafts', task_queue: w.taskQueue });
    expect(since).toBeGreaterThan(0);
    const expired = `draft-${Math.random().toString(36).slice(2)}`;
    await db.collection(DRAFTS_COLLECTION).insertOne({ _id: expired as never, expiresAt: new Date(Date.now() - 1_000) });

    const handle = w.temporal.client.schedule.getHandle(scheduleId('withdrawal-drafts'));
    const taken = (await handle.describe()).info.numActionsTaken;
    await handle.trigger();
    // The round's workflow, as the Temporal UI lists it under the schedule.
    const d = await eventually(async () => handle.describe(), (x) => expect(x.info.numActionsTaken).toBe(taken + 1), { what: 'the triggered round' });
    const last = d.info.recentActions.at(-1)!;
    const result = await w.temporal.client.workflow.getHandle(last.action.workflow.workflowId, last.action.workflow.firstExecutionRunId).result();
    expect(result).toEqual({ drafts: 1, payoneerStates: 0 });
    expect(await db.collection(DRAFTS_COLLECTION).countDocuments({ _id: expired as never })).toBe(0);

    const after = await scrape(metrics.url);
    expect(after.value('coinmarket_sweep_runs_total', { sweep: 'withdrawal-drafts' }) - before.value('coinmarket_sweep_runs_total', { sweep: 'withdrawal-drafts' })).toBe(1);
    expect(after.value('coinmarket_sweep_failures_total', { sweep: 'withdrawal-drafts' })).toBe(0);
    expect(after.value('coinmarket_sweep_last_success_timestamp_seconds', { sweep: 'withdrawal-drafts', task_queue: w.taskQueue })).toBeGreaterThan(since);
    expect(after.value('coinmarket_sweep_interval_seconds', { sweep: 'withdrawal-drafts', task_queue: w.taskQueue })).toBe(86_400);
  });
});
