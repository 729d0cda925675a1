import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedLookup } from '../../infra/batched-lookup.js';

import { latency } from '../support/stand-ins.js';

afterEach(() => { vi.useRealTimers(); });

describe('batchedLookup: asks made together share reads', () => {
  it('answers 100 asks made at once with a few reads, each with its own answer', async () => {
    const reads: string[][] = [];
    const lookup = batchedLookup(async (ids) => { reads.push(ids); await latency(20); return new Set(ids.filter((id) => Number(id) % 2 === 0)); });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => lookup(String(i))));
    expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => i % 2 === 0));
    expect(reads.length).toBeLessThanOrEqual(3);
    expect(reads.flat().sort()).toEqual(Array.from({ length: 100 }, (_, i) => String(i)).sort());
  });

  it('reads again for asks that arrive after a read started: an answer is never older than its ask', async () => {
    let live = new Set(['a']);
    let readStarted = () => {};
    const started = new Promise<void>((r) => { readStarted = r; });
    const lookup = batchedLookup(async (ids) => { const now = new Set(ids.filter((id) => live.has(id))); readStarted(); await latency(30); return now; });
    const first = lookup('a');
    await started;
    live = new Set(); // 'a' ended while the first read was in flight
    const second = lookup('a');
    expect(await first).toBe(true);
    expect(await second).toBe(false);
  });

  it('does not hold later asks behind a read that hangs: they get a read of their own after the patience', async () => {
    let calls = 0;
    const lookup = batchedLookup(async (ids) => {
      calls++;
      if (calls === 1) return new Promise<Set<string>>(() => undefined); // the database stopped answering
      return new Set(ids);
    }, { patienceMs: 50 });
    vi.useFakeTimers();
    void lookup('stuck');
    let answer: boolean | undefined;
    void lookup('x').then((a) => { answer = a; });
    // Not before the patience, and at it: the clock is moved, not waited for.
    await vi.advanceTimersByTimeAsync(49);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(answer).toBe(true));
    expect(calls).toBe(2);
  });

  it('a failed read fails only the asks it carried', async () => {
    let calls = 0;
    const lookup = batchedLookup(async (ids) => {
      calls++;
      await latency(10);
      if (calls === 1) throw new Error('database unavailable');
      return new Set(ids);
    });
    const first = lookup('a');
    const second = lookup('b');
    await expect(first).rejects.toThrow('database unavailable');
    expect(await second).toBe(true);
  });
});
