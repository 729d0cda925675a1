/**
 * The options of every activity proxy, written once: timeouts and retry policies, by the outside
 * system the activities touch. Infrastructure failures (a database or a provider that does not
 * answer) retry by these policies; a business refusal (a DomainError) never retries: the worker's
 * activity boundary (workers/activity-boundary.ts) makes it non-retryable, so the workflow step
 * fails at once with the refusal's code.
 *
 * These values reach every workflow's history. Changing one changes how new activity attempts are
 * scheduled, not what was recorded; keep each process's values as they are unless the process
 * itself changes.
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { MARKET_REFUSED, type VerifyPolicy } from '../domain/player-trade.js';
import { PAYOUT_REFUSED } from '../domain/withdrawal.js';
import { TRANSFER_REFUSED } from '../domain/comfort-trade.js';

const OWN_DATABASE_RETRY = { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' } as const;

/** Our own database writes and live events (records, wallets, the market list): short attempts, retried with backoff until the database is back. Player purchase and withdrawal. */
export const STORE_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: OWN_DATABASE_RETRY,
};

/**
 * The same writes as local activities: run by the worker that runs the workflow task, recorded as one
 * marker, with no task round trip through Temporal. For short steps on our own database only; a
 * provider call stays a normal activity (its retries and timeouts outlast a workflow task).
 */
export const LOCAL_STORE_ACTIVITIES: LocalActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: OWN_DATABASE_RETRY,
};

/** The same for the comfort run and batch (their writes also open and close the run's vault and account lock). */
export const COMFORT_STORE_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: OWN_DATABASE_RETRY,
};

/** Copying the provider's market: a few tries, then the next round tries again. */
export const MARKET_SYNC_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3 },
};

/** Asking the provider to verify a purchase: bounded by the purchase's verify policy; after the last attempt support decides. */
export const verifyActivities = (verify: VerifyPolicy): ActivityOptions => ({
  startToCloseTimeout: verify.attemptTimeoutMs,
  retry: {
    initialInterval: verify.initialIntervalMs, backoffCoefficient: 2, maximumInterval: verify.maximumIntervalMs,
    maximumAttempts: verify.maxAttempts, nonRetryableErrorTypes: [MARKET_REFUSED],
  },
});

const TRANSFER_RETRY = { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 4, nonRetryableErrorTypes: [TRANSFER_REFUSED] };

/** Transfer provider calls (submit, resubmit, resume, cancel): a few quick retries; beyond that the run's own bounded backoff takes over. */
export const TRANSFER_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: TRANSFER_RETRY,
};

/** Watching a transfer: one watch lasts up to `watchMs`; it heartbeats, so a killed worker's watch is taken over. */
export const transferWatchActivities = (t: { watchMs: number; pollMs: number }): ActivityOptions => ({
  startToCloseTimeout: t.watchMs + 60_000,
  heartbeatTimeout: Math.max(5_000, t.pollMs * 3),
  retry: TRANSFER_RETRY,
});

/**
 * Payout provider calls: the withdrawal's timings bound them; a refusal of the request is final.
 * `heartbeatMs` is null for runs started before provider calls heartbeat.
 */
export const payoutActivities = (
  timings: { providerCallTimeoutMs: number; providerRetryMs: number; providerAttempts: number }, heartbeatMs: number | null,
): ActivityOptions => ({
  startToCloseTimeout: timings.providerCallTimeoutMs,
  ...(heartbeatMs ? { heartbeatTimeout: heartbeatMs } : {}),
  retry: {
    initialInterval: timings.providerRetryMs, backoffCoefficient: 2, maximumInterval: Math.max(timings.providerRetryMs, 30_000),
    maximumAttempts: timings.providerAttempts, nonRetryableErrorTypes: [PAYOUT_REFUSED],
  },
});

const WEBHOOK_RETRY = { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' } as const;

/** The webhook fan-out (reads the feed, starts deliveries): retried until our database and Temporal answer. */
export const WEBHOOK_DISPATCH_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: WEBHOOK_RETRY,
};

/**
 * A dispatcher's batch: up to DISPATCH_BATCH entries, a few at once, each a first attempt per
 * endpoint (45 s at most each: three clocks of 10 s, each up to 15 s after a blocked loop). It heartbeats after every entry, so a worker that died is noticed
 * in a minute, not at the end of the batch's whole allowance.
 */
export const WEBHOOK_DISPATCH_BATCH_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: WEBHOOK_RETRY,
};

/**
 * One webhook attempt: its three clocks (a free connection, connecting, the answer; `attemptTimeoutMs`
 * each, up to half as long again after a blocked event loop: infra/io-deadline.ts) plus room to log
 * it, so Temporal never retries an attempt still under way (that would send it twice); retried only
 * when our own database fails, never because the receiver did.
 */
export const webhookAttemptActivities = (policy: { attemptTimeoutMs: number }): ActivityOptions => ({
  startToCloseTimeout: 5 * policy.attemptTimeoutMs + 15_000,
  retry: WEBHOOK_RETRY,
});

/**
 * One sweep (workflows/sweep.ts): a sweep is idempotent, so a failed attempt is retried a few times
 * within its round; the next scheduled round tries again after that.
 */
export const SWEEP_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 4 },
};
