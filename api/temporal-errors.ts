/**
 * The one place where a Temporal call's failure becomes the API's answer: a workflow's refusal
 * (an update validator or handler said no) keeps its code; Temporal not answering (down, restarting,
 * connection closed) is "try again" (503 `unavailable`), never "no longer possible".
 */
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { DomainError } from '../domain/errors.js';
import { TRY_AGAIN } from '../domain/messages.js';
import { isTemporalOutage } from '../infra/temporal/outage.js';

export { isTemporalOutage };

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
