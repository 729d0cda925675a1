import { Long, type Collection, type Document } from 'mongodb';
import type { LiveEvent } from '../../domain/live-events.js';
import { isFerretDB, type EventDoc } from './events-collection.js';
import { lastPosition, oldestKept, toLiveEvent } from './publish.js';
import { settingAtLoad } from '../config/load.js';

export type TailStrategy = 'tailable' | 'lookup';

const GET_MORE_BATCH = 1000;
const AWAIT_MS = 1000;
const IDLE_POLL_MS = settingAtLoad('EVENTS_POLL_MS');

/**
 * Follows the `events` log and hands each new event to `onEvent`. Every API replica runs one, so no
 * replica needs to know about the others. Positions are gapless (publish.ts), so following means
 * "deliver position n, then n+1": a position missing while a later one exists was dropped by the
 * capped collection, and the tail skips to the oldest one left.
 *
 * Two ways to follow, chosen per server:
 * - `tailable` (MongoDB): a tailable await cursor, the server pushes new documents.
 * - `lookup` (FerretDB 1.x): `_id` lookups of the next position. FerretDB answers an awaitData
 *   getMore by re-running the whole query every 10 ms, a full scan of the collection (measured:
 *   ~0.1 ms per document), while an `_id` equality is its one indexed query (~2 ms).
 */
export class EventTail {
  private stopped = false;
  private done: Promise<void> | null = null;
  private cursorId: Long | null = null;
  private next = 1;
  strategy: TailStrategy = 'tailable';

  constructor(
    private readonly events: Collection<EventDoc>,
    private readonly onEvent: (e: LiveEvent) => void,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly forced?: TailStrategy,
  ) {}

  /** Starts following after the newest event now in the log (older ones are for resync, not broadcast). */
  async start(): Promise<void> {
    this.strategy = this.forced ?? ((await isFerretDB(this.events.db)) ? 'lookup' : 'tailable');
    this.next = (await lastPosition(this.events)) + 1;
    this.done = (async () => {
      while (!this.stopped) {
        try {
          await (this.strategy === 'tailable' ? this.followCursor() : this.followLookups());
        } catch (err) {
          if (this.stopped) break;
          this.onError(err);
          await sleep(200);
        }
      }
    })();
  }

  private async followLookups(): Promise<void> {
    while (!this.stopped) {
      const doc = await this.events.findOne({ _id: this.next });
      if (doc) {
        this.deliver([doc]);
        continue;
      }
      await sleep(IDLE_POLL_MS);
      // Rarely, check whether the log moved past a position it has since dropped.
      if (Math.random() < 0.02) await this.skipDropped();
    }
  }

  private async followCursor(): Promise<void> {
    const db = this.events.db;
    const collection = this.events.collectionName;
    // Stand on the last delivered position, so the first batch never drains the collection.
    const first = await db.command({ find: collection, filter: { _id: { $gte: this.next - 1 } }, tailable: true, awaitData: true, batchSize: 1 });
    this.deliver(first.cursor.firstBatch);
    let id = toLong(first.cursor.id);
    this.cursorId = id;
    let batches = 0;
    while (!this.stopped && !id.isZero()) {
      const more = await db.command({ getMore: id, collection, batchSize: GET_MORE_BATCH, maxTimeMS: AWAIT_MS });
      this.deliver(more.cursor.nextBatch);
      id = toLong(more.cursor.id);
      batches++;
    }
    this.cursorId = null;
    if (batches === 0 && !this.stopped) {
      await this.skipDropped();
      await sleep(100);
    }
  }

  private deliver(docs: Document[]) {
    for (const doc of docs as EventDoc[]) {
      if (doc._id < this.next) continue;
      this.next = doc._id + 1;
      if (doc.sellerId) this.onEvent(toLiveEvent(doc));
    }
  }

  private async skipDropped() {
    const head = await lastPosition(this.events, this.next - 1);
    if (head < this.next) return;
    if (await this.events.findOne({ _id: this.next }, { projection: { _id: 1 } })) return;
    // `_id` lookups only (see lastPosition): a sort for the oldest reads the whole log on FerretDB.
    const oldest = await oldestKept(this.events, this.next, head);
    this.onError(new Error(`live log dropped positions ${this.next}..${oldest - 1} before they were delivered`));
    this.next = oldest;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const id = this.cursorId;
    if (id && !id.isZero()) {
      await this.events.db.command({ killCursors: this.events.collectionName, cursors: [id] }).catch(() => undefined);
    }
    await this.done;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The driver turns a cursor id that fits in 53 bits into a number; getMore insists on a 64-bit long.
const toLong = (id: unknown): Long => (Long.isLong(id) ? id : Long.fromNumber(Number(id)));
