/**
 * The browsers each seller allowed to get push notifications (collection `push_subscriptions`,
 * `_id` = SHA-256 of the endpoint). An endpoint belongs to one seller: saved by another seller (a
 * shared computer, another account signed in) it moves to them, so the first seller's news stops
 * showing there. At most MAX_PUSH_SUBSCRIPTIONS per seller: saving one more drops the least recently
 * saved. Removing a subscription also ends the pushes still queued for it (`push_outbox`), so a
 * browser taken off (by the seller, or by logout everywhere, a password change or reset, a penalty)
 * gets nothing more even if the same endpoint is saved again later.
 */
import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { browserOf, MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionInput, type PushSubscriptionView } from '../../domain/web-push.js';

export const PUSH_SUBSCRIPTIONS_COLLECTION = 'push_subscriptions';
/** Where queued pushes wait (infra/web-push/outbox.ts); named here so removing a subscription can end its own. */
export const PUSH_OUTBOX_COLLECTION = 'push_outbox';

export interface PushSubscriptionDoc extends PushSubscriptionInput {
  _id: string;
  sellerId: string;
  createdAt: number;
  savedAt: number;
  /** The User-Agent of the request that saved it (cut to 300 characters): names the browser in Settings. */
  userAgent?: string;
  /** When a push to it was last accepted by its push service. */
  lastUsedAt?: number;
}

const viewOf = (d: PushSubscriptionDoc): PushSubscriptionView => ({
  id: d._id, ...browserOf(d.userAgent), createdAt: new Date(d.createdAt).toISOString(), lastUsedAt: d.lastUsedAt ? new Date(d.lastUsedAt).toISOString() : null,
});

export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

export class PushSubscriptions {
  private constructor(readonly docs: Collection<PushSubscriptionDoc>, private readonly queued: Collection<{ _id: string; subscriptionId: string; sellerId: string; state: string }>, private readonly max: number) {}

  static async open(db: Db, max = MAX_PUSH_SUBSCRIPTIONS): Promise<PushSubscriptions> {
    const docs = db.collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS_COLLECTION);
    return new PushSubscriptions(docs, db.collection(PUSH_OUTBOX_COLLECTION), max);
  }

  /** Saves (or refreshes) a browser's subscription for the seller; answers how many the seller has after. */
  async save(sellerId: string, sub: PushSubscriptionInput, now = Date.now(), userAgent = ''): Promise<number> {
    const _id = subscriptionIdOf(sub.endpoint);
    const update = { $set: { sellerId, endpoint: sub.endpoint, keys: sub.keys, savedAt: now, userAgent: userAgent.slice(0, 300) }, $setOnInsert: { createdAt: now } };
    // Two first saves at once: one upsert inserts, the other fails on the key and updates.
    await this.docs.updateOne({ _id }, update, { upsert: true }).catch(async (err) => {
      if (!isDuplicateKey(err)) throw err;
      await this.docs.updateOne({ _id }, { $set: update.$set });
    });
    const extra = await this.docs.find({ sellerId }, { projection: { _id: 1 } }).sort({ savedAt: -1, _id: 1 }).skip(this.max).toArray();
    if (extra.length) await this.removeWhere(sellerId, extra.map((d) => d._id));
    return this.count(sellerId);
  }

  /** Removes the seller's subscription of this endpoint (another seller's is left alone). */
  async remove(sellerId: string, endpoint: string): Promise<boolean> {
    return (await this.removeWhere(sellerId, [subscriptionIdOf(endpoint)])) === 1;
  }

  /** Removes the seller's subscription with this id (Settings' list); false when the seller has none by that id. */
  async removeById(sellerId: string, id: string): Promise<boolean> {
    return (await this.removeWhere(sellerId, [id])) === 1;
  }

  /** Removes every subscription of the seller (logout everywhere, password changed or reset, a penalty); answers how many. */
  async removeAll(sellerId: string): Promise<number> {
    return this.removeWhere(sellerId, null);
  }

  /**
   * Deletes the seller's subscriptions (`ids`, or all) and ends the pushes still queued for them.
   * Queued pushes are ended by seller and subscription after the delete: one queued meanwhile for a
   * subscription just deleted is ended too, and the outbox ends anything it finds no subscription for.
   */
  private async removeWhere(sellerId: string, ids: string[] | null): Promise<number> {
    const scope = ids ? { sellerId, _id: { $in: ids } } : { sellerId };
    const gone = ids ?? (await this.docs.find({ sellerId }, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    const removed = (await this.docs.deleteMany(scope)).deletedCount;
    if (gone.length) {
      await this.queued.updateMany(
        { sellerId, subscriptionId: { $in: gone }, state: 'pending' },
        { $set: { state: 'gone', error: 'subscription removed' } },
      );
    }
    return removed;
  }

  /** The seller's browsers for Settings, most recently saved first. */
  async list(sellerId: string): Promise<PushSubscriptionView[]> {
    return (await this.forSeller(sellerId)).map(viewOf);
  }

  /** A push to it was accepted by its push service. */
  async markUsed(id: string, now = Date.now()): Promise<void> {
    await this.docs.updateOne({ _id: id }, { $max: { lastUsedAt: now } });
  }

  /** The push service said the subscription is gone (404/410): removed unless it was saved again since. */
  async removeGone(id: string, savedAt: number): Promise<void> {
    await this.docs.deleteOne({ _id: id, savedAt: { $lte: savedAt } });
  }

  get(id: string): Promise<PushSubscriptionDoc | null> {
    return this.docs.findOne({ _id: id });
  }

  forSeller(sellerId: string): Promise<PushSubscriptionDoc[]> {
    return this.docs.find({ sellerId }).sort({ savedAt: -1 }).limit(this.max).toArray();
  }

  count(sellerId: string): Promise<number> {
    return this.docs.countDocuments({ sellerId });
  }
}
