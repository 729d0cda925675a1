/**
 * Each seller's event feed: one document per change `{ _id: "<sellerId>:<position>" }`, positions
 * 1, 2, 3, … with no gaps. As in the wallet ledger (infra/wallet/wallet.ts), the unique `_id` is the
 * lock: of two writers (workers on any replica) computing position n+1, one inserts and the other
 * gets a duplicate-key error, re-reads the head and takes n+2. A change recorded twice (a retried
 * activity) is found by its key (type, subject, version) and answered, not appended again.
 */
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { dedupKeyOf, type SellerEvent, type SellerEventInput } from '../../domain/seller-events.js';

export const FEED_COLLECTION = 'seller_feed';
export const FLOORS_COLLECTION = 'seller_feed_floors';

/** Per seller: entries at or below `position` may have been pruned. */
interface FloorDoc { _id: string; position: number }

export interface FeedDoc {
  _id: string;
  sellerId: string;
  position: number;
  key: string;
  type: string;
  subject: string;
  data: Record<string, unknown>;
  at: Date;
}

const KNOWN_SELLERS = 10_000;
const MAX_TRIES = 500;

/** A feed entry as clients get it. */
export const toSellerEvent = (d: FeedDoc): SellerEvent =>
  ({ position: d.position, type: d.type, subject: d.subject, at: d.at.toISOString(), data: d.data }) as unknown as SellerEvent;

export class SellerFeed {
  /** The newest position this process has seen per seller (a hint; the unique `_id` decides). */
  private readonly known = new Map<string, number>();

  private constructor(readonly docs: Collection<FeedDoc>, private readonly floors: Collection<FloorDoc>) {}

  static async open(db: Db): Promise<SellerFeed> {
    const docs = db.collection<FeedDoc>(FEED_COLLECTION);
    await docs.createIndex({ sellerId: 1, position: 1 });
    await docs.createIndex({ key: 1 });
    await docs.createIndex({ at: 1 });
    return new SellerFeed(docs, db.collection<FloorDoc>(FLOORS_COLLECTION));
  }

  /** The newest position whose entry may have been pruned (0: the feed is whole from position 1). */
  async floor(sellerId: string): Promise<number> {
    return (await this.floors.findOne({ _id: sellerId }))?.position ?? 0;
  }

  private async exists(sellerId: string, position: number): Promise<boolean> {
    return !!(await this.docs.findOne({ _id: `${sellerId}:${position}` }, { projection: { _id: 1 } }));
  }

  /** The newest position (0 for an empty feed), by `_id` lookups only: forward from the last one seen, else doubling then bisection. */
  async head(sellerId: string): Promise<number> {
    let head = this.known.get(sellerId);
    while (head === undefined) {
      // Entries from floor+1 to the head all exist (pruning never takes the head). A floor raised
      // during the search may have deleted what it probed: search again from the new floor.
      const floor = await this.floor(sellerId);
      let found = floor;
      let step = 1;
      while (await this.exists(sellerId, floor + step)) { found = floor + step; step *= 2; }
      let absent = floor + step;
      while (absent - found > 1) {
        const mid = Math.floor((found + absent) / 2);
        if (await this.exists(sellerId, mid)) found = mid; else absent = mid;
      }
      if ((await this.floor(sellerId)) === floor) head = found;
    }
    while (await this.exists(sellerId, head + 1)) head++;
    this.remember(sellerId, head);
    return head;
  }

  private remember(sellerId: string, position: number) {
    if ((this.known.get(sellerId) ?? -1) > position) return;
    this.known.delete(sellerId);
    this.known.set(sellerId, position);
    if (this.known.size > KNOWN_SELLERS) this.known.delete(this.known.keys().next().value!);
  }

  /** Appends a change once; `fresh` is false when the same change (type, subject, version) was already in the feed. */
  async append(e: SellerEventInput): Promise<{ event: SellerEvent; fresh: boolean }> {
    const key = dedupKeyOf(e);
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const head = await this.head(e.sellerId);
      // Read after the head: an entry with this key is at or below it, or will collide with ours.
      const same = await this.docs.findOne({ key, sellerId: e.sellerId });
      if (same) return { event: toSellerEvent(same), fresh: false };
      const doc: FeedDoc = {
        _id: `${e.sellerId}:${head + 1}`, sellerId: e.sellerId, position: head + 1, key, type: e.type, subject: e.subject,
        data: e.data as unknown as Record<string, unknown>, at: new Date(),
      };
      try {
        await this.docs.insertOne(doc);
        this.remember(e.sellerId, doc.position);
        return { event: toSellerEvent(doc), fresh: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, attempt + 1)));
      }
    }
    throw new Error(`seller feed of ${e.sellerId} is too busy`);
  }

  /** Entries after `after`, oldest first, at most `limit` (and not past `upTo` when given). */
  async since(sellerId: string, after: number, limit = 500, upTo?: number): Promise<SellerEvent[]> {
    const position = upTo === undefined ? { $gt: after } : { $gt: after, $lte: upTo };
    const docs = await this.docs.find({ sellerId, position }).sort({ position: 1 }).limit(limit).toArray();
    return docs.map(toSellerEvent);
  }

  /**
   * Deletes entries older than `before`, up to `batch` at a time, never a seller's newest entry (the
   * next position is found from it). Each seller's floor is raised before its entries go, so a
   * client resyncing from below it is told what it missed (`gap`) instead of waiting for it. Any
   * number of replicas may prune at once: the floor only rises and deletes are idempotent.
   */
  async prune(before: Date, batch = 1_000): Promise<number> {
    let deleted = 0;
    for (;;) {
      const old = await this.docs.find({ at: { $lt: before } }, { projection: { sellerId: 1, position: 1 } }).limit(batch).toArray();
      const upTo = new Map<string, number>();
      for (const d of old) upTo.set(d.sellerId, Math.max(upTo.get(d.sellerId) ?? 0, d.position));
      let round = 0;
      for (const [sellerId, position] of upTo) {
        const p = Math.min(position, (await this.head(sellerId)) - 1);
        if (p <= 0) continue;
        await this.floors.updateOne({ _id: sellerId }, { $max: { position: p } }, { upsert: true }).catch((err) => { if (!isDuplicateKey(err)) throw err; });
        round += (await this.docs.deleteMany({ sellerId, position: { $lte: p } })).deletedCount;
      }
      deleted += round;
      if (old.length < batch || round === 0) return deleted;
    }
  }

  /** One entry by its position. */
  async at(sellerId: string, position: number): Promise<SellerEvent | null> {
    const d = await this.docs.findOne({ _id: `${sellerId}:${position}` });
    return d ? toSellerEvent(d) : null;
  }
}
