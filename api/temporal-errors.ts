/**
 * The one place where a Temporal call's failure becomes the API's answer: a workflow's refusal
 * (an update validator or handler said no) keeps its code; Temporal not answering (down, restarting,
 * connection closed) is "try again" (503 `unavailable`), never "no longer possible".
 */
import { ServiceError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { DomainError } from '../domain/errors.js';
import { TRY_AGAIN } from '../domain/messages.js';

// gRPC status codes: CANCELLED 1, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, UNAVAILABLE 14.
const OUTAGE_CODES = new Set<number>([1, 4, 8, 14]);
const OUTAGE_TEXT = /channel has been (shut down|closed)|connection (closed|refused)|ECONNREFUSED|ECONNRESET|UNAVAILABLE|client closed|No connection established/i;

/** True when Temporal itself did not answer (the request may be retried as it is). */
export function isTemporalOutage(err: unknown): boolean {
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowNotFoundError) return false;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number' && OUTAGE_CODES.has(code)) return true;
    if (e instanceof Error && OUTAGE_TEXT.test(e.message)) return true;
  }
  return err instanceof ServiceError && !(err.cause && typeof (err.cause as { code?: unknown }).code === 'number');
}

/** "Please try again": Temporal is unreachable for now; nothing was decided. */
export const temporalUnavailable = (cause?: unknown) => new DomainError('unavailable', 'unavailable', TRY_AGAIN, { cause });

/**
 * A failed update or start as the API's error: the workflow's refusal with its code (mapped by
 * `refusalOf`), Temporal's outage as 503, anything else null (the caller decides, e.g. from the record).
 */
export function temporalFailure(err: unknown, refusalOf: (code: string, message: string) => DomainError): DomainError | null {
  if (err instanceof WorkflowUpdateFailedError) {
    const cause = err.cause as { type?: string; message?: string } | undefined;
    return refusalOf(cause?.type ?? 'refused', cause?.message ?? 'This action is no longer possible');
  }
  if (isTemporalOutage(err)) return temporalUnavailable(err);
  return null;
}
