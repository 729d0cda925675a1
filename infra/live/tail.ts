import { ObjectId, type Collection, type FindCursor } from 'mongodb';
import type { LiveEvent } from '../../domain/live-events.js';
import type { EventDoc } from './events-collection.js';
import { toLiveEvent } from './publish.js';

/**
 * Follows the capped `events` collection with a tailable await cursor and hands each new event to
 * `onEvent`. Every API replica runs one, so no replica needs to know about the others.
 *
 * Why the cursor is opened with `_id >= last seen` and batch size 1: FerretDB 1.x closes a tailable
 * cursor whose first batch drains the collection, so the first batch must stop at a document that is
 * already there. On reopen (after an error) the filter goes back a few seconds, since ObjectIds from
 * several writers are not strictly ordered, and a set of recent ids drops the repeats.
 */
export class EventTail {
  private cursor: FindCursor<EventDoc> | null = null;
  private stopped = false;
  private done: Promise<void> | null = null;
  private readonly recent = new Set<string>();
  private readonly recentOrder: string[] = [];

  constructor(
    private readonly events: Collection<EventDoc>,
    private readonly onEvent: (e: LiveEvent) => void,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Starts following from the newest event now in the log (older ones are for resync, not broadcast). */
  async start(): Promise<void> {
    const newest = await this.events.find({}).sort({ $natural: -1 }).limit(1).next();
    let from = newest?._id ?? ObjectId.createFromTime(Math.floor(Date.now() / 1000));
    if (newest) this.remember(newest._id.toHexString());
    this.done = (async () => {
      while (!this.stopped) {
        try {
          from = await this.follow(from);
        } catch (err) {
          if (this.stopped) break;
          this.onError(err);
          from = ObjectId.createFromTime(from.getTimestamp().getTime() / 1000 - 5);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    })();
  }

  private async follow(from: ObjectId): Promise<ObjectId> {
    const cursor = this.events.find({ _id: { $gte: from } }, {
      tailable: true, awaitData: true, batchSize: 1, maxAwaitTimeMS: 1000,
    });
    this.cursor = cursor;
    let last = from;
    let seen = 0;
    for await (const doc of cursor) {
      seen++;
      last = doc._id;
      const id = doc._id.toHexString();
      if (this.recent.has(id)) continue;
      this.remember(id);
      if (doc.sellerId) this.onEvent(toLiveEvent(doc));
    }
    // A cursor that ends at once stands on nothing yet: wait a little instead of spinning.
    if (seen <= 1 && !this.stopped) await new Promise((r) => setTimeout(r, 100));
    return last;
  }

  private remember(id: string) {
    this.recent.add(id);
    this.recentOrder.push(id);
    if (this.recentOrder.length > 20_000) this.recent.delete(this.recentOrder.shift()!);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.cursor?.close().catch(() => undefined);
    await this.done;
  }
}
