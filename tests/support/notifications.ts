/**
 * Notifications for browser tests, made by the real notifier (infra/notifications/notifier.ts
 * `deliver`): the in-app entry inserted once and `notification:added` published on the live log,
 * as the workers do. Plans have the shapes `notificationsFor` gives (domain/notifications.ts).
 */
import { randomBytes } from 'node:crypto';
import { createNotifier, type Notifier } from '../../infra/notifications/notifier.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { accountNotification, comfortLink, notificationId, withdrawalLink, type NotificationPlan } from '../../domain/notifications.js';
import { testLogger } from './servers.js';
import type { TestApp } from './app.js';

const hex = () => randomBytes(4).toString('hex');

/** A comfort run stopped on Wrong Backup Codes, waiting for the seller for two more hours. */
export function actionNeeded(runId = `run-${hex()}`, now = Date.now()): NotificationPlan {
  const deadline = now + 2 * 3_600_000;
  return {
    eventId: `comfort-run:updated:${runId}:v3`, kind: 'action_needed', subject: { process: 'comfort-run', id: runId },
    titleCode: 'action_needed.title', bodyCode: 'action_needed.wrong_backup_codes', params: { coins: 150_000, platform: 'ps', deadline },
    link: comfortLink(runId), deadline,
  };
}

/** A withdrawal of 42.50 EUR paid to PayPal. */
export function withdrawalPaid(id = `wd-${hex()}`): NotificationPlan {
  return {
    eventId: `withdrawal:updated:${id}`, kind: 'withdrawal_paid', subject: { process: 'withdrawal', id },
    titleCode: 'withdrawal_paid.title', bodyCode: 'withdrawal_paid.body', params: { amountCents: 4_250, method: 'paypal' },
    link: withdrawalLink(id),
  };
}

/** A new API key (an account notice). */
export const apiKeyIssued = (): NotificationPlan => accountNotification('api_key_issued', `api-key:${hex()}`, { changedAt: Date.now(), name: 'Shop', prefix: 'cm_ab12' });

const notifiers = new WeakMap<object, Promise<Notifier>>();
const notifierOf = (app: Pick<TestApp, 'db'>) => {
  let n = notifiers.get(app.db);
  if (!n) notifiers.set(app.db, (n = eventsCollection(app.db).then((events) => createNotifier({ db: app.db.db!, events, logger: testLogger() }))));
  return n;
};

/** Makes one notification for the seller at `at` (default now); `read` marks it read as the API does. Answers its id. */
export async function notify(app: Pick<TestApp, 'db'>, sellerId: string, plan: NotificationPlan, opts: { at?: number; read?: boolean } = {}): Promise<string> {
  const notifier = await notifierOf(app);
  await notifier.deliver(sellerId, plan, opts.at ?? Date.now());
  const id = notificationId(plan);
  if (opts.read) await notifier.inbox.markRead(sellerId, { ids: [id] });
  return id;
}
