/**
 * The outbox every notification channel sends through (mail: ./outbox.ts, Web Push:
 * ../web-push/outbox.ts), exactly once per item: each item is a document in the channel's
 * collection (its `_id` inserted once), and each attempt to send it is claimed first by a unique
 * insert in the channel's claims collection (`<itemId>#<attempt>`). Only the process whose insert
 * won sends; FerretDB makes unique inserts exclusive (conditional updates are not), so two replicas
 * or a retried activity cannot both send the same attempt. A process killed after the mail server
 * or push service accepted leaves the claim behind: nobody sends that attempt again. The price is
 * the narrow window between claim and send: a process killed there loses that item; such an item is
 * marked `unknown` after `stuckMs` and logged, never resent blindly. A refusal or outage is recorded
 * by the claim holder and retried later with backoff by every worker's sweep (one timer for all
 * channels), so an outage never holds up a run. A channel gives only how one claimed item is sent.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import type { Logger } from '../logger.js';

export interface OutboxOptions {
  /** How long a queued item waits for the process that queued it before the sweep sends it. */
  firstTryMs: number;
  /** Backoff after a failed attempt (doubling up to maxBackoffMs) and the number of attempts before giving up. */
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
  /** A claim older than this whose attempt never finished: the item may or may not have gone. */
  stuckMs: number;
  /** The longest the queuing process waits for the attempt before leaving it to finish on its own. */
  sendWaitMs: number;
}
export const DEFAULT_OUTBOX_OPTIONS: Readonly<OutboxOptions> = {
  firstTryMs: 60_000, backoffMs: 30_000, maxBackoffMs: 3_600_000, maxAttempts: 20, stuckMs: 10 * 60_000, sendWaitMs: 5_000,
};

/** What every channel's item carries; the channel adds what it sends. */
export interface OutboxItem {
  _id: string;
  sellerId: string;
  state: 'pending' | 'sent' | 'unknown' | 'failed' | 'gone';
  /** Attempts finished without the item accepted (the next attempt claims number attempts + 1). */
  attempts: number;
  /** When the sweep may try it (the first try is made at once by whoever queued it). */
  nextAt: number;
  createdAt: number;
  sentAt?: number;
  error?: string;
}
/** An item as its channel queues it: the outbox adds its state, attempts and times. */
export type NewItem<D extends OutboxItem> = Omit<D, 'state' | 'attempts' | 'nextAt' | 'createdAt' | 'sentAt' | 'error'>;

/** What one claimed attempt came to. */
export type Delivery =
  | { outcome: 'sent' }
  /** Over without being sent, never tried again (a push subscription gone, a push expired). */
  | { outcome: 'ended'; state: 'gone' | 'failed'; error: string }
  /** Not accepted: tried again after a backoff until maxAttempts, or given up at once when `final`; `log` goes with the give-up line. */
  | { outcome: 'failed'; error: string; final?: boolean; log?: Record<string, unknown> };

export type Attempt = 'sent' | 'gone' | 'failed' | 'claimed-elsewhere' | 'not-pending';

/** One channel: where its items live, what its log lines call them, and how one claimed item is sent. */
export interface OutboxChannel<D extends OutboxItem> {
  collection: string;
  claimsCollection: string;
  messages: { notTried: string; givenUp: string; stuck: string; sweepFailed: string };
  /** Sends one claimed item; null: this process only queues, due at once, and a worker's sweep sends. */
  deliver: ((doc: D, now: number) => Promise<Delivery>) | null;
}

interface ClaimDoc { _id: string; at: number }

export class ClaimedOutbox<D extends OutboxItem> {
  readonly docs: Collection<D>;
  readonly messages: OutboxChannel<D>['messages'];
  private readonly items: Collection<OutboxItem>;
  private readonly claims: Collection<ClaimDoc>;
  protected readonly o: OutboxOptions;

  protected constructor(db: Db, private readonly channel: OutboxChannel<D>, protected readonly logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions>) {
    this.docs = db.collection<D>(channel.collection);
    this.items = this.docs as unknown as Collection<OutboxItem>;
    this.claims = db.collection<ClaimDoc>(channel.claimsCollection);
    this.messages = channel.messages;
    this.o = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  /** Whether an item was queued under `id` (sent or not). */
  async has(id: string): Promise<boolean> {
    return (await this.items.countDocuments({ _id: id }, { limit: 1 })) > 0;
  }

  /**
   * Queues each item once and tries those still pending at once (waiting at most `sendWaitMs`). A
   * repeat queues nothing new; trying it again meets its claim, so nothing goes twice.
   */
  protected async queueItems(items: NewItem<D>[], now: number): Promise<void> {
    const deliver = this.channel.deliver;
    for (const item of items) {
      await insertOnce(this.items, { ...item, state: 'pending', attempts: 0, nextAt: deliver ? now + this.o.firstTryMs : now, createdAt: now } as OutboxItem);
    }
    if (!deliver || !items.length) return;
    const attempts = Promise.all(items.map(({ _id }) => this.send(_id).catch((err: unknown) => {
      this.logger.warn({ err, outboxId: _id }, this.messages.notTried);
    })));
    await Promise.race([attempts, new Promise((r) => setTimeout(r, this.o.sendWaitMs).unref())]);
  }

  /** One attempt at a pending item, made only by the process whose claim insert wins; answers what happened. */
  async send(id: string, now = Date.now()): Promise<Attempt> {
    const deliver = this.channel.deliver;
    const doc = deliver ? await this.items.findOne({ _id: id }) : null;
    if (!doc || doc.state !== 'pending' || !deliver) return 'not-pending';
    const attempt = doc.attempts + 1;
    if (!(await insertOnce(this.claims, { _id: `${id}#${attempt}`, at: now }))) return 'claimed-elsewhere';
    const r = await deliver(doc as D, now);
    if (r.outcome === 'sent') {
      await this.items.updateOne({ _id: id }, { $set: { state: 'sent', sentAt: Date.now() } });
      return 'sent';
    }
    if (r.outcome === 'ended') {
      await this.items.updateOne({ _id: id }, { $set: { state: r.state, error: r.error } });
      return r.state;
    }
    const last = r.final === true || attempt >= this.o.maxAttempts;
    const wait = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** (attempt - 1));
    await this.items.updateOne({ _id: id }, { $set: { attempts: attempt, nextAt: Date.now() + wait, error: r.error, ...(last ? { state: 'failed' as const } : {}) } });
    if (last) this.logger.error({ outboxId: id, attempts: attempt, ...r.log }, this.messages.givenUp);
    return 'failed';
  }

  /** Sends what is due (items their process did not send, failures after their backoff); marks stuck claims `unknown`. */
  async sweep(now = Date.now(), batch = 50): Promise<number> {
    const due = await this.items.find({ state: 'pending', nextAt: { $lte: now } }).sort({ nextAt: 1 }).limit(batch).toArray();
    let sent = 0;
    for (const d of due) {
      const r = await this.send(d._id, now);
      if (r === 'sent') sent++;
      if (r !== 'claimed-elsewhere') continue;
      const claim = await this.claims.findOne({ _id: `${d._id}#${d.attempts + 1}` });
      if (claim && now - claim.at > this.o.stuckMs) {
        await this.items.updateOne({ _id: d._id, state: 'pending' }, { $set: { state: 'unknown' } });
        this.logger.warn({ outboxId: d._id }, this.messages.stuck);
      }
    }
    return sent;
  }
}
