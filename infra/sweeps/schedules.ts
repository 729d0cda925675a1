/**
 * Makes (or brings up to date) one Temporal Schedule per sweep at every worker start. Any number of
 * replicas start at once: the first creates, the others find it (ScheduleAlreadyRunning) and update
 * it only when its period or queue changed, so a rolling deploy with a new period applies it.
 */
import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, type Client, type ScheduleOptionsAction, type ScheduleSpec } from '@temporalio/client';
import { SA } from '../../domain/search-attributes.js';
import { SWEEP_NAMES, SWEEP_WORKFLOW, scheduleEveryMs, sweepScheduleId } from '../../domain/sweeps.js';
import type { Logger } from '../logger.js';
import type { SweepLog } from './sweep-log.js';

/** A sweep the worker runs: how often, and what one round does (idempotent: rounds may repeat). */
export interface Sweep { everyMs: number; run(): Promise<unknown> }

function scheduleOf(name: string, taskQueue: string, everyMs: number): { spec: ScheduleSpec; action: ScheduleOptionsAction } {
  const every = scheduleEveryMs(everyMs);
  return {
    spec: { intervals: [{ every }] },
    action: {
      type: 'startWorkflow', workflowType: SWEEP_WORKFLOW, args: [name], taskQueue,
      workflowId: sweepScheduleId(name, taskQueue),
      // A round that cannot even start (no worker polls) ends, so the schedule's next round is not skipped forever.
      workflowExecutionTimeout: Math.max(every * 3, 10 * 60_000),
      typedSearchAttributes: [{ key: SA.sellerId, value: '*' }, { key: SA.kind, value: 'sweep' }, { key: SA.status, value: name }],
    },
  };
}

const POLICIES = {
  // A round still running when the next is due: the next is skipped (sweeps never stack).
  overlap: ScheduleOverlapPolicy.SKIP,
  // Rounds missed while Temporal was down are not all replayed: one is enough.
  catchupWindow: '1 minute',
};

export async function ensureSweepSchedules(client: Client, taskQueue: string, sweeps: Readonly<Record<string, Sweep>>, log: SweepLog, logger: Pick<Logger, 'info'>): Promise<string[]> {
  // Each schedule on its own: a replica starts after all of them are in place, not one per round trip.
  return Promise.all(Object.entries(sweeps).map(async ([name, sweep]) => {
    const scheduleId = sweepScheduleId(name, taskQueue);
    const { spec, action } = scheduleOf(name, taskQueue, sweep.everyMs);
    try {
      await client.schedule.create({ scheduleId, spec, action, policies: POLICIES, memo: { sweep: name } });
      logger.info({ scheduleId, everyMs: scheduleEveryMs(sweep.everyMs) }, 'sweep schedule created');
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      const handle = client.schedule.getHandle(scheduleId);
      const current = await handle.describe();
      const every = current.spec.intervals?.[0]?.every;
      const queue = current.action.type === 'startWorkflow' ? current.action.taskQueue : undefined;
      if (every !== scheduleEveryMs(sweep.everyMs) || queue !== taskQueue) {
        await handle.update((prev) => ({ ...prev, spec, action, policies: { ...prev.policies, ...POLICIES } }));
        logger.info({ scheduleId, everyMs: scheduleEveryMs(sweep.everyMs) }, 'sweep schedule updated');
      }
    }
    await log.scheduled(scheduleId, name, taskQueue, scheduleEveryMs(sweep.everyMs));
    return scheduleId;
  }));
}

/** Deletes the schedules (a test's worker owns its queue's); one already gone is fine. */
export async function removeSweepSchedules(client: Client, ids: readonly string[], log: SweepLog): Promise<void> {
  await Promise.all(ids.map((id) => client.schedule.getHandle(id).delete().catch((err: unknown) => {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  })));
  await log.forget(ids);
}

/** Deletes every sweep schedule of a task queue that goes away (a test whose worker processes ran on it). */
export async function removeQueueSweepSchedules(client: Client, taskQueue: string, log: SweepLog): Promise<void> {
  await removeSweepSchedules(client, SWEEP_NAMES.map((n) => sweepScheduleId(n, taskQueue)), log);
}
