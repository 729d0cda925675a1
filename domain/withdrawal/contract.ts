/** The contract: how the API, the support tool and the workflow name the withdrawal (input, id, updates, query, live event). */
import type { ActionArgs } from '../process.js';
import { PROVIDER_REFUSAL_TYPES } from '../provider-refusal.js';
import { processDef, processWorkflowId, queryDef, updateDef } from '../contracts.js';
import { WITHDRAWAL_TABLE } from './table.js';
import { PAYOUT_MS } from '../timing-promises.js';
import type { WithdrawalRequest, WithdrawalStatus } from './views.js';

export const WITHDRAWAL_UPDATED = 'withdrawal:updated';

export interface WithdrawalTimings {
  /** A payout not confirmed this long after it was sent is flagged for support (the payout promise, 72 h). */
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
  overdueMs: PAYOUT_MS, pollMs: 10 * 60_000, providerAttempts: 10, providerRetryMs: 2_000, providerCallTimeoutMs: 15_000, providerHeartbeatMs: 5_000,
};

export interface WithdrawalInput { request: WithdrawalRequest; timings: WithdrawalTimings }

/** A support action's arguments: who and why. */
export type WithdrawalActionArgs = ActionArgs;
/** Marking a payout paid (support): `reference` proves it (the provider's, for a payout made by hand). */
export interface WithdrawalPaidArgs extends ActionArgs { reference: string }
/** The provider's signed callback: paid, with its transaction reference. */
export interface ProviderConfirmedArgs extends ActionArgs { reference?: string }
/** The provider's signed callback: failed, with the provider's reason. */
export interface ProviderFailedArgs extends ActionArgs { failure?: string }

export type PayoutState = 'pending' | 'paid' | 'failed';
/** Why a payout failed, as the provider says it; mapped to the seller's words in domain/withdrawal.ts. */
export type ProviderFailure = 'wrong_address' | 'unverified_account' | 'receive_only_hold' | 'unclaimed' | 'receiving_limit' | 'rejected';
/** A payout as the payout provider has it (docs/provider-contract.md, "Payout provider"). */
export interface PayoutView {
  payoutId: string;
  key: string;
  state: PayoutState;
  failure: ProviderFailure | null;
  /** The provider's transaction reference once paid. */
  reference: string | null;
  updatedAt: number;
}
/** The failure type of the payout provider's refusal of a request (final: the withdrawal fails and the money returns). */
export const PAYOUT_REFUSED = PROVIDER_REFUSAL_TYPES.payout;
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
  providerConfirmed: updateDef<WithdrawalStatus, [ProviderConfirmedArgs]>('providerConfirmed'),
  providerFailed: updateDef<WithdrawalStatus, [ProviderFailedArgs]>('providerFailed'),
  /** Support: call the provider again with the same idempotency key (it cannot pay twice). */
  supportRetry: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportRetry'),
  /** Support: the payout was made outside the provider's confirmation; `reference` proves it. */
  supportMarkPaid: updateDef<WithdrawalStatus, [WithdrawalPaidArgs]>('supportMarkPaid'),
  /** Support: a manual payout (no provider for its method) was paid in the provider's own dashboard; `reference` is the provider's. */
  supportPaidByHand: updateDef<WithdrawalStatus, [WithdrawalPaidArgs]>('supportPaidByHand'),
  /** Support: give up the payout and return the money to the seller's available balance. */
  supportReturnMoney: updateDef<WithdrawalStatus, [WithdrawalActionArgs]>('supportReturnMoney'),
};
/** The withdrawal's live status. */
export const WITHDRAWAL_STATUS_QUERY = queryDef<WithdrawalStatus>('status');
