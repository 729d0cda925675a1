/**
 * The web's words for notifications: a text in every language for every code the backend makes
 * (domain/notification-texts.ts lists them), placeholders the backend's params fill, the mandatory
 * refusal in the API's words, and relative times in the language.
 */
import { isTimingPromise } from '../../domain/timing-promises.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/client-config.js';
import * as messages from '../../domain/messages.js';
import { NOTIFICATION_TEXTS, notificationText as notificationText2 } from '../../domain/notification-texts.js';
import { notificationMail } from '../../infra/notifications/mail.js';
import { notificationPush } from '../../infra/web-push/payload.js';
import { NOTIFICATION_KINDS, accountNotification, notificationsFor, reminderOf, type NotificationPlan } from '../../domain/notifications.js';
import { comfortRunEvent } from '../../domain/seller-events.js';
import { firstRunView } from '../../domain/comfort-batch.js';
import { ERROR_SUB_STATES, SUB_STATE_TEXT } from '../../domain/comfort-trade.js';
import en from '../../web/src/i18n/dict/en.js';
import { loadTexts, setLanguage, t, TEXT_PARTS } from '../../web/src/i18n/index.js';
import { notificationText, relativeTime, type NotificationView } from '../../web/src/lib/notifications.js';

// Pages load their parts of the texts before they render; these tests read texts of every part.
beforeAll(() => loadTexts(TEXT_PARTS));

const CODES = Object.keys(NOTIFICATION_TEXTS.en).filter((c) => !c.startsWith('mail.'));

const view = (p: NotificationPlan): NotificationView => ({
  id: 'n1', kind: p.kind, subject: p.subject, titleCode: p.titleCode, bodyCode: p.bodyCode, params: p.params, link: p.link, createdAt: 1, readAt: null,
});

/** Every plan the domain makes, from real events of each process (and the account notices). */
function allPlans(): NotificationPlan[] {
  const run = (over: Record<string, unknown>) => notificationsFor(comfortRunEvent({
    ...firstRunView({ runId: 'r1', sellerId: 's1', platform: 'ps', originEmail: 'g@example.com', loginMethod: 'backup_codes', transferTime: '24h', coinAmount: 200_000, unitPriceCents: 250, credentialsRef: 'secret:x', createdAt: 1, timings: {} as never } as never),
    ...over,
  } as never));
  const feed = (type: string, data: Record<string, unknown>) => notificationsFor({ type, subject: 'x', data: { version: 1, ...data } } as never);
  const plans = [
    ...ERROR_SUB_STATES.filter((s) => SUB_STATE_TEXT[s].fixer === 'seller').flatMap((subState) => run({ state: 'waiting_seller', status: 'error', subState, fixBy: 5_000 })),
    ...run({ state: 'waiting_seller', status: 'error', subState: 'none', fixBy: 5_000 }),
    ...run({ state: 'transfer_completed', coinsTransferred: 180_000 }),
    ...run({ state: 'pending_payment', creditedCents: 500, releaseAt: 10 }),
    ...run({ state: 'payment_error', estimatedIncomeCents: 500 }),
    ...feed('purchase:updated', { state: 'frozen', purchaseId: 'p1', incomeCents: 900, playerName: 'Mbappé', releaseAt: 10 }),
    // Waits only support ends (each sub-state, retries run out, an unknown reason) and money that became available.
    ...ERROR_SUB_STATES.filter((s) => SUB_STATE_TEXT[s].fixer === 'support').flatMap((subState) => run({ state: 'waiting_support', status: 'error', subState })),
    ...run({ state: 'waiting_support', status: 'error', subState: 'none' }),
    ...run({ state: 'stalled', status: 'error', subState: 'retries_exhausted' }),
    ...run({ state: 'paid', creditedCents: 500 }),
    ...feed('purchase:updated', { state: 'stuck', purchaseId: 'p1', incomeCents: 900, playerName: 'Mbappé' }),
    ...feed('purchase:updated', { state: 'available', purchaseId: 'p1', incomeCents: 900, playerName: 'Mbappé' }),
    ...(['paid', 'failed', 'refused', 'delayed'] as const).flatMap((state) => feed('withdrawal:updated', { state, withdrawalId: 'w1', amountCents: 3_000, method: 'paypal', totalPayoutCents: 3_100, currency: 'USD' })),
    ...(['api_access_enabled', 'api_access_disabled', 'api_key_issued', 'api_key_revoked', 'api_key_rotated', 'webhook_registered', 'webhook_rotated', 'webhook_removed_key_revoked', 'webhook_removed_key_rotated', 'webhook_removed_access_off', 'payout_changed', 'payoneer_bound', 'payoneer_removed'] as const)
      .map((a) => accountNotification(a, 'e1', { changedAt: 1, name: 'Shop', prefix: 'cm_ab12', url: 'https://hooks.example.test/coins', method: 'paypal', address: 'fir***com', account: 'pay***com' })),
    // The buy window is quiet today (PURCHASE_NOTIFY.reserved is null), but the code has words: the domain's shape for it.
    { eventId: 'purchase:updated:p1:v2', kind: 'action_needed', subject: { process: 'purchase', id: 'p1' }, titleCode: 'action_needed.title', bodyCode: 'action_needed.purchase', params: { player: 'Mbappé', deadline: 10 }, link: '/member/player-record?purchase=p1', deadline: 10 } satisfies NotificationPlan,
  ];
  return [...plans, ...plans.filter((p) => p.kind === 'action_needed').map(reminderOf)];
}

describe('web notification texts', () => {
  afterAll(() => setLanguage('en'));

  it('the plans cover every code and every kind the backend has words for', () => {
    const plans = allPlans();
    const used = new Set(plans.flatMap((p) => [p.titleCode, p.bodyCode]));
    expect(CODES.filter((c) => !used.has(c))).toEqual([]);
    expect(NOTIFICATION_KINDS.filter((k) => !plans.some((p) => p.kind === k))).toEqual([]);
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every notification reads in the language, every placeholder filled from the backend's params`, async () => {
      await setLanguage(lang);
      for (const p of allPlans()) {
        const { title, body } = notificationText(t, view(p), lang, 'UTC');
        for (const [part, text] of [['title', title], ['body', body]]) {
          expect(text, `${lang} ${p.kind} ${part}`).toBeTruthy();
          expect(text, `${lang} ${p.kind} ${part}`).not.toMatch(/\{\{|\}\}/);
          // Filled from params, never an empty hole ("of  coins", "()").
          expect(text, `${lang} ${p.kind} ${part}`).not.toMatch(/\(\s*[,،，]?\s*\)|\s{2}/);
        }
      }
      for (const kind of NOTIFICATION_KINDS) expect(t(`notifications.${kind}.label`), `${lang} ${kind} label`).toBeTruthy();
    });
  }

  it('every placeholder of the English template is a param the backend sends (the other languages have the same ones)', () => {
    const words = en.notifications.say;
    for (const p of allPlans()) {
      for (const code of [p.titleCode, p.bodyCode]) {
        const [kind, part] = code.split('.') as [string, string];
        const template = words[kind]?.[part] ?? '';
        expect(template, code).toBeTruthy();
        // The timing promises (domain/timing-promises.ts) are filled by the renderer itself, not sent by the backend.
        const missing = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !(name in p.params) && !(`${name}Cents` in p.params) && !isTimingPromise(name));
        // `{amount}` is filled from `amountCents`.
        expect(missing, `${p.kind} ${code}`).toEqual([]);
      }
    }
  });

  // Issue 33: the bell and the notifications page said other words than the mail and push of the same
  // notification ("You need to do nothing" / "You do not need to do anything"…).
  for (const lang of LANGUAGES) {
    it(`${lang}: the page says every notification in the very words of its mail and push message`, async () => {
      await setLanguage(lang);
      for (const p of allPlans()) {
        const page = notificationText(t, view(p), lang, 'UTC');
        const push = notificationPush(lang, p, 'n1', 'UTC');
        const mail = notificationMail('s@example.com', lang, p, 'n1', 'https://coinmarket.example.test', [], 'UTC');
        expect(page.title, `${lang} ${p.titleCode}`).toBe(push.title);
        expect(page.body, `${lang} ${p.bodyCode}`).toBe(notificationText2(lang, p.bodyCode, p.params, 'UTC'));
        expect(mail.text, `${lang} ${p.bodyCode}`).toContain(page.body);
        expect(mail.subject.startsWith(page.title), `${lang} ${p.titleCode}`).toBe(true);
      }
    });
  }

  it('English says the refusal of turning a mandatory kind off in the API\'s words', () => {
    expect(en.notifications.codes.NOTIFICATION_MANDATORY).toBe(messages.NOTIFICATION_MANDATORY);
  });

  it("ships none of the mails' own lines (mailTexts) in the web's notification texts of any language", async () => {
    for (const lang of LANGUAGES) {
      const part = (await import(`../../web/src/i18n/dict/notifications/${lang}.ts`)).default as { say: Record<string, unknown> };
      expect(Object.keys(part.say), lang).not.toContain('mail');
      // The mails still have every one of them.
      expect(NOTIFICATION_TEXTS[lang]['mail.footer'], lang).toBeTruthy();
      expect(NOTIFICATION_TEXTS[lang]['mail.support'], lang).toContain('{support}');
    }
  });
  it('relative times in the language', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(relativeTime(now - 2 * 3_600_000, now, 'en-GB')).toBe('2 hours ago');
    expect(relativeTime(now + 2 * 3_600_000 - 900, now, 'en-GB')).toBe('in 2 hours');
    expect(relativeTime(now - 30_000, now, 'en-GB')).toBe('now');
    expect(relativeTime(now - 86_400_000, now, 'en-GB')).toBe('yesterday');
    expect(relativeTime(now - 2 * 3_600_000, now, 'ar')).toMatch(/ساعت/);
  });
});
