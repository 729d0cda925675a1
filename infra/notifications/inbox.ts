/**
 * The seller's in-app notification list (collection `notifications`). An entry's `_id` is
 * `<eventId>:<kind>`, so the same change told twice (a retried activity, a second worker replica)
 * inserts once: the insert that wins is the one that publishes `notification:added`.
 */
import type { Collection, Db } from 'mongodb';
import { findPage, insertOnce } from '../db.js';
import { NOTIFICATION_PAGE_SIZE, toNotificationView, type NotificationDoc, type NotificationPage } from '../../domain/notifications.js';

export const NOTIFICATIONS_COLLECTION = 'notifications';

export class NotificationInbox {
  private constructor(readonly docs: Collection<NotificationDoc>) {}

  static async open(db: Db): Promise<NotificationInbox> {
    const docs = db.collection<NotificationDoc>(NOTIFICATIONS_COLLECTION);
    return new NotificationInbox(docs);
  }

  /** Inserts the entry unless it exists: true when this call made it. */
  add(doc: NotificationDoc): Promise<boolean> {
    return insertOnce(this.docs, doc);
  }

  /** Whether the entry `id` was made. */
  async has(id: string): Promise<boolean> {
    return (await this.docs.countDocuments({ _id: id }, { limit: 1 })) > 0;
  }

  unread(sellerId: string): Promise<number> {
    return this.docs.countDocuments({ sellerId, readAt: null });
  }

  /** A page of the list, newest first, and the unread count. */
  async page(sellerId: string, page: number, pageSize = NOTIFICATION_PAGE_SIZE): Promise<NotificationPage> {
    const [{ items, total }, unread] = await Promise.all([
      findPage(this.docs, { sellerId }, { createdAt: -1, _id: 1 }, page, pageSize),
      this.unread(sellerId),
    ]);
    return { items: items.map(toNotificationView), unread, total, page, pageSize };
  }

  /** Marks the seller's entries read (those named, or all); others' ids are ignored. Answers the unread count after. */
  async markRead(sellerId: string, which: { ids: readonly string[] } | { all: true }, now = Date.now()): Promise<number> {
    const filter = 'all' in which ? { sellerId, readAt: null } : { sellerId, readAt: null, _id: { $in: [...which.ids] } };
    await this.docs.updateMany(filter, { $set: { readAt: now } });
    return this.unread(sellerId);
  }
}
