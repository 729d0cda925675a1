/**
 * Times in the seller's zone (issue 32): an action mail states its deadline in the zone the seller
 * chose, naming it (UTC without a choice); the downloaded run record names its zone in the time
 * column; the page formatters show times in the given zone and say which it is.
 */
import { describe, expect, it } from 'vitest';
import { notificationMail } from '../../infra/notifications/mail.js';
import type { NotificationPlan } from '../../domain/notifications.js';
import { recordCsv } from '../../web/src/lib/comfort.js';
import { formatters } from '../../web/src/i18n/format.js';
import en from '../../web/src/i18n/dict/en.js';

// 2026-11-28 10:30 UTC is 19:30 in Tokyo (UTC+9, no daylight saving).
const AT = Date.UTC(2026, 10, 28, 10, 30);
const plan: NotificationPlan = {
  eventId: 'e1', kind: 'action_needed', subject: { process: 'comfort-run', id: 'run-1' }, titleCode: 'action_needed.title',
  bodyCode: 'action_needed.body', params: {}, link: '/member/sold-record?run=run-1', deadline: AT,
};

describe("times in the seller's zone", () => {
  it('an action mail gives the deadline in the chosen zone and names it; UTC without a choice', () => {
    const tokyo = notificationMail('s@example.com', 'en', plan, 'n1', 'https://coin.example', [], 'Asia/Tokyo');
    expect(tokyo.text).toContain('Deadline: 28 Nov 2026, 19:30 Asia/Tokyo');
    expect(tokyo.html).toContain('28 Nov 2026, 19:30 Asia/Tokyo');
    expect(notificationMail('s@example.com', 'en', plan, 'n1', 'https://coin.example', [], null).text).toContain('Deadline: 28 Nov 2026, 10:30 UTC');
  });

  it('the page formatters show times in the zone they are given and name it', () => {
    const f = formatters('en', 'EUR', 'Asia/Tokyo');
    expect(f.date(AT)).toBe('2026-11-28 19:30:00');
    expect(f.zone).toBe('Asia/Tokyo');
  });

  it("the run record's time column names the zone its times are in", () => {
    const fill = (key: string, params: Record<string, unknown> = {}) => {
      const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;
      return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
    };
    const f = formatters('en', 'EUR', 'Asia/Tokyo');
    const csv = recordCsv(fill as never, (at) => f.date(at), [{ at: AT, status: 'paid', subState: 'none', coinsTransferred: 100_000, successCount: 1, totalCount: 1 }], null, f.zone);
    const [head, row] = csv.replace('\uFEFF', '').split('\r\n');
    expect(head.split(',')[0]).toBe('"Time (Asia/Tokyo)"');
    expect(row.split(',')[0]).toBe('"2026-11-28 19:30:00"');
  });
});
