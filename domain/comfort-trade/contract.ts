/** How the API, the support tool and the workflow name and start a comfort run: its input, timings, id, updates, query, live event and its transfer provider's answers. */
import type { Platform } from '../pricing.js';
import { PROVIDER_REFUSAL_TYPES } from '../provider-refusal.js';
import type { ActionArgs } from '../process.js';
import { processDef, processWorkflowId, queryDef, signalDef, updateDef } from '../contracts.js';
import { type ComfortState, COMFORT_TABLE, STATUS_OF } from './table.js';
import type { ErrorSubState } from './statuses.js';
import type { TransferTime, LoginMethod, ResubmitAsks } from './submission.js';
import type { ComfortRunView } from './views.js';
import { REVIEW_MS } from '../timing-promises.js';

const HOUR_MS = 3_600_000;

/** The run's durations; deployments configure them, tests shorten them. */
export interface ComfortTimings {
  /** Frozen review of the credited income before it becomes available (specification: about 24 hours). */
  reviewMs: number;
  /** A run waiting for new login details closes after this long (our rule: 72 hours). */
  sellerFixMs: number;
  /** How often the watching activity asks the provider for progress while transferring. */
  pollMs: number;
  /** One watch lasts at most this long before the workflow looks again (bounds history growth and cancel latency). */
  watchMs: number;
  /** Plain provider errors: attempts before the run waits for support, and the backoff between them. */
  errorRetries: number;
  retryInitialMs: number;
  retryMaxMs: number;
  /**
   * Our own writes' attempt timeout (COMFORT_STORE_ACTIVITIES' 30 s when absent): how long Temporal waits
   * on a worker that died mid-write before retrying it elsewhere. Tests that kill a worker shorten it.
   */
  storeAttemptMs?: number;
}

export const DEFAULT_COMFORT_TIMINGS: Readonly<ComfortTimings> = {
  reviewMs: REVIEW_MS,
  sellerFixMs: 72 * HOUR_MS,
  pollMs: 30_000,
  watchMs: 5 * 60_000,
  errorRetries: 5,
  retryInitialMs: 60_000,
  retryMaxMs: 30 * 60_000,
};

/** The wait before retry `attempt` (1-based) after a plain error: doubling, capped. */
export const retryDelayMs = (t: Pick<ComfortTimings, 'retryInitialMs' | 'retryMaxMs'>, attempt: number): number =>
  Math.min(t.retryMaxMs, t.retryInitialMs * 2 ** Math.max(0, attempt - 1));
/** Input of the comfort run workflow: fixed at submission; credentials only by vault reference. */
export interface ComfortRunInput {
  runId: string;
  sellerId: string;
  platform: Platform;
  originEmail: string;
  loginMethod: LoginMethod;
  transferTime: TransferTime;
  coinAmount: number;
  unitPriceCents: number;
  /** Vault reference (`secret:<id>`) of the login details. */
  credentialsRef: string;
  createdAt: number;
  timings: ComfortTimings;
  /** The line of the batch file the run came from (absent for a single sale or a batch sent through the API): its mails name it. */
  batchLine?: number;
}

/**
 * A resubmit's sealed upload that no run took is destroyed once it is this old
 * (api/comfort-trade/upload-sweep.ts). The run refuses an upload sealed more than half of it ago, so
 * an update delayed in Temporal can never hand a run an upload the sweep is about to destroy.
 */
export const RESUBMIT_UPLOAD_TTL_MS = 60 * 60_000;

/**
 * A submission's sealed login details that no run owns are destroyed once this old
 * (api/comfort-trade/credentials-sweep.ts). The API starts no run or batch with details sealed more
 * than half of it ago, so none is started with details the sweep may be destroying.
 */
export const SUBMITTED_CREDENTIALS_TTL_MS = 60 * 60_000;

/** A support action's arguments: who and why. */
export type ComfortActionArgs = ActionArgs;
/**
 * The seller's resubmit: `newRef`, the vault reference of the new login details, `sealedAt`, when
 * they were sealed (epoch ms), `asks`, what the API checked them against (the run refuses them if
 * its error asks something else by now), `email`, a corrected game-account email (not a secret:
 * the record shows it), and `loginMethod`, the kind of a new second factor (the record shows it; the
 * new factor replaces the sealed one whatever its kind).
 */
export interface ComfortResubmitArgs extends ActionArgs {
  newRef: string;
  sealedAt?: number;
  asks?: ResubmitAsks;
  email?: string;
  loginMethod?: LoginMethod;
}

/** The live event (and seller feed entry) a run's record write sends. */
export const COMFORT_RUN_UPDATED = 'comfort-run:updated';

/** Where an order is on the transfer provider's side (docs/provider-contract.md, "Transfer orders"). */
export type OrderState = 'transferring' | 'completed' | 'error' | 'cancelled';
/** A provider-side error: one of the sub-states, or a plain (temporary) error. */
export type OrderError = ErrorSubState | 'provider_error';
/**
 * The provider's view of an order. `seq` grows by one on every change: a snapshot whose `seq` is not
 * above the last one applied is a duplicate or arrived out of order and changes nothing.
 */
export interface OrderSnapshot {
  orderId: string;
  seq: number;
  state: OrderState;
  error: OrderError | null;
  /** Coins ordered. */
  coins: number;
  coinsTransferred: number;
  /** Chunks moved / chunks planned. */
  successCount: number;
  totalCount: number;
  /** Provider clock, epoch ms. */
  updatedAt: number;
}
/** The failure type of the transfer provider's refusal (final; the run treats it as a provider error). */
export const TRANSFER_REFUSED = PROVIDER_REFUSAL_TYPES.transfer;

/** The comfort run as clients start it (`comfort-run:<runId>`); its `ProcessStatus` is the status a seller sees. */
export const COMFORT_RUN = processDef<ComfortRunInput>({
  workflowType: 'comfortRunWorkflow', table: COMFORT_TABLE, statusOf: (s) => STATUS_OF[s as ComfortState],
});
export const comfortRunWorkflowId = (runId: string) => processWorkflowId(COMFORT_RUN, runId);

/** The run's updates and query: one name and one argument type for the workflow, the API and the support tool. */
export const COMFORT_UPDATES = {
  /** The seller resubmits login details: `newRef` (in the args) is the vault reference of the new details. */
  resubmit: updateDef<ComfortRunView, [ComfortResubmitArgs]>('resubmit'),
  /** Support tries again after fixing what the sub-state asked (customer online, captcha...). */
  retry: updateDef<ComfortRunView, [ComfortActionArgs]>('retry'),
  /** Support cancels the run; coins already transferred are still paid. */
  cancel: updateDef<ComfortRunView, [ComfortActionArgs]>('cancel'),
  /** Support resolved a payment error (the seller fixed the payment settings). */
  markResolved: updateDef<ComfortRunView, [ComfortActionArgs]>('markResolved'),
};
/**
 * The seller saved valid payout details: a run in Payment Error tries the payment again. A signal,
 * not an update: the settings save must not wait for a worker, and the server keeps it until one runs.
 */
export const COMFORT_SIGNALS = {
  payoutDetailsSaved: signalDef<[ComfortActionArgs]>('payoutDetailsSaved'),
};
/** The run's live view. */
export const COMFORT_STATUS_QUERY = queryDef<ComfortRunView>('status');
