/**
 * When a socket's handshake may be tried again. A handshake the server could not check (its
 * database slow or down: our fault, not the client's) is refused with code `unavailable` and
 * `data.retryAfterMs`; socket.io-client never retries a refusal of the server's middleware by
 * itself, so the client connects again after that pause. The spread keeps many clients refused
 * in the same blip from coming back in the same second.
 */

/** What an `unavailable` refusal carries (connect_error `err.data`). */
export interface SocketRetryData { retryAfterMs: number }

/** The pause the server asks for: from `min` to `max` ms, spread at random. */
export const SOCKET_RETRY_AFTER_MS = { min: 1_000, max: 3_000 } as const;
/** The longest a client waits between two tries, however many in a row were refused. */
export const SOCKET_RETRY_CAP_MS = 30_000;

/** The server's `retryAfterMs` for one refusal. */
export function socketRetryAfterMs(random: () => number = Math.random): number {
  const { min, max } = SOCKET_RETRY_AFTER_MS;
  return Math.round(min + random() * (max - min));
}

/**
 * The client's pause before its next try, after `refusedInARow` (1, 2, …) `unavailable` refusals in
 * a row: the server's pause (the minimum when it sent none or nonsense), half again longer for each
 * refusal before this one, capped, then between 80 % and 100 % of that at random.
 */
export function socketReconnectDelayMs(retryAfterMs: unknown, refusedInARow: number, random: () => number = Math.random): number {
  const asked = typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? retryAfterMs : SOCKET_RETRY_AFTER_MS.min;
  const grown = Math.min(SOCKET_RETRY_CAP_MS, asked * 1.5 ** Math.min(Math.max(refusedInARow - 1, 0), 10));
  return Math.round(grown * (0.8 + 0.2 * random()));
}
