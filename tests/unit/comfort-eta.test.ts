import { describe, expect, it } from 'vitest';
import { MIN_STALL_MS, transferEta, type TransferProgress } from '../../domain/comfort-trade.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const run = (over: Partial<TransferProgress> = {}): TransferProgress => ({
  transferTime: '48h', successCount: 0, totalCount: 4, pace: { startedAt: T0, partsAtStart: 0, progressAt: T0 }, ...over,
});

describe('transferEta: expected finish, last update and no progress of a transferring run', () => {
  it('has nothing to say for a run without a pace (not transferring, or recorded before the pace existed)', () => {
    expect(transferEta(run({ pace: null }), T0)).toBeNull();
    expect(transferEta(run({ pace: undefined }), T0)).toBeNull();
  });

  it('before a part moved: the chosen transfer time from the start, the pace it implies per part', () => {
    const eta = transferEta(run(), T0 + 3.5 * MIN)!;
    expect(eta.measured).toBe(false);
    expect(eta.finishAt).toBe(T0 + 48 * HOUR);
    expect(eta.perPartMs).toBe(12 * HOUR);
    expect(eta.lastUpdateAt).toBe(T0);
    // 0 / 4 for 3.5 minutes is not "no progress" at a 12-hour part pace (the stuck-looking run).
    expect(eta.stalledForMs).toBeNull();
    expect(eta.stallAfterMs).toBe(24 * HOUR);
  });

  it('measures the pace from the parts moved since the start and projects the rest', () => {
    // 2 of 5 parts moved in the 2 hours after the start: one hour each, 3 to go.
    const r = run({ successCount: 2, totalCount: 5, pace: { startedAt: T0, partsAtStart: 0, progressAt: T0 + 2 * HOUR } });
    const eta = transferEta(r, T0 + 2 * HOUR + 10 * MIN)!;
    expect(eta.measured).toBe(true);
    expect(eta.perPartMs).toBe(HOUR);
    expect(eta.finishAt).toBe(T0 + 5 * HOUR);
    expect(eta.lastUpdateAt).toBe(T0 + 2 * HOUR);
    expect(eta.stallAfterMs).toBe(2 * HOUR);
    expect(eta.stalledForMs).toBeNull();
  });

  it('says "no progress" once nothing moved for two parts at the measured pace, and pushes the finish past now', () => {
    const r = run({ successCount: 2, totalCount: 5, pace: { startedAt: T0, partsAtStart: 0, progressAt: T0 + 2 * HOUR } });
    expect(transferEta(r, T0 + 4 * HOUR - 1)!.stalledForMs).toBeNull();
    const late = transferEta(r, T0 + 4 * HOUR)!;
    expect(late.stalledForMs).toBe(2 * HOUR);
    // The overdue part is still to come: the two after it take an hour each from now.
    expect(late.finishAt).toBe(T0 + 6 * HOUR);
  });

  it('counts only the parts moved since the transfer (re)started, after an error paused it', () => {
    // 3 parts moved before a Wrong Backup Codes pause; after the resubmit one more in 30 minutes.
    const r = run({ successCount: 4, totalCount: 6, pace: { startedAt: T0, partsAtStart: 3, progressAt: T0 + 30 * MIN } });
    const eta = transferEta(r, T0 + 30 * MIN)!;
    expect(eta.perPartMs).toBe(30 * MIN);
    expect(eta.finishAt).toBe(T0 + 90 * MIN);
  });

  it('never calls a short pause "no progress": fast transfers wait at least the provider pick-up time', () => {
    const r = run({ successCount: 1, totalCount: 4, pace: { startedAt: T0, partsAtStart: 0, progressAt: T0 + 2_000 } });
    const eta = transferEta(r, T0 + 2_000 + MIN_STALL_MS - 1)!;
    expect(eta.stallAfterMs).toBe(MIN_STALL_MS);
    expect(eta.stalledForMs).toBeNull();
    expect(transferEta(r, T0 + 2_000 + 11 * MIN)!.stalledForMs).toBe(11 * MIN);
  });

  it('with every part moved, the finish is now at the latest (the completion is on its way)', () => {
    const r = run({ successCount: 4, totalCount: 4, pace: { startedAt: T0, partsAtStart: 0, progressAt: T0 + 4 * HOUR } });
    expect(transferEta(r, T0 + 4 * HOUR + MIN)!.finishAt).toBe(T0 + 4 * HOUR + MIN);
  });
});
