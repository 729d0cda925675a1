/**
 * Each seller's event feed: one document per change `{ _id: "<sellerId>:<position>" }`, positions
 * 1, 2, 3, … with no gaps. As in the wallet ledger (infra/wallet/wallet.ts), the unique `_id` is the
 * lock: of two writers (workers on any replica) computing position n+1, one inserts and the other
 * gets a duplicate-key error, re-reads the head and takes n+2. A change recorded twice (a retried
 * activity) is found by its key (type, subject, version) and answered, not appended again.
 */
import type { Collection, Db } from 'mongodb';
import { dedupKeyOf, type SellerEvent, type SellerEventInput } from '../../domain/seller-events.js';

export const FEED_COLLECTION = 'seller_feed';

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

const isDup = (err: unknown) => (err as { code?: number }).code === 11000;
const KNOWN_SELLERS = 10_000;
const MAX_TRIES = 500;

/** A feed entry as clients get it. */
export const toSellerEvent = (d: FeedDoc): SellerEvent =>
  ({ position: d.position, type: d.type, subject: d.subject, at: d.at.toISOString(), data: d.data }) as unknown as SellerEvent;

export class SellerFeed {
  /** The newest position this process has seen per seller (a hint; the unique `_id` decides). */
  private readonly known = new Map<string, number>();

  private constructor(readonly docs: Collection<FeedDoc>) {}

  static async open(db: Db): Promise<SellerFeed> {
    const docs = db.collection<FeedDoc>(FEED_COLLECTION);
    await docs.createIndex({ sellerId: 1, position: 1 });
    await docs.createIndex({ key: 1 });
    return new SellerFeed(docs);
  }

  private async exists(sellerId: string, position: number): Promise<boolean> {
    return !!(await this.docs.findOne({ _id: `${sellerId}:${position}` }, { projection: { _id: 1 } }));
  }

  /** The newest position (0 for an empty feed), by `_id` lookups only: forward from the last one seen, else doubling then bisection. */
  async head(sellerId: string): Promise<number> {
    let head = this.known.get(sellerId);
    if (head === undefined) {
      let found = 0;
      let absent = 1;
      while (await this.exists(sellerId, absent)) { found = absent; absent *= 2; }
      while (absent - found > 1) {
        const mid = Math.floor((found + absent) / 2);
        if (await this.exists(sellerId, mid)) found = mid; else absent = mid;
      }
      head = found;
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
        if (!isDup(err)) throw err;
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

  /** One entry by its position. */
  async at(sellerId: string, position: number): Promise<SellerEvent | null> {
    const d = await this.docs.findOne({ _id: `${sellerId}:${position}` });
    return d ? toSellerEvent(d) : null;
  }
}
