/**
 * Push notifications, exactly once per notification and browser, with the mail outbox's discipline
 * (infra/notifications/outbox.ts): each push is a document in `push_outbox` (`_id` =
 * `<notificationId>:push:<subscriptionId>`, inserted once), and each attempt is claimed first by a
 * unique insert in `push_outbox_claims` (`<outboxId>#<attempt>`); only the process whose insert won
 * asks the push service. A process killed after the push service accepted leaves its claim, so
 * nobody pushes that attempt again (a process killed between claim and answer loses that push: it
 * is marked `unknown` after `stuckMs`, never resent blindly). 404/410 from the push service removes
 * the subscription; 429, 5xx and network failures are retried with backoff by every worker's sweep
 * until the push's time to live ends.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import type { Logger } from '../logger.js';
import type { PushPayload } from '../../domain/web-push.js';
import { DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from '../notifications/outbox.js';
import { DEFAULT_PUSH_TTL_SECONDS, type PushSender } from './sender.js';
import { PushSubscriptions } from './subscriptions.js';

export const PUSH_OUTBOX_COLLECTION = 'push_outbox';
export const PUSH_OUTBOX_CLAIMS_COLLECTION = 'push_outbox_claims';

export interface PushOutboxDoc {
  _id: string;
  sellerId: string;
  subscriptionId: string;
  payload: PushPayload;
  urgency: 'normal' | 'high';
  state: 'pending' | 'sent' | 'gone' | 'failed' | 'unknown';
  attempts: number;
  nextAt: number;
  createdAt: number;
  /** After this a push is stale (the seller has the mail and the list): not tried any more. */
  expiresAt: number;
  sentAt?: number;
  error?: string;
}
interface ClaimDoc { _id: string; at: number }

export type PushAttempt = 'sent' | 'gone' | 'failed' | 'claimed-elsewhere' | 'not-pending';

export class PushOutbox {
  private constructor(
    readonly docs: Collection<PushOutboxDoc>, private readonly claims: Collection<ClaimDoc>, readonly subscriptions: PushSubscriptions,
    private readonly sender: PushSender | null, private readonly logger: Pick<Logger, 'warn' | 'error'>, private readonly o: OutboxOptions,
  ) {}

  /** Without a sender pushes are only queued, due at once: a worker's sweep sends them. */
  static async open(db: Db, sender: PushSender | null, logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions> = {}): Promise<PushOutbox> {
    const docs = db.collection<PushOutboxDoc>(PUSH_OUTBOX_COLLECTION);
    await docs.createIndex({ state: 1, nextAt: 1 });
    return new PushOutbox(docs, db.collection<ClaimDoc>(PUSH_OUTBOX_CLAIMS_COLLECTION), await PushSubscriptions.open(db), sender, logger, { ...DEFAULT_OUTBOX_OPTIONS, ...options });
  }

  /** Queues the notification once per browser the seller subscribed and tries each at once (waiting at most `sendWaitMs`); a repeat queues and sends nothing new. */
  async queue(notificationId: string, sellerId: string, payload: PushPayload, now = Date.now()): Promise<void> {
    const subs = await this.subscriptions.forSeller(sellerId);
    const fresh: string[] = [];
    const urgency = payload.kind === 'action_needed' || payload.kind === 'reminder' ? 'high' : 'normal';
    for (const s of subs) {
      const _id = `${notificationId}:push:${s._id}`;
      const doc: PushOutboxDoc = {
        _id, sellerId, subscriptionId: s._id, payload, urgency, state: 'pending', attempts: 0,
        nextAt: this.sender ? now + this.o.firstTryMs : now, createdAt: now, expiresAt: now + DEFAULT_PUSH_TTL_SECONDS * 1000,
      };
      if (await insertOnce(this.docs, doc)) fresh.push(_id);
    }
    if (!this.sender || !fresh.length) return;
    const attempts = Promise.all(fresh.map((id) => this.send(id).catch((err: unknown) => {
      this.logger.warn({ err, outboxId: id }, 'push not tried now; the sweep tries it');
    })));
    await Promise.race([attempts, new Promise((r) => setTimeout(r, this.o.sendWaitMs).unref())]);
  }

  /** One attempt at a pending push, made only by the process whose claim insert wins. */
  async send(id: string, now = Date.now()): Promise<PushAttempt> {
    const doc = this.sender ? await this.docs.findOne({ _id: id }) : null;
    if (!doc || doc.state !== 'pending' || !this.sender) return 'not-pending';
    const attempt = doc.attempts + 1;
    if (!(await insertOnce(this.claims, { _id: `${id}#${attempt}`, at: now }))) return 'claimed-elsewhere';
    const sub = await this.subscriptions.get(doc.subscriptionId);
    // Removed, or now another seller's browser: nothing of this seller goes there.
    if (!sub || sub.sellerId !== doc.sellerId) return this.finish(id, 'gone', { error: 'subscription removed' });
    if (now > doc.expiresAt) return this.finish(id, 'failed', { error: 'expired before it could be pushed' });
    const r = await this.sender.send({ endpoint: sub.endpoint, keys: sub.keys }, doc.payload, { urgency: doc.urgency, ttlSeconds: Math.max(60, Math.round((doc.expiresAt - now) / 1000)) });
    if (r.outcome === 'sent') return this.finish(id, 'sent', { sentAt: Date.now() });
    if (r.outcome === 'gone') {
      await this.subscriptions.removeGone(sub._id, sub.savedAt);
      return this.finish(id, 'gone', { error: `push service answered ${r.status}: subscription removed` });
    }
    const last = r.outcome === 'refused' || attempt >= this.o.maxAttempts;
    const wait = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** (attempt - 1));
    await this.docs.updateOne({ _id: id }, { $set: { attempts: attempt, nextAt: Date.now() + wait, error: r.error, ...(last ? { state: 'failed' as const } : {}) } });
    if (last) this.logger.error({ outboxId: id, attempts: attempt, status: r.status }, 'push given up');
    return 'failed';
  }

  private async finish(id: string, state: 'sent' | 'gone' | 'failed', set: Partial<PushOutboxDoc>): Promise<PushAttempt> {
    await this.docs.updateOne({ _id: id }, { $set: { state, ...set } });
    return state;
  }

  /** Pushes what is due (queued pushes their process did not send, retries after their backoff); marks stuck claims `unknown`. */
  async sweep(now = Date.now(), batch = 50): Promise<number> {
    const due = await this.docs.find({ state: 'pending', nextAt: { $lte: now } }).sort({ nextAt: 1 }).limit(batch).toArray();
    let sent = 0;
    for (const d of due) {
      const r = await this.send(d._id, now);
      if (r === 'sent') sent++;
      if (r !== 'claimed-elsewhere') continue;
      const claim = await this.claims.findOne({ _id: `${d._id}#${d.attempts + 1}` });
      if (claim && now - claim.at > this.o.stuckMs) {
        await this.docs.updateOne({ _id: d._id, state: 'pending' }, { $set: { state: 'unknown' } });
        this.logger.warn({ outboxId: d._id }, 'push claimed but never finished: it may or may not have been pushed; not resent');
      }
    }
    return sent;
  }
}

/** Sweeps every `everyMs` until stopped. */
export function startPushSweep(outbox: PushOutbox, everyMs: number, logger: Pick<Logger, 'warn'>): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void outbox.sweep().catch((err) => logger.warn({ err }, 'push outbox sweep failed')).finally(() => { busy = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
