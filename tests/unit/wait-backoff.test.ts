import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually, MAX_GAP_MS } from '../support/wait.js';

/** The moments (fake time) at which a wait read what it waits for, until it timed out after `ms`. */
async function readTimes(ms: number, options: { everyMs?: number } = {}): Promise<number[]> {
  const start = vi.getMockedSystemTime()!.getTime();
  const times: number[] = [];
  const waiting = eventually(() => { times.push(vi.getMockedSystemTime()!.getTime() - start); return false; }, (v) => expect(v).toBe(true), { timeoutMs: ms, ...options }).catch(() => 'timed out');
  await vi.advanceTimersByTimeAsync(ms + MAX_GAP_MS);
  expect(await waiting).toBe('timed out');
  return times;
}

describe('the wait helper', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('reads quickly at first, then at most every 250 ms, until its deadline', async () => {
    vi.useFakeTimers();
    const times = await readTimes(5_000);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBe(50);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.max(...gaps)).toBe(MAX_GAP_MS);
    // Five seconds of a wait that never holds: about 20 reads at the longest pause, not the 100 of a fixed 50 ms.
    expect(times.length).toBeLessThan(30);
    expect(times.at(-1)!).toBeGreaterThanOrEqual(5_000);
  });

  it('keeps the pause a caller gives', async () => {
    vi.useFakeTimers();
    const times = await readTimes(1_000, { everyMs: 20 });
    expect(new Set(times.slice(1).map((t, i) => t - times[i]!))).toEqual(new Set([20]));
  });
});
