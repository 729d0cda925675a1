/**
 * Webhook endpoints: a seller's URLs with their signing secret. The secret is shown once, at
 * creation or rotation, and kept sealed in the vault (the sender needs it in the clear to sign, so
 * it is encrypted, not hashed). After a rotation the replaced secret still signs (beside the new
 * one) until its grace period ends, so a receiver can switch without losing a delivery. Removing an
 * endpoint is a mark, so its delivery log stays readable.
 *
 * An endpoint registered with an API key remembers the key and its revision (`madeBy`): it receives
 * only while that key stands as it was (not revoked, not rotated, API access on), checked at every
 * delivery, so a stolen key's channel ends with the key even when the removal that follows the
 * key's change never ran; that removal (`removeMadeByKey`) marks it removed for good.
 */
import { randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import { DomainError } from '../../domain/errors.js';
import type { SellerEventType } from '../../domain/seller-events.js';
import { KEY_REVOKED } from '../../domain/api-keys.js';
import { MAX_ENDPOINTS_PER_SELLER, WEBHOOK_NOT_FOUND, WEBHOOK_ROTATION_RACED, WEBHOOK_TOO_MANY, type WebhookEndpointView } from '../../domain/webhooks.js';
import type { SecretVault } from '../secrets/vault.js';
import { ApiKeys } from '../api-keys/keys.js';

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
  /** The API key (at the revision) that registered it; absent for endpoints registered in Settings. */
  madeBy?: KeyMark;
  /** Set when it was removed because the key that registered it changed (absent: removed by its owner). */
  removedBecause?: KeyEndpointRemoval;
}

/** An API key as it was when it registered an endpoint. */
export interface KeyMark { keyId: string; revision: number }
/** Why endpoints registered with a key were removed: the key was revoked or rotated, or the seller's API access turned off. */
export type KeyEndpointRemoval = 'key_revoked' | 'key_rotated' | 'access_disabled';
/** Which key-made endpoints a removal takes: one key's (those made before `belowRevision`, for a rotation), or every key's. */
export type KeyEndpointScope = { keyId: string; belowRevision?: number } | 'every key';

interface RotationDoc { _id: string; endpointId: string; sellerId: string; generation: number; secretRef: string; previousSecretRef: string; previousSecretUntil: Date; at: Date }

export const endpointView = (d: EndpointDoc, now = new Date()): WebhookEndpointView => ({
  id: d._id, url: d.url, description: d.description, events: d.events, createdAt: d.createdAt.toISOString(),
  secretRotatedAt: d.rotatedAt?.toISOString() ?? null,
  previousSecretUntil: d.previousSecretRef && d.previousSecretUntil && d.previousSecretUntil > now ? d.previousSecretUntil.toISOString() : null,
});

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
export class WebhookEndpoints {
  private constructor(
    readonly docs: Collection<EndpointDoc>, private readonly rotations: Collection<RotationDoc>, private readonly vault: SecretVault, private readonly keys: ApiKeys,
  ) {}

  static async open(db: Db, vault: SecretVault): Promise<WebhookEndpoints> {
    const docs = db.collection<EndpointDoc>(ENDPOINTS_COLLECTION);
    return new WebhookEndpoints(docs, db.collection<RotationDoc>(ROTATIONS_COLLECTION), vault, await ApiKeys.open(db));
  }

  /**
   * Registers an endpoint; answers it with its secret, which is never shown again. `madeBy`: the API
   * key that asks. A key revoked or rotated while this ran (its removal may have looked before the
   * insert) is seen by the check after the insert: the endpoint is removed and the key refused.
   */
  async create(sellerId: string, e: { url: string; description: string; events: SellerEventType[] }, madeBy?: KeyMark): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    // A soft limit (two concurrent registrations may pass it together): it bounds fan-out, not money.
    if ((await this.active(sellerId)).length >= MAX_ENDPOINTS_PER_SELLER) throw new DomainError('conflict', 'too_many_endpoints', WEBHOOK_TOO_MANY);
    const secret = newSecret();
    const secretRef = await this.vault.put({ sellerId, purpose: SECRET_PURPOSE }, secret);
    const doc: EndpointDoc = {
      _id: `whe_${randomBytes(12).toString('base64url')}`, sellerId, url: e.url, description: e.description, events: e.events,
      secretRef, createdAt: new Date(), removedAt: null, ...(madeBy ? { madeBy: { keyId: madeBy.keyId, revision: madeBy.revision } } : {}),
    };
    await this.docs.insertOne(doc);
    if (madeBy && !(await this.receives(doc))) {
      await this.remove(sellerId, doc._id);
      throw new DomainError('unauthenticated', 'key_revoked', KEY_REVOKED);
    }
    return { endpoint: endpointView(doc), secret };
  }

  /** The seller's endpoints that receive events. */
  active(sellerId: string): Promise<EndpointDoc[]> {
    return this.docs.find({ sellerId, removedAt: null }).sort({ createdAt: 1 }).toArray();
  }

  /** The seller's endpoints that may receive now: active, and if a key registered them, that key still as it was. */
  async deliverable(sellerId: string): Promise<EndpointDoc[]> {
    const active = await this.active(sellerId);
    const marks = active.flatMap((d) => (d.madeBy ? [d.madeBy] : []));
    if (marks.length === 0) return active;
    const standing = await this.keys.standing(marks);
    return active.filter((d) => !d.madeBy || standing.has(`${d.madeBy.keyId}#${d.madeBy.revision}`));
  }

  /** Whether this endpoint may receive now (as `deliverable`), read fresh: a delivery asks before every attempt. */
  async receives(d: EndpointDoc): Promise<boolean> {
    if (d.removedAt) return false;
    return !d.madeBy || (await this.keys.standing([d.madeBy])).size > 0;
  }

  /**
   * Removes the endpoints registered with a key (`scope`) that are still active, marked with why, and
   * destroys their secrets. Answers every endpoint of the scope removed for this reason, also by an
   * earlier call that stopped half-way, so the caller tells of each (a notice is once per endpoint):
   * calling it again is how an interrupted removal is finished.
   */
  async removeMadeByKey(sellerId: string, scope: KeyEndpointScope, reason: KeyEndpointRemoval): Promise<EndpointDoc[]> {
    const made = scope === 'every key'
      ? { 'madeBy.keyId': { $exists: true } }
      : { 'madeBy.keyId': scope.keyId, ...(scope.belowRevision === undefined ? {} : { 'madeBy.revision': { $lt: scope.belowRevision } }) };
    await this.docs.updateMany({ sellerId, removedAt: null, ...made } as never, { $set: { removedAt: new Date(), removedBecause: reason } });
    const removed = await this.docs.find({ sellerId, removedBecause: reason, ...made } as never).sort({ createdAt: 1 }).toArray();
    for (const d of removed) await this.destroySecrets(d);
    return removed;
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
    await this.destroySecrets(d);
  }

  private async destroySecrets(d: EndpointDoc): Promise<void> {
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
