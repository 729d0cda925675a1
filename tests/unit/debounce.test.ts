import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, debounce } from '../../web/src/ui/debounce.js';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('defaults to 300 ms', () => {
    expect(DEBOUNCE_MS).toBe(300);
    const fn = vi.fn();
    const check = debounce(fn);
    check('a');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('calls once with the latest arguments after the pause', () => {
    const fn = vi.fn();
    const check = debounce(fn, 100);
    check('a');
    vi.advanceTimersByTime(90);
    check('ab');
    vi.advanceTimersByTime(90);
    check('abc');
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([['abc']]);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const check = debounce(fn, 100);
    check(1);
    check.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });

  it('flush runs the pending call now, once', () => {
    const fn = vi.fn();
    const check = debounce(fn, 100);
    check(1);
    check.flush();
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(500);
    check.flush();
    expect(fn).toHaveBeenCalledOnce();
  });
});
