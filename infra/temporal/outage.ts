/**
 * Whether a failure means Temporal did not answer (down, restarting, connection closed): the API
 * answers "try again", and a starting worker waits for it instead of exiting.
 */
import { ServiceError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';

// gRPC status codes: CANCELLED 1, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, UNAVAILABLE 14.
const OUTAGE_CODES = new Set<number>([1, 4, 8, 14]);
// The last two are the worker's native connection (its TransportError: "Failed to connect … transport error").
const OUTAGE_TEXT = /channel has been (shut down|closed)|connection (closed|refused)|ECONNREFUSED|ECONNRESET|UNAVAILABLE|client closed|No connection established|transport error|Failed to connect/i;

/** True when Temporal itself did not answer (the request may be retried as it is). */
export function isTemporalOutage(err: unknown): boolean {
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowNotFoundError) return false;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number' && OUTAGE_CODES.has(code)) return true;
    if (e instanceof Error && (e.name === 'TransportError' || OUTAGE_TEXT.test(e.message))) return true;
  }
  return err instanceof ServiceError && !(err.cause && typeof (err.cause as { code?: unknown }).code === 'number');
}

/**
 * Also a server still starting: a restarted dev server opens its port before its namespace is back,
 * and a worker polling then fails with "Namespace default is not found" (a waiting worker waits on).
 */
export function isTemporalNotReady(err: unknown): boolean {
  return isTemporalOutage(err) || (err instanceof Error && /Namespace \S+ is not found/i.test(err.message));
}
