/**
 * The browsers each seller allowed to get push notifications (collection `push_subscriptions`,
 * `_id` = SHA-256 of the endpoint). An endpoint belongs to one seller: saved by another seller (a
 * shared computer, another account signed in) it moves to them, so the first seller's news stops
 * showing there. At most MAX_PUSH_SUBSCRIPTIONS per seller: saving one more drops the least recently
 * saved.
 */
import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { MAX_PUSH_SUBSCRIPTIONS, type PushSubscriptionInput } from '../../domain/web-push.js';

export const PUSH_SUBSCRIPTIONS_COLLECTION = 'push_subscriptions';

export interface PushSubscriptionDoc extends PushSubscriptionInput {
  _id: string;
  sellerId: string;
  createdAt: number;
  savedAt: number;
}

export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

export class PushSubscriptions {
  private constructor(readonly docs: Collection<PushSubscriptionDoc>, private readonly max: number) {}

  static async open(db: Db, max = MAX_PUSH_SUBSCRIPTIONS): Promise<PushSubscriptions> {
    const docs = db.collection<PushSubscriptionDoc>(PUSH_SUBSCRIPTIONS_COLLECTION);
    await docs.createIndex({ sellerId: 1, savedAt: -1 });
    return new PushSubscriptions(docs, max);
  }

  /** Saves (or refreshes) a browser's subscription for the seller; answers how many the seller has after. */
  async save(sellerId: string, sub: PushSubscriptionInput, now = Date.now()): Promise<number> {
    const _id = subscriptionIdOf(sub.endpoint);
    const update = { $set: { sellerId, endpoint: sub.endpoint, keys: sub.keys, savedAt: now }, $setOnInsert: { createdAt: now } };
    // Two first saves at once: one upsert inserts, the other fails on the key and updates.
    await this.docs.updateOne({ _id }, update, { upsert: true }).catch(async (err) => {
      if (!isDuplicateKey(err)) throw err;
      await this.docs.updateOne({ _id }, { $set: update.$set });
    });
    const extra = await this.docs.find({ sellerId }, { projection: { _id: 1 } }).sort({ savedAt: -1, _id: 1 }).skip(this.max).toArray();
    if (extra.length) await this.docs.deleteMany({ _id: { $in: extra.map((d) => d._id) }, sellerId });
    return this.count(sellerId);
  }

  /** Removes the seller's subscription of this endpoint (another seller's is left alone). */
  async remove(sellerId: string, endpoint: string): Promise<boolean> {
    return (await this.docs.deleteOne({ _id: subscriptionIdOf(endpoint), sellerId })).deletedCount === 1;
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
