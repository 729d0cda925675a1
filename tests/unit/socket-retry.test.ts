import { describe, expect, it } from 'vitest';
import { SOCKET_RETRY_AFTER_MS, SOCKET_RETRY_CAP_MS, socketReconnectDelayMs, socketRetryAfterMs } from '../../domain/socket-retry.js';

describe('socket retry pauses (an unavailable handshake)', () => {
  it('asks for 1-3 s, spread over the whole range', () => {
    expect(socketRetryAfterMs(() => 0)).toBe(SOCKET_RETRY_AFTER_MS.min);
    expect(socketRetryAfterMs(() => 0.999_999)).toBe(SOCKET_RETRY_AFTER_MS.max);
    expect(socketRetryAfterMs(() => 0.5)).toBe(2_000);
  });

  it('waits what the server asked, half again longer for each refusal in a row, never past the cap', () => {
    const top = () => 1; // no spread: the upper end
    expect(socketReconnectDelayMs(2_000, 1, top)).toBe(2_000);
    expect(socketReconnectDelayMs(2_000, 2, top)).toBe(3_000);
    expect(socketReconnectDelayMs(2_000, 3, top)).toBe(4_500);
    expect(socketReconnectDelayMs(2_000, 50, top)).toBe(SOCKET_RETRY_CAP_MS);
    expect(socketReconnectDelayMs(10 * SOCKET_RETRY_CAP_MS, 1, top)).toBe(SOCKET_RETRY_CAP_MS);
    // The spread takes off at most a fifth, so clients refused together do not come back together.
    expect(socketReconnectDelayMs(2_000, 1, () => 0)).toBe(1_600);
  });

  it('falls back to the shortest pause when the server sent none or nonsense', () => {
    for (const asked of [undefined, null, 'soon', -5, 0, Number.NaN, Infinity]) {
      expect(socketReconnectDelayMs(asked, 1, () => 1)).toBe(SOCKET_RETRY_AFTER_MS.min);
    }
  });
});
