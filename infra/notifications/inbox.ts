/**
 * The seller's in-app notification list (collection `notifications`). An entry's `_id` is
 * `<eventId>:<kind>`, so the same change told twice (a retried activity, a second worker replica)
 * inserts once: the insert that wins is the one that publishes `notification:added`.
 */
import type { Collection, Db } from 'mongodb';
import { findPage, insertOnce } from '../db.js';
import { NOTIFICATION_PAGE_SIZE, toNotificationView, type NotificationDoc, type NotificationPage, type WaitsEnded } from '../../domain/notifications.js';

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

  /** The seller's waits not ended yet (action and support entries, newest first, at most `limit`): what needs them now. */
  open(sellerId: string, limit: number): Promise<NotificationDoc[]> {
    return this.docs.find({ sellerId, kind: { $in: ['action_needed', 'waiting_support'] }, resolvedAt: null }).sort({ createdAt: -1, _id: 1 }).limit(limit).toArray();
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

  /**
   * Resolves the seller's entries about `subject` whose wait ended: made for an earlier version, in a
   * state the process has left. Keyed by the process and its waiting step and conditional on not
   * resolved yet, so a replayed activity or a second replica changes nothing more. Answers the ids
   * this call resolved (none when it was done before).
   */
  async resolve(sellerId: string, { subject, now, resolution }: WaitsEnded, at: number): Promise<string[]> {
    const waiting = {
      sellerId, 'subject.process': subject.process, 'subject.id': subject.id, resolvedAt: null,
      'waits.version': { $lt: now.version }, 'waits.state': { $ne: now.state },
    };
    const ids = (await this.docs.find(waiting, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    if (!ids.length) return [];
    // Written only while still unresolved: a later replay finds nothing. Two replicas at the same moment may
    // both write (conditional updates are not exclusive on FerretDB); they write the same resolution and
    // time (the change's own), and the page takes a repeated `notification:resolved` without change.
    const r = await this.docs.updateMany({ ...waiting, _id: { $in: ids } }, { $set: { resolvedAt: at, resolution } });
    return r.modifiedCount ? ids : [];
  }

  /** Marks the seller's entries read (those named, or all); others' ids are ignored. Answers the unread count after. */
  async markRead(sellerId: string, which: { ids: readonly string[] } | { all: true }, now = Date.now()): Promise<number> {
    const filter = 'all' in which ? { sellerId, readAt: null } : { sellerId, readAt: null, _id: { $in: [...which.ids] } };
    await this.docs.updateMany(filter, { $set: { readAt: now } });
    return this.unread(sellerId);
  }
}
