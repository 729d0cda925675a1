/**
 * Webhook endpoints: a seller's URLs with their signing secret. The secret is shown once, at
 * creation or rotation, and kept sealed in the vault (the sender needs it in the clear to sign, so
 * it is encrypted, not hashed). After a rotation the replaced secret still signs (beside the new
 * one) until its grace period ends, so a receiver can switch without losing a delivery. Removing an
 * endpoint is a mark, so its delivery log stays readable.
 */
import { randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { DomainError } from '../../domain/errors.js';
import type { SellerEventType } from '../../domain/seller-events.js';
import { MAX_ENDPOINTS_PER_SELLER, WEBHOOK_NOT_FOUND, WEBHOOK_ROTATION_RACED, WEBHOOK_TOO_MANY, type WebhookEndpointView } from '../../domain/webhooks.js';
import type { SecretVault } from '../secrets/vault.js';

export const ENDPOINTS_COLLECTION = 'webhook_endpoints';
/** One document per rotation (`<endpointId>#<generation>`): the unique insert that makes a rotation exclusive. */
export const ROTATIONS_COLLECTION = 'webhook_secret_rotations';
const SECRET_PURPOSE = 'webhook-secret';
/** How long the replaced secret keeps signing beside the new one after a rotation. */
export const DEFAULT_ROTATION_GRACE_MS = 24 * 3600_000;

export interface EndpointDoc {
  _id: string;
  sellerId: string;
  url: string;
  description: string;
  events: SellerEventType[];
  secretRef: string;
  createdAt: Date;
  removedAt: Date | null;
  /** Rotations so far (absent: never rotated). */
  generation?: number;
  /** The secret replaced by the last rotation, signing too until `previousSecretUntil`. */
  previousSecretRef?: string | null;
  previousSecretUntil?: Date | null;
  rotatedAt?: Date | null;
}

interface RotationDoc { _id: string; endpointId: string; sellerId: string; generation: number; secretRef: string; previousSecretRef: string; previousSecretUntil: Date; at: Date }

export const endpointView = (d: EndpointDoc, now = new Date()): WebhookEndpointView => ({
  id: d._id, url: d.url, description: d.description, events: d.events, createdAt: d.createdAt.toISOString(),
  secretRotatedAt: d.rotatedAt?.toISOString() ?? null,
  previousSecretUntil: d.previousSecretRef && d.previousSecretUntil && d.previousSecretUntil > now ? d.previousSecretUntil.toISOString() : null,
});

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
export class WebhookEndpoints {
  private constructor(readonly docs: Collection<EndpointDoc>, private readonly rotations: Collection<RotationDoc>, private readonly vault: SecretVault) {}

  static async open(db: Db, vault: SecretVault): Promise<WebhookEndpoints> {
    const docs = db.collection<EndpointDoc>(ENDPOINTS_COLLECTION);
    await docs.createIndex({ sellerId: 1 });
    return new WebhookEndpoints(docs, db.collection<RotationDoc>(ROTATIONS_COLLECTION), vault);
  }

  /** Registers an endpoint; answers it with its secret, which is never shown again. */
  async create(sellerId: string, e: { url: string; description: string; events: SellerEventType[] }): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    // A soft limit (two concurrent registrations may pass it together): it bounds fan-out, not money.
    if ((await this.active(sellerId)).length >= MAX_ENDPOINTS_PER_SELLER) throw new DomainError('conflict', 'too_many_endpoints', WEBHOOK_TOO_MANY);
    const secret = newSecret();
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
    if (d.previousSecretRef) await this.vault.destroy(d.previousSecretRef).catch(() => undefined);
  }

  /**
   * Gives the endpoint a new secret, answered once. The replaced one keeps signing beside it for
   * `graceMs`; a secret replaced earlier is destroyed. Two rotations at once: the unique insert of
   * the next generation lets one through; the other is refused and changes nothing of its own.
   */
  async rotateSecret(sellerId: string, id: string, graceMs = DEFAULT_ROTATION_GRACE_MS, now = new Date()): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const d = await this.get(sellerId, id);
    if (d.removedAt) throw new DomainError('not_found', 'endpoint_not_found', WEBHOOK_NOT_FOUND);
    const generation = (d.generation ?? 0) + 1;
    const secret = newSecret();
    const secretRef = await this.vault.put({ sellerId, purpose: SECRET_PURPOSE }, secret);
    const rotation: RotationDoc = {
      _id: `${d._id}#${generation}`, endpointId: d._id, sellerId, generation, secretRef,
      previousSecretRef: d.secretRef, previousSecretUntil: new Date(now.getTime() + graceMs), at: now,
    };
    try {
      await this.rotations.insertOne(rotation);
    } catch (err) {
      await this.vault.destroy(secretRef).catch(() => undefined);
      if (!isDuplicateKey(err)) throw err;
      // The winner may have died between its insert and its update: finishing it is the same write it would make.
      const won = await this.rotations.findOne({ _id: rotation._id });
      if (won) await this.apply(d, won);
      throw new DomainError('conflict', 'rotation_in_progress', WEBHOOK_ROTATION_RACED);
    }
    const updated = await this.apply(d, rotation);
    return { endpoint: endpointView(updated, now), secret };
  }

  private async apply(d: EndpointDoc, r: RotationDoc): Promise<EndpointDoc> {
    const set = { secretRef: r.secretRef, generation: r.generation, previousSecretRef: r.previousSecretRef, previousSecretUntil: r.previousSecretUntil, rotatedAt: r.at };
    await this.docs.updateOne({ _id: d._id, generation: d.generation ?? { $exists: false } } as never, { $set: set });
    if (d.previousSecretRef && d.previousSecretRef !== r.previousSecretRef) await this.vault.destroy(d.previousSecretRef).catch(() => undefined);
    return { ...d, ...set };
  }

  /**
   * The secrets a delivery is signed with, newest first (in the clear: only the sender's activity
   * asks): the current one, and the replaced one while its grace period lasts.
   */
  async signingSecrets(d: EndpointDoc, now = new Date()): Promise<string[]> {
    const current = await this.vault.get<string>(d.secretRef);
    if (!d.previousSecretRef || !d.previousSecretUntil || d.previousSecretUntil <= now) return [current];
    const previous = await this.vault.get<string>(d.previousSecretRef).catch(() => null);
    return previous ? [current, previous] : [current];
  }
}
