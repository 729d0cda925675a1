import type { Socket } from 'socket.io-client';
import { LIVE_SOCKET_ERRORS } from '../../../domain/live-events';
import { socketReconnectDelayMs } from '../../../domain/socket-retry';

export interface RetryHooks {
  /** The client will connect again by itself (in `delayMs`, or socket.io's own backoff after a lost connection). */
  retrying(delayMs: number | null): void;
  /** The server refused the socket for good (`code`, e.g. `unauthenticated`): it stays closed. */
  refused(code: string): void;
}

/**
 * socket.io-client never retries a handshake the server's middleware refused. A refusal with
 * `unavailable` is the server's own trouble (its database), not the seller's: connect again after
 * the pause it asks for, longer for each refusal in a row (domain/socket-retry.ts). Any other
 * refusal is final. Returns a function that stops the pending retry and the listening.
 */
export function retryWhenUnavailable(socket: Socket, hooks: RetryHooks): () => void {
  let refusedInARow = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onConnect = () => { refusedInARow = 0; };
  const onError = (err: Error & { data?: { retryAfterMs?: unknown } }) => {
    // Still active: the connection itself failed and socket.io's manager tries again on its own.
    if (socket.active) return hooks.retrying(null);
    if (err.message !== LIVE_SOCKET_ERRORS.unavailable) return hooks.refused(err.message);
    refusedInARow++;
    const delay = socketReconnectDelayMs(err.data?.retryAfterMs, refusedInARow);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      socket.connect();
    }, delay);
    hooks.retrying(delay);
  };
  socket.on('connect', onConnect);
  socket.on('connect_error', onError);
  return () => {
    clearTimeout(timer);
    socket.off('connect', onConnect);
    socket.off('connect_error', onError);
  };
}
