import { proxyActivities } from '@temporalio/workflow';
import type { SweepActivities } from '../domain/sweeps.js';
import { SWEEP_ACTIVITIES } from './policies.js';

const { runSweep } = proxyActivities<SweepActivities>(SWEEP_ACTIVITIES);

/** One round of a sweep, started by its schedule; its result (what the sweep did) is the run's result in the Temporal UI. */
export async function sweepWorkflow(name: string): Promise<unknown> {
  return runSweep(name);
}
