/**
 * Retry policies of every activity proxy, written once. Infrastructure failures (a database or a
 * provider that does not answer) retry by these policies; a business refusal (a DomainError) never
 * retries: the worker's activity boundary (workers/activity-boundary.ts) makes it non-retryable, so
 * the workflow step fails at once with the refusal's code.
 */
import type { ActivityOptions } from '@temporalio/workflow';
import type { VerifyPolicy } from '../domain/player-trade.js';

/** Our own database writes and live events: short attempts, retried with backoff until the database is back. */
export const STORE_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
};

/** The countdown's status writes. */
export const COUNTDOWN_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
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
    maximumAttempts: verify.maxAttempts, nonRetryableErrorTypes: ['MarketContractError'],
  },
});
