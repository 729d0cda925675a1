/**
 * How a socket handshake says no. A client reads `err.message` (the code) and `err.data` from its
 * connect_error. A token, session or key that is really refused keeps its own code; anything that
 * went wrong on our side (the database slow or down, a bug) is `unavailable` with a pause to wait,
 * so the client connects again instead of telling its user to sign in.
 */
import { socketRetryAfterMs, type SocketRetryData } from '../domain/socket-retry.js';
import { isDatabaseUnavailable, withinDeadline } from '../infra/db.js';
import type { Logger } from '../infra/logger.js';

/**
 * The most a handshake's database work may take before it is answered `unavailable`. The
 * connection's own deadline (MONGODB_TIMEOUT_MS, 10 s, twice for a retried read) is far longer
 * than a page should wait to learn it must try again.
 */
export const HANDSHAKE_DEADLINE_MS = 2_000;

/** A handshake refusal as Socket.IO sends it (`message` → `err.message`, `data` → `err.data`). */
export const socketRefusal = (code: string, data?: Readonly<Record<string, unknown>>): Error & { data?: unknown } =>
  Object.assign(new Error(code), data ? { data } : {});

/** The handshake's checks, answered `unavailable` past HANDSHAKE_DEADLINE_MS. */
export const handshakeWork = <T>(work: Promise<T>, deadlineMs = HANDSHAKE_DEADLINE_MS): Promise<T> => withinDeadline(work, deadlineMs);

/** Our own failure during a handshake: logged (a database outage as a warning, anything else as an error) and answered "try again after retryAfterMs". */
export function unavailableRefusal(err: unknown, logger: Logger, what: string): Error & { data?: unknown } {
  if (isDatabaseUnavailable(err)) logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, `${what}: database unavailable`);
  else logger.error({ err }, `${what} failed`);
  return socketRefusal('unavailable', { retryAfterMs: socketRetryAfterMs() } satisfies SocketRetryData);
}
