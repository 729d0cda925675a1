/**
 * Push notifications, exactly once per notification and browser, through the claimed outbox
 * (infra/notifications/claimed-outbox.ts): each push is an item in `push_outbox` (`_id` =
 * `<notificationId>:push:<subscriptionId>`), each attempt claimed in `push_outbox_claims`; only
 * the claim holder asks the push service. 404/410 from the push service removes the subscription;
 * 429, 5xx and network failures are retried with backoff by the workers' sweep until the push's
 * time to live ends; any other refusal is given up at once.
 */
import type { Db } from 'mongodb';
import type { Logger } from '../logger.js';
import type { PushPayload } from '../../domain/web-push.js';
import { ClaimedOutbox, type OutboxChannel, type OutboxItem, type OutboxOptions } from '../notifications/claimed-outbox.js';
import { DEFAULT_PUSH_TTL_SECONDS, type PushSender } from './sender.js';
import { PUSH_OUTBOX_COLLECTION, PushSubscriptions } from './subscriptions.js';

export { PUSH_OUTBOX_COLLECTION };
export const PUSH_OUTBOX_CLAIMS_COLLECTION = 'push_outbox_claims';

export interface PushOutboxDoc extends OutboxItem {
  subscriptionId: string;
  payload: PushPayload;
  urgency: 'normal' | 'high';
  /** After this a push is stale (the seller has the mail and the list): not tried any more. */
  expiresAt: number;
}

function pushChannel(subscriptions: PushSubscriptions, sender: PushSender | null): OutboxChannel<PushOutboxDoc> {
  return {
    collection: PUSH_OUTBOX_COLLECTION,
    claimsCollection: PUSH_OUTBOX_CLAIMS_COLLECTION,
    messages: {
      notTried: 'push not tried now; the sweep tries it',
      givenUp: 'push given up',
      stuck: 'push claimed but never finished: it may or may not have been pushed; not resent',
      sweepFailed: 'push outbox sweep failed',
    },
    deliver: sender && (async (doc, now) => {
      const sub = await subscriptions.get(doc.subscriptionId);
      // Removed, or now another seller's browser: nothing of this seller goes there.
      if (!sub || sub.sellerId !== doc.sellerId) return { outcome: 'ended', state: 'gone', error: 'subscription removed' };
      if (now > doc.expiresAt) return { outcome: 'ended', state: 'failed', error: 'expired before it could be pushed' };
      const r = await sender.send({ endpoint: sub.endpoint, keys: sub.keys }, doc.payload, { urgency: doc.urgency, ttlSeconds: Math.max(60, Math.round((doc.expiresAt - now) / 1000)) });
      if (r.outcome === 'sent') {
        // Bookkeeping for Settings' list only: its failure must not turn a delivered push into an unknown one.
        await subscriptions.markUsed(sub._id, now).catch(() => undefined);
        return { outcome: 'sent' };
      }
      if (r.outcome === 'gone') {
        await subscriptions.removeGone(sub._id, sub.savedAt);
        return { outcome: 'ended', state: 'gone', error: `push service answered ${r.status}: subscription removed` };
      }
      return { outcome: 'failed', error: r.error, final: r.outcome === 'refused', log: { status: r.status } };
    }),
  };
}

export class PushOutbox extends ClaimedOutbox<PushOutboxDoc> {
  private constructor(db: Db, readonly subscriptions: PushSubscriptions, sender: PushSender | null, logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions>) {
    super(db, pushChannel(subscriptions, sender), logger, options);
  }

  /** Without a sender pushes are only queued, due at once: a worker's sweep sends them. */
  static async open(db: Db, sender: PushSender | null, logger: Pick<Logger, 'warn' | 'error'>, options: Partial<OutboxOptions> = {}): Promise<PushOutbox> {
    return new PushOutbox(db, await PushSubscriptions.open(db), sender, logger, options);
  }

  /** Queues the notification once per browser the seller subscribed and tries each at once (waiting at most `sendWaitMs`); a repeat queues and sends nothing new. */
  async queue(notificationId: string, sellerId: string, payload: PushPayload, now = Date.now()): Promise<void> {
    const subs = await this.subscriptions.forSeller(sellerId);
    const urgency = payload.kind === 'action_needed' || payload.kind === 'reminder' ? 'high' : 'normal';
    await this.queueItems(subs.map((s) => ({
      _id: `${notificationId}:push:${s._id}`, sellerId, subscriptionId: s._id, payload, urgency, expiresAt: now + DEFAULT_PUSH_TTL_SECONDS * 1000,
    })), now);
  }
}
