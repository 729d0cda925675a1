/**
 * The delivery log a seller reads: one document per delivery (endpoint × feed position) and one per
 * attempt, each attempt its own insert (`<workflow id>#<n>`), so a retried activity never logs twice
 * and no document is updated concurrently by two writers.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import { DomainError } from '../../domain/errors.js';
import type { SellerEventType } from '../../domain/seller-events.js';
import { DELIVERY_NOT_FOUND, type DeliveryState, type DeliveryView } from '../../domain/webhooks.js';

export const DELIVERIES_COLLECTION = 'webhook_deliveries';
export const ATTEMPTS_COLLECTION = 'webhook_attempts';

export interface DeliveryDoc {
  _id: string;
  endpointId: string;
  sellerId: string;
  position: number;
  type: SellerEventType;
  subject: string;
  state: DeliveryState;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface AttemptDoc {
  _id: string;
  deliveryId: string;
  sellerId: string;
  attempt: number;
  redelivery: string | null;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export class WebhookDeliveries {
  private constructor(readonly docs: Collection<DeliveryDoc>, readonly attempts: Collection<AttemptDoc>) {}

  static async open(db: Db): Promise<WebhookDeliveries> {
    const docs = db.collection<DeliveryDoc>(DELIVERIES_COLLECTION);
    const attempts = db.collection<AttemptDoc>(ATTEMPTS_COLLECTION);
    return new WebhookDeliveries(docs, attempts);
  }

  /** Records a delivery once; false when it was already there (a retried dispatch finds it). */
  create(d: DeliveryDoc): Promise<boolean> {
    return insertOnce(this.docs, d);
  }

  /** One logged attempt by its id (`<workflow id>#<n>`), or null when it was never logged. */
  attempt(id: string): Promise<AttemptDoc | null> {
    return this.attempts.findOne({ _id: id });
  }

  get(id: string): Promise<DeliveryDoc | null> {
    return this.docs.findOne({ _id: id });
  }

  async logAttempt(a: AttemptDoc): Promise<void> {
    await insertOnce(this.attempts, a);
  }

  /** The delivery's end; a delivered one stays delivered (a redelivery that then fails does not undo the receipt). */
  async finish(id: string, state: DeliveryState, at: Date): Promise<void> {
    if (state === 'delivered') {
      const d = await this.get(id);
      await this.docs.updateOne({ _id: id }, { $set: { state, deliveredAt: d?.deliveredAt ?? at } });
    } else {
      await this.docs.updateOne({ _id: id, state: { $ne: 'delivered' } }, { $set: { state } });
    }
  }

  /** Marks a delivery pending again when a redelivery starts (unless it was delivered). */
  async reopen(id: string): Promise<void> {
    await this.docs.updateOne({ _id: id, state: { $ne: 'delivered' } }, { $set: { state: 'pending' } });
  }

  /**
   * Forgets deliveries made before `before` and attempts made before it. The retention is far
   * longer than the three-day retry horizon, so nothing still being delivered goes.
   */
  async prune(before: Date): Promise<{ deliveries: number; attempts: number }> {
    const [d, a] = await Promise.all([this.docs.deleteMany({ createdAt: { $lt: before } }), this.attempts.deleteMany({ at: { $lt: before } })]);
    return { deliveries: d.deletedCount, attempts: a.deletedCount };
  }

  /** The newest deliveries of an endpoint with their attempts (oldest attempt first). */
  async log(sellerId: string, endpointId: string, limit = 50, before?: number): Promise<DeliveryView[]> {
    const q = before === undefined ? { sellerId, endpointId } : { sellerId, endpointId, position: { $lt: before } };
    const docs = await this.docs.find(q).sort({ position: -1 }).limit(limit).toArray();
    return Promise.all(docs.map((d) => this.view(d)));
  }

  /** One delivery of this seller with its attempts, or not_found. */
  async one(sellerId: string, endpointId: string, id: string): Promise<DeliveryView> {
    const d = await this.docs.findOne({ _id: id, sellerId, endpointId });
    if (!d) throw new DomainError('not_found', 'delivery_not_found', DELIVERY_NOT_FOUND);
    return this.view(d);
  }

  private async view(d: DeliveryDoc): Promise<DeliveryView> {
    const attempts = await this.attempts.find({ deliveryId: d._id }).toArray();
    attempts.sort((a, b) => a.at.getTime() - b.at.getTime() || a.attempt - b.attempt);
    return {
      id: d._id, endpointId: d.endpointId, position: d.position, type: d.type, subject: d.subject, state: d.state,
      createdAt: d.createdAt.toISOString(), deliveredAt: d.deliveredAt?.toISOString() ?? null,
      attempts: attempts.map((a) => ({ at: a.at.toISOString(), attempt: a.attempt, redelivery: a.redelivery, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
    };
  }
}
