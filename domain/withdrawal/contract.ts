/** The contract: how the API, the support tool and the workflow name the withdrawal (input, id, updates, query, live event). */
import type { ActionArgs } from '../process.js';
import { processDef, processWorkflowId, queryDef, updateDef } from '../contracts.js';
import { WITHDRAWAL_TABLE } from './table.js';
import type { WithdrawalRequest, WithdrawalStatus } from './views.js';

export const WITHDRAWAL_UPDATED = 'withdrawal:updated';

export interface WithdrawalTimings {
  /** A payout not confirmed this long after it was sent is flagged for support (72 h). */
  overdueMs: number;
  /** How often the workflow asks the provider for the status when no callback came. */
  pollMs: number;
  /** Calls to the provider before a payout counts as "provider down" (then support decides). */
  providerAttempts: number;
  providerRetryMs: number;
  providerCallTimeoutMs: number;
  /**
   * A provider call whose worker stops heartbeating this long is retried elsewhere: a crashed worker
   * costs this, not the whole call timeout (absent in workflows started before it existed).
   */
  providerHeartbeatMs?: number;
}
export const DEFAULT_WITHDRAWAL_TIMINGS: Readonly<WithdrawalTimings> = {
  overdueMs: 72 * 3600_000, pollMs: 10 * 60_000, providerAttempts: 10, providerRetryMs: 2_000, providerCallTimeoutMs: 15_000, providerHeartbeatMs: 5_000,
};

export interface WithdrawalInput { request: WithdrawalRequest; timings: WithdrawalTimings }

/** Who and why (support), and the action's data: `reference` (mark paid, provider confirmation), `failure` (provider). */
export type WithdrawalActionArgs = ActionArgs & Record<string, unknown>;
/** The request's answer: sent (with the record) or refused because the available balance is not enough. */
/** `recorded`: the request's record was written before this answer (runs since the withdrawal's local steps). */
export type RequestOutcome = { ok: true; status: WithdrawalStatus; recorded?: true } | { ok: false; code: 'insufficient_balance' };

/**
 * The worker's answer to "pay this" when no payout provider is configured for the method
 * (PAYOUT_PROVIDER_URL, PAYOUT_PROVIDER_METHODS): nothing was sent anywhere; support pays it by hand.
 */
export interface ManualPayout { manual: true }
export const isManualPayout = (p: object): p is ManualPayout => (p as Partial<ManualPayout>).manual === true;

/** A withdrawal as the API starts it (`withdrawal:<withdrawalId>`). */
export const WITHDRAWAL = processDef<WithdrawalInput>({ workflowType: 'withdrawalWorkflow', table: WITHDRAWAL_TABLE });
export const withdrawalWorkflowId = (withdrawalId: string) => processWorkflowId(WITHDRAWAL, withdrawalId);

/** The withdrawal's updates and query: one name and one argument type for the workflow, the API and the support tool. */
export const WITHDRAWAL_UPDATES = {
  /** The request's answer; the API waits on it right after starting the workflow. */
  requestOutcome: updateDef<RequestOutcome>('requestOutcome'),
  /** The provider's signed callback, forwarded by the API. */
  providerConfirmed: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('providerConfirmed'),
  providerFailed: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('providerFailed'),
  /** Support: call the provider again with the same idempotency key (it cannot pay twice). */
  supportRetry: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportRetry'),
  /** Support: the payout was made outside the provider's confirmation; `reference` proves it. */
  supportMarkPaid: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportMarkPaid'),
  /** Support: a manual payout (no provider for its method) was paid in the provider's own dashboard; `reference` is the provider's. */
  supportPaidByHand: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportPaidByHand'),
  /** Support: give up the payout and return the money to the seller's available balance. */
  supportReturnMoney: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportReturnMoney'),
};
/** The withdrawal's live status. */
export const WITHDRAWAL_STATUS_QUERY = queryDef<WithdrawalStatus>('status');
