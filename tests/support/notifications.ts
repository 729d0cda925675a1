/**
 * Notifications for browser tests: entries written through the real inbox store
 * (infra/notifications/inbox.ts) and, when `live`, announced on the real live log as the workers do.
 */
import { randomBytes } from 'node:crypto';
import { NotificationInbox } from '../../infra/notifications/inbox.js';
import { comfortLink, toNotificationView, withdrawalLink, type NotificationDoc } from '../../domain/notifications.js';
import type { TestApp } from './app.js';

export type NotificationInput = Partial<Omit<NotificationDoc, 'sellerId'>> & Pick<NotificationDoc, 'kind'>;

/** A comfort run waiting for new backup codes, due in two hours. */
export const actionNeeded = (runId = `run-${randomBytes(4).toString('hex')}`, now = Date.now()): NotificationInput => ({
  kind: 'action_needed',
  subject: { process: 'comfort-run', id: runId },
  titleCode: 'action_needed.title',
  bodyCode: 'action_needed.wrong_backup_codes',
  params: { coins: 150_000, platform: 'ps', deadline: now + 2 * 3_600_000 },
  link: comfortLink(runId),
  deadline: now + 2 * 3_600_000,
});

/** A paid withdrawal. */
export const withdrawalPaid = (id = `wd-${randomBytes(4).toString('hex')}`): NotificationInput => ({
  kind: 'withdrawal_paid',
  subject: { process: 'withdrawal', id },
  titleCode: 'withdrawal_paid.title',
  bodyCode: 'withdrawal_paid.body',
  params: { amountCents: 4_250, method: 'paypal' },
  link: withdrawalLink(id),
});

/** Writes one entry for the seller (unread unless `readAt` is given); with `live`, publishes `notification:added`. */
export async function addNotification(app: Pick<TestApp, 'db' | 'publish'>, sellerId: string, input: NotificationInput, live = false): Promise<NotificationDoc> {
  const inbox = await NotificationInbox.open(app.db.db!);
  const doc: NotificationDoc = {
    _id: `test:${randomBytes(6).toString('hex')}:${input.kind}`,
    subject: { process: 'account', id: input.kind },
    titleCode: `${input.kind}.title`,
    bodyCode: `${input.kind}.body`,
    params: {},
    link: '/member/my-info',
    createdAt: Date.now(),
    readAt: null,
    ...input,
    sellerId,
  };
  if (!(await inbox.add(doc))) throw new Error(`notification ${doc._id} exists`);
  if (live) await app.publish(sellerId, 'notification:added', { unread: await inbox.unread(sellerId), item: toNotificationView(doc) }, `notification:${doc._id}`);
  return doc;
}
