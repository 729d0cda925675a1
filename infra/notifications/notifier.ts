/**
 * The one notification service: every process change reaches it through the announcer
 * (infra/seller-feed/announce.ts), the domain decides what the change tells the seller
 * (domain/notifications.ts), and each notification is made once per channel: the in-app entry by
 * its unique `_id` (the insert that wins publishes `notification:added`), the mail through the
 * mail and push outboxes (infra/notifications/claimed-outbox.ts). Preferences choose the channels; mandatory kinds always
 * go. Reminders come from a sweep over runs still waiting for the seller near their deadline.
 */
import type { Collection, Db } from 'mongodb';
import { NOTIFICATION_ADDED, NOTIFICATION_RESOLVED } from '../../domain/live-events.js';
import { notificationText } from '../../domain/notification-texts.js';
import {
  COMFORT_NOTIFY, notificationId, notificationsFor, reminderOf, toNotificationView, waitsEndedBy,
  type NotifiableEvent, type NotificationDoc, type NotificationPlan, type RunContext,
} from '../../domain/notifications.js';
import { comfortRunEvent } from '../../domain/seller-events.js';
import { COMFORT_TABLE, type ComfortState } from '../../domain/comfort-trade.js';
import type { EventDoc } from '../live/events-collection.js';
import { publishEvent } from '../live/publish.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/mailer.js';
import { RUNS_COLLECTION, type ComfortRunDoc } from '../comfort/runs.js';
import { NotificationInbox } from './inbox.js';
import { notificationMail } from './mail.js';
import type { OutboxOptions } from './claimed-outbox.js';
import { MailOutbox } from './outbox.js';
import { NotificationPreferencesStore } from './preferences.js';
import { PushOutbox } from '../web-push/outbox.js';
import { notificationPush } from '../web-push/payload.js';
import type { PushSender } from '../web-push/sender.js';
import type { SupportChannel } from '../../domain/support-channels.js';

export interface NotifierOptions {
  /**
   * Mail: without it notifications are in-app only. `publicUrl` makes the links in mails (a function:
   * the API knows its address only once it listens). Without a mailer (the support tool) mails are
   * queued for the workers' sweep.
   */
  mail?: { mailer: Mailer | null; publicUrl: string | (() => string); outbox?: Partial<OutboxOptions> };
  /** Web Push (infra/web-push/): without it nothing is pushed; with a null sender pushes are queued for the workers' sweep. */
  push?: { sender: PushSender | null; outbox?: Partial<OutboxOptions> };
  /** The operator's support channels (SUPPORT_CHANNELS_JSON, as the pages show them): named in the mail of a wait only support can end. */
  supportChannels?: readonly SupportChannel[];
  /** How long before a seller deadline the reminder goes (24 hours of the 72). */
  reminderBeforeMs?: number;
  /** How often the outbox and reminder sweeps run (their Temporal Schedules, workers/sweeps.ts). */
  sweepMs?: number;
}
export const DEFAULT_REMINDER_BEFORE_MS = 24 * 3_600_000;
export const DEFAULT_NOTIFY_SWEEP_MS = 30_000;

/** Comfort states whose notification is an action with a deadline: where a reminder can be due. */
const REMINDED_STATES = (Object.keys(COMFORT_NOTIFY) as ComfortState[]).filter((s) => COMFORT_NOTIFY[s] === 'by-table' && COMFORT_TABLE.states[s].waitsFor === 'seller');

export async function createNotifier(deps: { db: Db; events: Collection<EventDoc>; logger: Pick<Logger, 'warn' | 'error'> }, o: NotifierOptions = {}) {
  const [inbox, preferences] = await Promise.all([NotificationInbox.open(deps.db), NotificationPreferencesStore.open(deps.db)]);
  const outbox = o.mail ? await MailOutbox.open(deps.db, o.mail.mailer, deps.logger, o.mail.outbox) : null;
  const push = o.push ? await PushOutbox.open(deps.db, o.push.sender, deps.logger, o.push.outbox) : null;
  const sellers = deps.db.collection<{ _id: string; email: string; timeZone?: string | null }>('sellers');
  const runs = deps.db.collection<ComfortRunDoc>(RUNS_COLLECTION);

  /** Makes one notification on the channels the seller keeps on; a repeat makes nothing new. */
  async function deliver(sellerId: string, plan: NotificationPlan, now = Date.now()): Promise<void> {
    const id = notificationId(plan);
    const prefs = await preferences.get(sellerId);
    const choice = prefs.kinds[plan.kind];
    if (choice.inApp) {
      const doc: NotificationDoc = {
        _id: id, sellerId, kind: plan.kind, subject: plan.subject, titleCode: plan.titleCode, bodyCode: plan.bodyCode, params: plan.params,
        link: plan.link, ...(plan.deadline ? { deadline: plan.deadline } : {}), ...(plan.waits ? { waits: plan.waits } : {}), createdAt: now, readAt: null,
        title: notificationText('en', plan.titleCode, plan.params), body: notificationText('en', plan.bodyCode, plan.params),
      };
      if (await inbox.add(doc)) {
        await publishEvent(deps.events, { sellerId, type: NOTIFICATION_ADDED, subject: id, data: { unread: await inbox.unread(sellerId), item: toNotificationView(doc) } });
      }
    }
    // Mail and push say times in the seller's zone: one read of the seller for both.
    const seller = (choice.email && outbox) || (choice.push && push) ? await sellers.findOne({ _id: sellerId }, { projection: { email: 1, timeZone: 1 } }) : null;
    if (choice.email && outbox && o.mail && seller) {
      const publicUrl = typeof o.mail.publicUrl === 'function' ? o.mail.publicUrl() : o.mail.publicUrl;
      await outbox.queue(`${id}:email`, sellerId, notificationMail(seller.email, prefs.language, plan, id, publicUrl, o.supportChannels, seller.timeZone), now);
    }
    if (choice.push && push) await push.queue(id, sellerId, notificationPush(prefs.language, plan, id, seller?.timeZone), now);
  }

  /**
   * Marks the entries whose wait this change ended resolved (an action entry once the run moved on),
   * and tells the seller's pages. Idempotent: an entry resolves once, at the change's own time.
   */
  async function resolveWaits(sellerId: string, e: NotifiableEvent, at: number): Promise<void> {
    const ended = waitsEndedBy(e);
    if (!ended) return;
    const ids = await inbox.resolve(sellerId, ended, at);
    if (ids.length) await publishEvent(deps.events, { sellerId, type: NOTIFICATION_RESOLVED, subject: ended.subject.id, data: { ids, resolvedAt: at, resolution: ended.resolution } });
  }

  /** The announcer's hook: the waits this change ended resolve, and what it tells the seller is made once. */
  async function notify(sellerId: string, e: NotifiableEvent): Promise<void> {
    await resolveWaits(sellerId, e, 'at' in e ? Date.parse(e.at) : Date.now());
    if (!notificationsFor(e).length) return;
    for (const plan of notificationsFor(e, await runContext(e))) await deliver(sellerId, plan);
  }

  /** What a comfort run's notifications name that its event does not carry: the batch file's line (read only when it tells something). */
  async function runContext(e: NotifiableEvent): Promise<RunContext> {
    if (e.type !== 'comfort-run:updated') return {};
    const doc = await runs.findOne({ _id: e.subject }, { projection: { batchLine: 1 } });
    return { batchLine: doc?.batchLine ?? null };
  }

  /**
   * Whether the notice a reminder follows was given on every channel the seller keeps on for it. The
   * sweep and the announcer run independently; a reminder must never arrive before its notice (a
   * short wait, or a notice held up by a retried activity).
   */
  async function noticeGiven(sellerId: string, plan: NotificationPlan): Promise<boolean> {
    const id = notificationId(plan);
    const choice = (await preferences.get(sellerId)).kinds[plan.kind];
    if (choice.inApp && !(await inbox.has(id))) return false;
    if (choice.email && outbox && !(await outbox.has(`${id}:email`))) return false;
    return true;
  }

  /** Reminders for runs still waiting for the seller whose deadline is within `reminderBeforeMs` (once per wait: keyed like its action). */
  async function remindDue(now = Date.now()): Promise<number> {
    const before = o.reminderBeforeMs ?? DEFAULT_REMINDER_BEFORE_MS;
    const due = await runs.find({ state: { $in: REMINDED_STATES }, fixBy: { $gt: now, $lte: now + before } }).limit(200).toArray();
    let made = 0;
    for (const run of due) {
      const { _id: _i, credentialsRef: _c, batchId: _b, ...view } = run;
      for (const plan of notificationsFor(comfortRunEvent(view), { batchLine: run.batchLine ?? null })) {
        if (plan.kind !== 'action_needed' || !(await noticeGiven(run.sellerId, plan))) continue;
        await deliver(run.sellerId, reminderOf(plan), now);
        made++;
        // The run may have moved on since it was read, its change resolving before this reminder existed: resolve it from the run as it is now.
        const current = await runs.findOne({ _id: run._id });
        if (current && current.version > run.version) {
          const { _id: _ci, credentialsRef: _cc, batchId: _cb, ...latest } = current;
          await resolveWaits(run.sellerId, comfortRunEvent(latest), now);
        }
      }
    }
    return made;
  }

  return { notify, deliver, remindDue, inbox, preferences, outbox, push };
}
export type Notifier = Awaited<ReturnType<typeof createNotifier>>;
