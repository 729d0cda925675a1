/**
 * A push message says its times in the seller's zone and names it, as the mail of the same notice
 * does: a seller in Tokyo who reads "Resubmit by … UTC" on the lock screen does the sum or misses it.
 */
import { describe, expect, it } from 'vitest';
import { notificationPush } from '../../infra/web-push/payload.js';
import { notificationMail } from '../../infra/notifications/mail.js';
import type { NotificationPlan } from '../../domain/notifications.js';

// 2026-11-28 15:30 UTC is 2026-11-29 00:30 in Tokyo: the day changes too.
const deadline = Date.UTC(2026, 10, 28, 15, 30);
const plan: NotificationPlan = {
  eventId: 'e1', kind: 'action_needed', subject: { process: 'comfort-run', id: 'run-1' }, titleCode: 'action_needed.title',
  bodyCode: 'action_needed.wrong_password', params: { coins: 300_000, deadline }, link: '/member/sold-record', deadline,
};

describe('push message times', () => {
  it('are in the seller\'s chosen zone, named, and agree with the mail', () => {
    const push = notificationPush('en', plan, 'n1', 'Asia/Tokyo');
    expect(push.body).toContain('29 Nov 2026, 00:30 Asia/Tokyo');
    expect(push.body).not.toContain('UTC');
    const mail = notificationMail('seller@example.com', 'en', plan, 'n1', 'https://coins.example', [], 'Asia/Tokyo');
    expect(mail.text).toContain('29 Nov 2026, 00:30 Asia/Tokyo');
  });

  it('are in UTC, named, for a seller without a choice', () => {
    expect(notificationPush('en', plan, 'n1', null).body).toContain('28 Nov 2026, 15:30 UTC');
  });

  it('follow the seller\'s language in that zone', () => {
    const body = notificationPush('de', plan, 'n1', 'Asia/Tokyo').body;
    expect(body).toContain('29.11.2026');
    expect(body).toContain('Asia/Tokyo');
  });
});
