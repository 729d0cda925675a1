import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from '../../web/src/state/keep-alive.js';
import { mergeEvents } from '../../web/src/state/live.js';
import { PausableTimer } from '../../web/src/lib/timer.js';
import { checkPromptValue, feedback, messageBox, notify, toast, closeDialogsOnHashChange } from '../../web/src/state/feedback.js';
import { applyViewport, settings } from '../../web/src/state/settings.js';
import { filterQuestions } from '../../web/src/lib/faq-search.js';
import { supportChannels } from '../../web/src/state/settings.js';
import type { LiveEvent } from '../../domain/live-events.js';

describe('keep-alive page cache', () => {
  it('keeps at most 10 pages and evicts the least recently used', () => {
    const cache = new PageCache();
    for (let i = 0; i < 10; i++) cache.visit(`/p${i}`, 'r', {});
    cache.visit('/p0', 'r', {}); // p0 is now the most recent, p1 the least
    const pages = cache.visit('/p10', 'r', {});
    expect(pages).toHaveLength(10);
    expect(pages.map((p) => p.key)).toContain('/p0');
    expect(pages.map((p) => p.key)).not.toContain('/p1');
  });

  it('keeps first-visit order so kept pages are not re-mounted', () => {
    const cache = new PageCache(3);
    cache.visit('/a', 'a', {});
    cache.visit('/b', 'b', {});
    const again = cache.visit('/a', 'a', {});
    expect(again.map((p) => p.key)).toEqual(['/a', '/b']);
    expect(cache.visit('/a', 'a', {})).toBe(again); // same visit twice changes nothing
  });
});

describe('live events', () => {
  const ev = (id: string): LiveEvent => ({ id, sellerId: 's', type: 'probe:sent', subject: `c:${id}`, data: {}, at: '2030-01-01T00:00:00Z' });
  it('merges without duplicates, in id order, keeping the newest', () => {
    const merged = mergeEvents([ev('0a'), ev('0c')], [ev('0b'), ev('0c'), ev('0d')]);
    expect(merged.map((e) => e.id)).toEqual(['0a', '0b', '0c', '0d']);
    expect(mergeEvents(merged, [ev('0e')], 3).map((e) => e.id)).toEqual(['0c', '0d', '0e']);
  });
});

describe('toast and notification timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a paused timer waits for the rest of its time after resuming', () => {
    const done = vi.fn();
    const timer = new PausableTimer(3000, done);
    timer.start();
    vi.advanceTimersByTime(1000);
    timer.pause(); // pointer over the toast
    vi.advanceTimersByTime(10_000);
    expect(done).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('toasts last 3000 ms and notifications 4500 ms by default', () => {
    toast('hello');
    notify('title', 'body');
    expect(feedback.toasts.at(-1)).toMatchObject({ text: 'hello', duration: 3000 });
    expect(feedback.notifications.at(-1)).toMatchObject({ title: 'title', duration: 4500 });
  });
});

describe('message box prompt checks', () => {
  const fallback = { required: 'This information is required', invalid: 'Please check your input' };
  it('fails a pattern with the given message, and passes a match', () => {
    const opts = { pattern: /^\d{8}$/, errorMessage: 'Please input correct code 1 (8 digits)' };
    expect(checkPromptValue('1234', opts, fallback)).toBe('Please input correct code 1 (8 digits)');
    expect(checkPromptValue('12345678', opts, fallback)).toBeNull();
  });
  it('runs a custom check that may return its own message', () => {
    const validator = (v: string) => (v === 'taken' ? 'This username is already taken' : v.length >= 4);
    expect(checkPromptValue('taken', { validator }, fallback)).toBe('This username is already taken');
    expect(checkPromptValue('abc', { validator }, fallback)).toBe('Please check your input');
    expect(checkPromptValue('abcd', { validator }, fallback)).toBeNull();
  });
  it('requires a value when asked', () => {
    expect(checkPromptValue('  ', { required: true }, fallback)).toBe('This information is required');
  });
  it('a global pattern is checked from its start every time', () => {
    const opts = { pattern: /a/g };
    expect(checkPromptValue('a', opts, fallback)).toBeNull();
    expect(checkPromptValue('a', opts, fallback)).toBeNull();
  });
  it('closes open message boxes on a hash change', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const stop = closeDialogsOnHashChange();
    const answer = messageBox({ kind: 'prompt', message: 'Code?' });
    expect(feedback.dialogs).toHaveLength(1);
    target.dispatchEvent(new Event('hashchange'));
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(feedback.dialogs).toHaveLength(0);
    stop();
    vi.unstubAllGlobals();
  });
});

describe('client settings', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
  it('recomputes layout flags, device flags and root font size on resize', () => {
    expect(settings.theme).toBeUndefined();
    applyViewport(360, IPHONE);
    expect(settings.layout).toEqual({ pc: false, mobile: true, ipad: false });
    expect(settings.device).toMatchObject({ isMobile: true, isIos: true, isMobileOrTablet: true });
    expect(settings.rootFontSize).toBe(65);
    applyViewport(800, DESKTOP);
    expect(settings.layout).toEqual({ pc: false, mobile: true, ipad: true });
    expect(settings.device).toMatchObject({ isMobile: false, isIos: false });
    applyViewport(1280, DESKTOP);
    expect(settings.layout).toEqual({ pc: true, mobile: false, ipad: false });
    expect(settings.rootFontSize).toBe(100);
  });
});

describe('FAQ search', () => {
  const items = [
    { q: 'Which payout methods?', a: 'PayPal, Skrill and USDT.' },
    { q: 'How long?', a: 'Within 72 hours.' },
  ];
  it('matches every word, in question or answer, ignoring case', () => {
    expect(filterQuestions(items, 'paypal')).toEqual([items[0]]);
    expect(filterQuestions(items, 'within HOURS')).toEqual([items[1]]);
    expect(filterQuestions(items, 'paypal hours')).toEqual([]);
    expect(filterQuestions(items, '  ')).toEqual(items);
  });
});

describe('support channels', () => {
  // The API checks the operator's list at start (tests/unit/support-channels.test.ts); the page shows exactly it.
  it("shows the configured channels, and no placeholder before the configuration has loaded", () => {
    expect(supportChannels(null)).toEqual([]);
    expect(supportChannels({ supportChannels: [{ id: 'qq', value: '123' }] })).toEqual([{ id: 'qq', value: '123' }]);
  });
});

describe('formatting per language and currency', async () => {
  const { formatters } = await import('../../web/src/i18n/format.js');
  it('formats money, numbers and dates in the language of the page', () => {
    expect(formatters('de', 'EUR').money(2000)).toMatch(/^20,00\s€$/);
    expect(formatters('en', 'EUR').money(123456)).toBe('€1,234.56');
    expect(formatters('fr', 'EUR').number(100000)).toMatch(/^100\s000$/);
    expect(formatters('de', 'USD').money(2000)).toMatch(/^20,00\s\$$/);
    expect(formatters('ar', 'EUR').number(12)).not.toBe('');
    const f = formatters('zh', 'EUR');
    expect(f.date(1_700_000_000)).toBe(f.date(1_700_000_000_000)); // 10 digits are seconds
    expect(f.date(new Date(2030, 0, 2, 3, 4, 5))).toBe('2030-01-02 03:04:05');
  });
});
