import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/client-config.js';
import { COMFORT_STATES, COMFORT_TABLE, SUB_STATE_TEXT, ERROR_SUB_STATES } from '../../domain/comfort-trade.js';
import { NOTIFICATION_TEXTS, notificationText } from '../../domain/notification-texts.js';
import { COMFORT_NOTIFY, MANDATORY_KINDS, NOTIFICATION_KINDS, effectivePreferences, notificationsFor, type NotificationPlan } from '../../domain/notifications.js';
import { comfortRunEvent } from '../../domain/seller-events.js';
import { firstRunView } from '../../domain/comfort-batch.js';

describe('notification texts', () => {
  it('every language has every code, with the same placeholders as English', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      for (const [code, en] of Object.entries(NOTIFICATION_TEXTS.en)) {
        expect(NOTIFICATION_TEXTS[lang][code], `${lang} ${code}`).toBeTruthy();
        expect(placeholders(NOTIFICATION_TEXTS[lang][code]), `${lang} ${code}`).toEqual(placeholders(en));
      }
    }
  });
});

describe('notifications from the comfort table', () => {
  const view = (over: Record<string, unknown>) => ({
    ...firstRunView({ runId: 'r1', sellerId: 's1', platform: 'ps', originEmail: 'g@example.com', loginMethod: 'backup_codes', transferTime: '24h', coinAmount: 200_000, unitPriceCents: 250, credentialsRef: 'secret:x', createdAt: 1, timings: {} as never } as never),
    ...over,
  });
  const plans = (over: Record<string, unknown>): NotificationPlan[] => notificationsFor(comfortRunEvent(view(over) as never));

  it('a state waiting for the seller is an action with the sub-state\'s words and the deadline; every text exists', () => {
    for (const sub of ERROR_SUB_STATES.filter((s) => SUB_STATE_TEXT[s].fixer === 'seller')) {
      const [p] = plans({ state: 'waiting_seller', status: 'error', subState: sub, fixBy: 5_000, version: 7 });
      expect(p).toMatchObject({ kind: 'action_needed', bodyCode: `action_needed.${sub}`, deadline: 5_000, eventId: 'comfort-run:updated:r1:v7', link: '/member/sold-record?run=r1' });
      expect(notificationText('en', p.bodyCode, p.params)).not.toContain('{');
    }
  });

  it('every state has a rule; waiting_seller and payment_error wait for the seller, payment_error with its own mail', () => {
    expect(Object.keys(COMFORT_NOTIFY).sort()).toEqual([...COMFORT_STATES].sort());
    // Payment Error is the seller's to fix (saving payout details resumes it, docs/comfort-trade.md).
    expect(COMFORT_STATES.filter((s) => COMFORT_TABLE.states[s].waitsFor === 'seller')).toEqual(['waiting_seller', 'payment_error']);
    expect(COMFORT_NOTIFY.payment_error).toEqual({ kind: 'payment_error', once: 'entry' });
  });

  it('transfer completed and credited are once per run; progress tells nothing', () => {
    expect(plans({ state: 'transferring', version: 3 })).toEqual([]);
    const [done] = plans({ state: 'transfer_completed', version: 4 });
    const [again] = plans({ state: 'transfer_completed', version: 9 });
    expect(done.eventId).toBe(again.eventId);
    expect(plans({ state: 'pending_payment', creditedCents: 500, releaseAt: 10, version: 5 })[0]).toMatchObject({ kind: 'credited', params: { amountCents: 500, availableAt: 10 } });
  });

  it('mandatory kinds stay on whatever is stored', () => {
    const off = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { email: false, inApp: false, push: false }]));
    const p = effectivePreferences(off);
    for (const k of NOTIFICATION_KINDS) expect(p[k]).toEqual(MANDATORY_KINDS.has(k) ? { email: true, inApp: true, push: true } : { email: false, inApp: false, push: false });
  });
});
