/**
 * Webhook endpoints: a seller's URLs with their signing secret. The secret is shown once, at
 * creation, and kept sealed in the vault (the sender needs it in the clear to sign, so it is
 * encrypted, not hashed). Removing an endpoint is a mark, so its delivery log stays readable.
 */
import { randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import type { SellerEventType } from '../../domain/seller-events.js';
import { MAX_ENDPOINTS_PER_SELLER, WEBHOOK_NOT_FOUND, WEBHOOK_TOO_MANY, type WebhookEndpointView } from '../../domain/webhooks.js';
import type { SecretVault } from '../secrets/vault.js';

export const ENDPOINTS_COLLECTION = 'webhook_endpoints';
const SECRET_PURPOSE = 'webhook-secret';

export interface EndpointDoc {
  _id: string;
  sellerId: string;
  url: string;
  description: string;
  events: SellerEventType[];
  secretRef: string;
  createdAt: Date;
  removedAt: Date | null;
}

export const endpointView = (d: EndpointDoc): WebhookEndpointView =>
  ({ id: d._id, url: d.url, description: d.description, events: d.events, createdAt: d.createdAt.toISOString() });

export class WebhookEndpoints {
  private constructor(readonly docs: Collection<EndpointDoc>, private readonly vault: SecretVault) {}

  static async open(db: Db, vault: SecretVault): Promise<WebhookEndpoints> {
    const docs = db.collection<EndpointDoc>(ENDPOINTS_COLLECTION);
    await docs.createIndex({ sellerId: 1 });
    return new WebhookEndpoints(docs, vault);
  }

  /** Registers an endpoint; answers it with its secret, which is never shown again. */
  async create(sellerId: string, e: { url: string; description: string; events: SellerEventType[] }): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    // A soft limit (two concurrent registrations may pass it together): it bounds fan-out, not money.
    if ((await this.active(sellerId)).length >= MAX_ENDPOINTS_PER_SELLER) throw new DomainError('conflict', 'too_many_endpoints', WEBHOOK_TOO_MANY);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const secretRef = await this.vault.put({ sellerId, purpose: SECRET_PURPOSE }, secret);
    const doc: EndpointDoc = {
      _id: `whe_${randomBytes(12).toString('base64url')}`, sellerId, url: e.url, description: e.description, events: e.events,
      secretRef, createdAt: new Date(), removedAt: null,
    };
    await this.docs.insertOne(doc);
    return { endpoint: endpointView(doc), secret };
  }

  /** The seller's endpoints that receive events. */
  active(sellerId: string): Promise<EndpointDoc[]> {
    return this.docs.find({ sellerId, removedAt: null }).sort({ createdAt: 1 }).toArray();
  }

  /** One endpoint of this seller (removed ones too, for their log), or not_found. */
  async get(sellerId: string, id: string): Promise<EndpointDoc> {
    const d = typeof id === 'string' ? await this.docs.findOne({ _id: id, sellerId }) : null;
    if (!d) throw new DomainError('not_found', 'endpoint_not_found', WEBHOOK_NOT_FOUND);
    return d;
  }

  byId(id: string): Promise<EndpointDoc | null> {
    return this.docs.findOne({ _id: id });
  }

  /** Stops deliveries to the endpoint (pending ones end as cancelled) and destroys its secret. */
  async remove(sellerId: string, id: string): Promise<void> {
    const d = await this.get(sellerId, id);
    if (d.removedAt) return;
    await this.docs.updateOne({ _id: d._id }, { $set: { removedAt: new Date() } });
    await this.vault.destroy(d.secretRef).catch(() => undefined);
  }

  /** The signing secret (in the clear: only the sender's activity asks for it). */
  secretOf(d: EndpointDoc): Promise<string> {
    return this.vault.get<string>(d.secretRef);
  }
}
