/**
 * Each seller's event feed: one document per change `{ _id: "<sellerId>:<position>" }`, positions
 * 1, 2, 3, … with no gaps and no repeats. As in the wallet ledger (infra/wallet/wallet.ts), the
 * unique `_id` is the lock: of two writers (workers on any replica) writing position n+1, one
 * inserts and the other gets a duplicate-key error, re-reads the head and writes after it. A change
 * recorded twice (a retried activity) is found by its key (type, subject, version) and answered, not
 * appended again.
 *
 * Not a counter document advanced with `$inc` / `findOneAndUpdate`: FerretDB 1.x runs those as
 * read, change, write back by `_id` with nothing in between isolated (its findAndModify handler;
 * docs/platform.md measured lost `$inc`s), so two claimers would get one position. And a claimed
 * position is a hole until its entry is written, which a status socket cannot tell from a lost one.
 *
 * What made one busy seller slow was its own process's appends colliding with each other (50 comfort
 * runs finishing steps at once). So each process appends a seller's changes one batch at a time: a
 * change arriving while a batch is written waits for the next one, and a batch is one key lookup and
 * one ordered insert of consecutive positions after the head this process knows. Only another
 * replica's append can collide (the insert stops at the first taken position; what went in is
 * answered, the rest retried after the head). Positions become visible in order, each after the one
 * before it, and nothing is claimed before it is written, so a process dying at any point leaves
 * the feed whole; its activity's retry finds the change by its key or appends it then.
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
/** Changes of one seller written by one insert at most (FerretDB inserts up to 100 in one transaction). */
const BATCH = 100;
/** Keys a batch looks up one by one (more: one `$in`). */
const KEYS_ONE_BY_ONE = 8;

type Appended = { event: SellerEvent; fresh: boolean };
interface Waiter { input: SellerEventInput; key: string; resolve: (a: Appended) => void; reject: (err: unknown) => void }

/** A feed entry as clients get it. */
export const toSellerEvent = (d: FeedDoc): SellerEvent =>
  ({ position: d.position, type: d.type, subject: d.subject, at: d.at.toISOString(), data: d.data }) as unknown as SellerEvent;

export class SellerFeed {
  /** The newest position this process has seen per seller (a hint; the unique `_id` decides). */
  private readonly known = new Map<string, number>();
  /** Per seller, the changes waiting for the batch being written to end. */
  private readonly queues = new Map<string, Waiter[]>();

  private constructor(readonly docs: Collection<FeedDoc>, private readonly floors: Collection<FloorDoc>) {}

  static async open(db: Db): Promise<SellerFeed> {
    const docs = db.collection<FeedDoc>(FEED_COLLECTION);
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
  append(e: SellerEventInput): Promise<Appended> {
    return new Promise<Appended>((resolve, reject) => {
      const waiter: Waiter = { input: e, key: dedupKeyOf(e), resolve, reject };
      const queue = this.queues.get(e.sellerId);
      if (queue) { queue.push(waiter); return; }
      this.queues.set(e.sellerId, [waiter]);
      void this.drain(e.sellerId);
    });
  }

  /** Writes the seller's waiting changes a batch at a time until none waits. */
  private async drain(sellerId: string) {
    const queue = this.queues.get(sellerId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        await this.write(sellerId, batch);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.queues.delete(sellerId);
  }

  /** Answers every waiter of `batch`: from the feed when its key is there, else by appending it after the head. */
  private async write(sellerId: string, batch: Waiter[]) {
    let waiting = batch;
    let collided = false;
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      // The head is read (or was seen) before the keys: an entry with one of these keys is at or
      // below it, or is written after it and collides with ours.
      const known = this.known.get(sellerId);
      const head = known === undefined || collided ? await this.head(sellerId) : known;
      const keys = [...new Set(waiting.map((w) => w.key))];
      const found = new Map((await this.withKeys(sellerId, keys)).map((d) => [d.key, d]));
      const docs: FeedDoc[] = [];
      const docOf = new Map<string, FeedDoc>();
      for (const w of waiting) {
        if (found.has(w.key) || docOf.has(w.key)) continue;
        const position = head + docs.length + 1;
        const doc: FeedDoc = {
          _id: `${sellerId}:${position}`, sellerId, position, key: w.key, type: w.input.type, subject: w.input.subject,
          data: w.input.data as unknown as Record<string, unknown>, at: new Date(),
        };
        docs.push(doc);
        docOf.set(w.key, doc);
      }
      const written = await this.insertInOrder(docs);
      if (written > 0) this.remember(sellerId, head + written);
      const claimed = new Set<string>();
      const rest: Waiter[] = [];
      for (const w of waiting) {
        const same = found.get(w.key);
        const mine = docOf.get(w.key);
        if (same) w.resolve({ event: toSellerEvent(same), fresh: false });
        else if (mine && mine.position <= head + written) {
          w.resolve({ event: toSellerEvent(mine), fresh: !claimed.has(w.key) });
          claimed.add(w.key);
        } else rest.push(w);
      }
      if (rest.length === 0) return;
      waiting = rest;
      // Another replica wrote after the head this process knew: find the new one, then try again.
      collided = true;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, attempt + 1)));
    }
    throw new Error(`seller feed of ${sellerId} is too busy`);
  }

  /**
   * The seller's entries with these keys. FerretDB 1.x runs an equality on a top-level field in
   * PostgreSQL but filters an `$in` itself, entry by entry (20,000 entries: 14 ms against 95 ms, and
   * it grows with the feed), so a batch of a few keys asks once per key.
   */
  private async withKeys(sellerId: string, keys: string[]): Promise<FeedDoc[]> {
    if (keys.length > KEYS_ONE_BY_ONE) return this.docs.find({ sellerId, key: { $in: keys } }).toArray();
    return (await Promise.all(keys.map((key) => this.docs.findOne({ sellerId, key })))).filter((d) => d !== null);
  }

  /** Inserts `docs` in order, stopping at the first position already taken; how many went in. */
  private async insertInOrder(docs: FeedDoc[]): Promise<number> {
    if (docs.length === 0) return 0;
    try {
      await this.docs.insertMany(docs, { ordered: true });
      return docs.length;
    } catch (err) {
      const errors = (err as { writeErrors?: { index: number; code?: number }[] | { index: number; code?: number } }).writeErrors;
      const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
      if (list.length === 0 || !list.every(isDuplicateKey)) throw err;
      return Math.min(...list.map((e) => e.index));
    }
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
