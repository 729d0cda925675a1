/**
 * A transferring run's expected finish, last update and "no progress" (issue 32, finding 5). Pure:
 * the caller passes `now`, so the page (ticking clock), the API view and the tests agree.
 */
import { transferTimeMs, type TransferTime } from './submission.js';

/** When the transfer (re)started, with how many parts already moved then, and when a part last moved. */
export interface TransferPace {
  startedAt: number;
  partsAtStart: number;
  /** The last time the parts count changed (the start while none moved). */
  progressAt: number;
}

/**
 * Below this a pause is never "no progress": the provider takes about 10 minutes to pick an order up
 * and log in (infra/simulator/transfer.ts, the real provider's figure), and the worker sees a part at
 * most `pollMs` (30 s) after it moved.
 */
export const MIN_STALL_MS = 10 * 60_000;
/** "No progress" once nothing moved for this many of the transfer's own time per part. */
export const STALL_PARTS = 2;

export interface TransferEta {
  /** The run's last change of progress (its transfer's start while nothing moved). */
  lastUpdateAt: number;
  /** Expected finish: measured from the parts moved since the start, else the start plus the chosen transfer time. */
  finishAt: number;
  /** True once a part moved since the start (the pace is measured, not the chosen transfer time's). */
  measured: boolean;
  /** The time one part takes at this pace (ms). */
  perPartMs: number;
  /** How long without a moved part counts as "no progress" (N): STALL_PARTS parts at this pace, at least MIN_STALL_MS. */
  stallAfterMs: number;
  /** How long nothing has moved, once that reaches `stallAfterMs`; null while the transfer keeps its pace. */
  stalledForMs: number | null;
}

export interface TransferProgress {
  transferTime: TransferTime;
  successCount: number;
  totalCount: number;
  pace?: TransferPace | null;
}

/** The ETA of a transferring run at `now`; null when the run carries no pace (not transferring, or recorded before it existed). */
export function transferEta(run: TransferProgress, now: number): TransferEta | null {
  const pace = run.pace;
  if (!pace) return null;
  const moved = run.successCount - pace.partsAtStart;
  const remaining = Math.max(0, run.totalCount - run.successCount);
  const measured = moved > 0 && pace.progressAt > pace.startedAt;
  // Before any part moved, the chosen transfer time spread over the parts left is the only pace there is.
  const perPartMs = measured
    ? (pace.progressAt - pace.startedAt) / moved
    : transferTimeMs(run.transferTime) / Math.max(1, remaining);
  const planned = measured ? pace.progressAt + perPartMs * remaining : pace.startedAt + transferTimeMs(run.transferTime);
  // A part overdue at `now` is not finished yet: the rest cannot end before now plus the parts after it.
  const finishAt = remaining > 0 ? Math.max(planned, now + perPartMs * (remaining - 1)) : Math.max(planned, now);
  const stallAfterMs = Math.max(MIN_STALL_MS, Math.ceil((STALL_PARTS * perPartMs) / 60_000) * 60_000);
  const quietMs = Math.max(0, now - pace.progressAt);
  return { lastUpdateAt: pace.progressAt, finishAt, measured, perPartMs, stallAfterMs, stalledForMs: quietMs >= stallAfterMs ? quietMs : null };
}
