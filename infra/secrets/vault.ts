/**
 * Seller secrets (game-account passwords, backup codes, authenticator secrets) encrypted at rest.
 * Workflows and logs only ever see the reference "secret:<id>"; the plaintext lives here, sealed
 * with AES-256-GCM under the key ring's current key. Each document records its key id, so after a
 * rotation old documents still open with the old key while new writes use the new one. The owner,
 * purpose and id are authenticated data: a ciphertext copied onto another document is refused.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Binary, Collection, Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import type { KeyRing } from './key-ring.js';

export { keyRingFrom, type KeyRing } from './key-ring.js';

export const SECRETS_COLLECTION = 'secrets';
const REF_PREFIX = 'secret:';

/** One stored secret: ciphertext only, never the value. */
export interface SecretDoc {
  _id: string;
  sellerId: string;
  purpose: string;
  /**
   * What the secret belongs to beyond its owner, for sweeps (a resubmit upload: its run id; a
   * submission's login details: its run or batch, dropped once the run is seen holding them); not authenticated.
   */
  subject?: string;
  kid: string;
  iv: Buffer | Binary;
  ct: Buffer | Binary;
  tag: Buffer | Binary;
  createdAt: Date;
  updatedAt: Date;
}

/** The encrypted store for seller secrets; hands out references that are safe for workflow history. */
export class SecretVault {
  private constructor(private readonly col: Collection<SecretDoc>, private readonly keys: KeyRing) {}

  static async open(db: Db, keys: KeyRing): Promise<SecretVault> {
    const col = db.collection<SecretDoc>(SECRETS_COLLECTION);
    return new SecretVault(col, keys);
  }

  /** Encrypts and stores a secret; returns an opaque reference "secret:<random id>" (safe for workflow history). */
  async put(owner: { sellerId: string; purpose: string }, secret: unknown, meta: { subject?: string } = {}): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const now = new Date();
    await this.col.insertOne({ _id: id, ...owner, ...meta, ...this.seal(id, owner, secret), createdAt: now, updatedAt: now });
    return REF_PREFIX + id;
  }

  /**
   * Secrets of `purpose` stored before `before`, oldest first, at most `limit` (`withSubject`: only
   * those that still name a subject): references and subjects, never values.
   */
  async storedBefore(purpose: string, before: Date, limit: number, o: { withSubject?: boolean } = {}): Promise<{ ref: string; subject: string | null; createdAt: Date }[]> {
    const filter = { purpose, createdAt: { $lt: before }, ...(o.withSubject ? { subject: { $exists: true } } : {}) };
    const docs = await this.col.find(filter, { projection: { _id: 1, subject: 1, createdAt: 1 } })
      .sort({ createdAt: 1 }).limit(limit).toArray();
    return docs.map((d) => ({ ref: REF_PREFIX + d._id, subject: d.subject ?? null, createdAt: d.createdAt }));
  }

  /** Decrypts a secret by reference (throws DomainError not_found when gone). */
  async get<T>(ref: string): Promise<T> {
    const doc = await this.find(ref);
    const key = this.keys.all.get(doc.kid);
    if (!key) throw new Error(`secret ${doc._id} is sealed with key id ${doc.kid}, which SECRETS_KEY no longer holds`);
    const decipher = createDecipheriv('aes-256-gcm', key, bytes(doc.iv));
    decipher.setAAD(aad(doc._id, doc));
    decipher.setAuthTag(bytes(doc.tag));
    // final() throws when the ciphertext, tag or owner was altered.
    const plain = Buffer.concat([decipher.update(bytes(doc.ct)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  }

  /** Replaces the secret behind a reference (a seller's resubmit). */
  async replace(ref: string, secret: unknown): Promise<void> {
    const doc = await this.find(ref);
    // One $set of all sealed fields: a reader sees the old or the new secret, never a mix.
    await this.col.updateOne({ _id: doc._id }, { $set: { ...this.seal(doc._id, doc, secret), updatedAt: new Date() } });
  }

  /** Drops a secret's subject: its owner holds it and destroys it itself, so a sweep `withSubject` passes it by from now on. */
  async dropSubject(ref: string): Promise<void> {
    await this.col.updateOne({ _id: idOf(ref) }, { $unset: { subject: '' } });
  }

  /** Whether the secret behind a reference is still stored (a lookup by id; opens nothing). */
  async holds(ref: string): Promise<boolean> {
    return (await this.col.countDocuments({ _id: idOf(ref) }, { limit: 1 })) > 0;
  }

  /** Destroys a secret for good. */
  async destroy(ref: string): Promise<void> {
    await this.col.deleteOne({ _id: idOf(ref) });
  }

  private async find(ref: string): Promise<SecretDoc> {
    const doc = await this.col.findOne({ _id: idOf(ref) });
    if (!doc) throw new DomainError('not_found', 'secret_not_found', 'This secret is no longer stored.');
    return doc;
  }

  private seal(id: string, owner: { sellerId: string; purpose: string }, secret: unknown) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.current.key, iv);
    cipher.setAAD(aad(id, owner));
    const ct = Buffer.concat([cipher.update(JSON.stringify(secret ?? null), 'utf8'), cipher.final()]);
    return { kid: this.keys.current.id, iv, ct, tag: cipher.getAuthTag() };
  }
}

const idOf = (ref: string): string => {
  if (typeof ref !== 'string' || !ref.startsWith(REF_PREFIX) || ref.length === REF_PREFIX.length) {
    throw new DomainError('not_found', 'secret_not_found', 'This secret is no longer stored.');
  }
  return ref.slice(REF_PREFIX.length);
};

const aad = (id: string, owner: { sellerId: string; purpose: string }) =>
  Buffer.from(JSON.stringify([id, owner.sellerId, owner.purpose]), 'utf8');

const bytes = (b: Buffer | Binary): Buffer => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer));
