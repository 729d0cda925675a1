/**
 * Notification mails, exactly once per notification: each mail is a document in
 * `notification_outbox` (`_id` = `<notificationId>:email`, inserted once), and each attempt to send
 * it is claimed first by a unique insert in `notification_outbox_claims` (`<outboxId>#<attempt>`).
 * Only the process whose insert won sends; FerretDB makes unique inserts exclusive (conditional
 * updates are not), so two replicas or a retried activity cannot both send the same attempt. A
 * process killed after the SMTP server accepted the mail leaves the claim behind: nobody sends that
 * attempt again. The price is the narrow window between claim and send: a process killed there
 * loses that mail; such a mail is marked `unknown` after `stuckMs` and logged, never resent blindly.
 * An SMTP refusal or outage is recorded by the claim holder and retried later with backoff by
 * every worker's sweep, so a mail outage never holds up a run.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import type { Logger } from '../logger.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';

export const OUTBOX_COLLECTION = 'notification_outbox';
export const OUTBOX_CLAIMS_COLLECTION = 'notification_outbox_claims';

export interface OutboxDoc {
  _id: string;
  sellerId: string;
  mail: OutgoingMail;
  state: 'pending' | 'sent' | 'unknown' | 'failed';
  /** Attempts finished without the mail accepted (the next attempt claims number attempts + 1). */
  attempts: number;
  /** When the sweep may try it (the first try is made at once by whoever queued it). */
  nextAt: number;
  createdAt: number;
  sentAt?: number;
  error?: string;
}
interface ClaimDoc { _id: string; at: number }

export interface OutboxOptions {
  /** How long a queued mail waits for the process that queued it before the sweep sends it. */
  firstTryMs: number;
  /** Backoff after an SMTP failure (doubling up to maxBackoffMs) and the number of attempts before giving up. */
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
  /** A claim older than this whose attempt never finished: the mail may or may not have gone. */
  stuckMs: number;
  /** The longest the queuing process waits for the SMTP server before leaving the attempt to finish on its own. */
  sendWaitMs: number;
}
export const DEFAULT_OUTBOX_OPTIONS: Readonly<OutboxOptions> = {
  firstTryMs: 60_000, backoffMs: 30_000, maxBackoffMs: 3_600_000, maxAttempts: 20, stuckMs: 10 * 60_000, sendWaitMs: 5_000,
};

export class MailOutbox {
  private constructor(
    readonly docs: Collection<OutboxDoc>, private readonly claims: Collection<ClaimDoc>,
    private readonly mailer: Mailer | null, private readonly logger: Pick<Logger, 'warn' | 'error'>, private readonly o: OutboxOptions,
  ) {}

  /** Without a mailer (the support tool) mails are only queued, due at once: the workers' sweep sends them. */
  static async open(db: Db, mailer: Mailer | null, logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions> = {}): Promise<MailOutbox> {
    const docs = db.collection<OutboxDoc>(OUTBOX_COLLECTION);
    await docs.createIndex({ state: 1, nextAt: 1 });
    return new MailOutbox(docs, db.collection<ClaimDoc>(OUTBOX_CLAIMS_COLLECTION), mailer, logger, { ...DEFAULT_OUTBOX_OPTIONS, ...options });
  }

  /** Whether a mail was queued under `id` (sent or not). */
  async has(id: string): Promise<boolean> {
    return (await this.docs.countDocuments({ _id: id }, { limit: 1 })) > 0;
  }

  /** Queues a mail once under `id` and tries it at once (waiting at most `sendWaitMs`); a repeat queues nothing and sends nothing new. */
  async queue(id: string, sellerId: string, mail: OutgoingMail, now = Date.now()): Promise<void> {
    const mailer = this.mailer;
    await insertOnce(this.docs, { _id: id, sellerId, mail, state: 'pending', attempts: 0, nextAt: mailer ? now + this.o.firstTryMs : now, createdAt: now });
    if (!mailer) return;
    const attempt = this.send(id).catch((err: unknown) => { this.logger.warn({ err, outboxId: id }, 'notification mail not tried now; the sweep tries it'); });
    await Promise.race([attempt, new Promise((r) => setTimeout(r, this.o.sendWaitMs).unref())]);
  }

  /** One attempt at a pending mail, made only by the process whose claim insert wins; answers what happened. */
  async send(id: string, now = Date.now()): Promise<'sent' | 'failed' | 'claimed-elsewhere' | 'not-pending'> {
    const doc = this.mailer ? await this.docs.findOne({ _id: id }) : null;
    if (!doc || doc.state !== 'pending' || !this.mailer) return 'not-pending';
    const attempt = doc.attempts + 1;
    if (!(await insertOnce(this.claims, { _id: `${id}#${attempt}`, at: now }))) return 'claimed-elsewhere';
    try {
      await this.mailer.send(doc.mail);
    } catch (err) {
      const last = attempt >= this.o.maxAttempts;
      const wait = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** (attempt - 1));
      await this.docs.updateOne({ _id: id }, { $set: { attempts: attempt, nextAt: Date.now() + wait, error: (err as Error).message, ...(last ? { state: 'failed' as const } : {}) } });
      if (last) this.logger.error({ outboxId: id, attempts: attempt }, 'notification mail given up');
      return 'failed';
    }
    await this.docs.updateOne({ _id: id }, { $set: { state: 'sent', sentAt: Date.now() } });
    return 'sent';
  }

  /** Sends what is due (queued mails their process did not send, SMTP failures after their backoff); marks stuck claims `unknown`. */
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
        this.logger.warn({ outboxId: d._id }, 'notification mail claimed but never finished: it may or may not have been sent; not resent');
      }
    }
    return sent;
  }
}

/** Sweeps every `everyMs` until stopped; a failed round is tried again at the next tick. */
export function startOutboxSweep(outbox: MailOutbox, everyMs: number, logger: Pick<Logger, 'warn'>): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void outbox.sweep().catch((err) => logger.warn({ err }, 'notification outbox sweep failed')).finally(() => { busy = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
