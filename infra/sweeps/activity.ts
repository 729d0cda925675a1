/**
 * The one activity every sweep schedule's workflow calls: runs the named sweep of this worker,
 * counts it, and records a success in the sweep log. A failure is thrown, so Temporal retries it by
 * the workflow's policy and the UI shows the error as the round's result.
 */
import { ApplicationFailure } from '@temporalio/common';
import { sweepScheduleId, type SweepActivities } from '../../domain/sweeps.js';
import type { BusinessCounters } from '../metrics/counters.js';
import type { Logger } from '../logger.js';
import type { Sweep } from './schedules.js';
import type { SweepLog } from './sweep-log.js';

export function createSweepActivities(deps: { sweeps: Readonly<Record<string, Sweep>>; taskQueue: string; log: SweepLog; counters?: BusinessCounters; logger: Pick<Logger, 'warn'> }): SweepActivities {
  return {
    async runSweep(name) {
      const sweep = deps.sweeps[name];
      // A schedule this worker has no sweep for (made by a newer or differently configured replica): nothing to retry.
      if (!sweep) throw ApplicationFailure.nonRetryable(`this worker has no sweep named ${name}`, 'UnknownSweep');
      const id = sweepScheduleId(name, deps.taskQueue);
      try {
        const did = await sweep.run();
        deps.counters?.sweepRan(name, true);
        await deps.log.succeeded(id);
        return did ?? null;
      } catch (err) {
        deps.counters?.sweepRan(name, false);
        deps.logger.warn({ err, sweep: name }, 'sweep round failed');
        await deps.log.failed(id).catch(() => undefined);
        throw err;
      }
    },
  };
}
