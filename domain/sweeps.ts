/**
 * The sweeps (periodic clean-ups and retries) run as Temporal Schedules, one per sweep and task
 * queue, so each runs once per cluster however many replicas run, shows in the Temporal UI with its
 * last result, and retries by policy. Names here are shared by the worker, the workflow and the metrics.
 */
export const SWEEP_WORKFLOW = 'sweepWorkflow';

export const SWEEP_NAMES = [
  'event-retention', 'seller-reminders', 'mail-outbox', 'push-outbox', 'support-notices', 'withdrawal-drafts', 'idempotency-keys', 'account-records', 'sealed-secrets',
] as const;
export type SweepName = (typeof SWEEP_NAMES)[number];

/** One schedule per sweep and task queue (a test's worker has its own queue, so its own schedules). */
export const sweepScheduleId = (name: string, taskQueue: string): string => `sweep-${name}-${taskQueue}`;

/**
 * Temporal's scheduler works in whole seconds: a shorter period (tests ask 100–200 ms) runs every second.
 */
export const scheduleEveryMs = (everyMs: number): number => Math.max(1_000, Math.round(everyMs / 1_000) * 1_000);

/** The activity every sweep workflow calls: runs the named sweep on whichever worker picks it up; what it did. */
export interface SweepActivities {
  runSweep(name: string): Promise<unknown>;
}
