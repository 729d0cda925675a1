/**
 * Notification mails, exactly once per notification, through the claimed outbox
 * (./claimed-outbox.ts): each mail is an item in `notification_outbox` (`_id` =
 * `<notificationId>:email`), each attempt claimed in `notification_outbox_claims`. An SMTP refusal
 * or outage is a failed attempt: the workers' sweep tries it again with backoff.
 */
import type { Db } from 'mongodb';
import type { Logger } from '../logger.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { ClaimedOutbox, type OutboxChannel, type OutboxItem, type OutboxOptions } from './claimed-outbox.js';

export const OUTBOX_COLLECTION = 'notification_outbox';
export const OUTBOX_CLAIMS_COLLECTION = 'notification_outbox_claims';

export interface OutboxDoc extends OutboxItem {
  mail: OutgoingMail;
  state: 'pending' | 'sent' | 'unknown' | 'failed';
}

function mailChannel(mailer: Mailer | null): OutboxChannel<OutboxDoc> {
  return {
    collection: OUTBOX_COLLECTION,
    claimsCollection: OUTBOX_CLAIMS_COLLECTION,
    messages: {
      notTried: 'notification mail not tried now; the sweep tries it',
      givenUp: 'notification mail given up',
      stuck: 'notification mail claimed but never finished: it may or may not have been sent; not resent',
      sweepFailed: 'notification outbox sweep failed',
    },
    deliver: mailer && (async (doc) => {
      try {
        await mailer.send(doc.mail);
        return { outcome: 'sent' };
      } catch (err) {
        return { outcome: 'failed', error: (err as Error).message };
      }
    }),
  };
}

export class MailOutbox extends ClaimedOutbox<OutboxDoc> {
  /** Without a mailer (the support tool) mails are only queued, due at once: the workers' sweep sends them. */
  static async open(db: Db, mailer: Mailer | null, logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions> = {}): Promise<MailOutbox> {
    return new MailOutbox(db, mailChannel(mailer), logger, options);
  }

  /** Queues a mail once under `id` and tries it at once (waiting at most `sendWaitMs`); a repeat queues nothing and sends nothing new. */
  async queue(id: string, sellerId: string, mail: OutgoingMail, now = Date.now()): Promise<void> {
    await this.queueItems([{ _id: id, sellerId, mail }], now);
  }
}
