/**
 * API keys (`api_keys`) and API access (`api_access`). A key is shown once: only the SHA-256 of
 * its 256-bit random secret is stored, compared in constant time. Rotating gives a new secret and
 * refuses the old one at once; revoking refuses the key at once. Every change bumps the key's
 * revision and is announced on the live log (`api-key:changed`), so every replica can drop the
 * sockets that stood on the old key; a socket can also re-check with `stillValid`.
 * Exclusivity comes from unique inserts only (a rotation claims `<keyId>#<revision>` first), so
 * two rotations from the same revision never both succeed: exactly one secret works afterwards.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from '../db.js';
import {
  API_ACCESS_OFF, API_KEY_PREFIX, KEY_CHANGED, KEY_NOT_FOUND, KEY_REVOKED, MAX_ACTIVE_KEYS, TOO_MANY_KEYS, checkKeyName, checkScopes, parseApiKey,
  type ApiKeyView, type ApiScope, type IssuedApiKey,
} from '../../domain/api-keys.js';
import { DomainError } from '../../domain/errors.js';
import { API_KEY_CHANGED_EVENT } from '../../domain/live-events.js';
import type { EventDoc } from '../live/events-collection.js';
import { publishEvent } from '../live/publish.js';
import { penalisedAmong } from '../accounts/standing.js';
import { findByIds } from '../find-by-ids.js';

export const API_KEYS_COLLECTION = 'api_keys';
export const API_ACCESS_COLLECTION = 'api_access';
const REVISIONS_COLLECTION = 'api_key_revisions';
/** lastUsedAt is written at most this often per key, so a busy key does not write on every call. */
export const LAST_USED_GRANULARITY_MS = 60_000;

export interface ApiKeyDoc {
  _id: string;
  sellerId: string;
  name: string;
  scopes: ApiScope[];
  secretHash: string;
  revision: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

/** Support's decision to let a seller use the API, with who and why, and every earlier decision. */
export interface ApiAccessDoc {
  _id: string;
  enabled: boolean;
  by: string;
  why: string;
  at: Date;
  history: { enabled: boolean; by: string; why: string; at: Date }[];
}

/** Who a presented key speaks for. `revision` changes on every rotation: a socket keeps it to notice. */
export interface KeyGrant { sellerId: string; keyId: string; scopes: ApiScope[]; revision: number }
export type KeyRefusal = { refused: 'malformed' | 'unknown' | 'revoked' | 'access_disabled' | 'account_suspended' };
export type AuthenticateResult = ({ ok: true } & KeyGrant) | ({ ok: false } & KeyRefusal);

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
const sameHash = (storedHex: string, secret: string) => {
  const stored = Buffer.from(storedHex, 'hex');
  const given = hashOf(secret);
  return stored.length === given.length && timingSafeEqual(stored, given);
};
const newSecret = () => randomBytes(32).toString('base64url');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A key as its owner sees it. */
export const toKeyView = (d: ApiKeyDoc): ApiKeyView => ({
  keyId: d._id, name: d.name, scopes: d.scopes, prefix: `${API_KEY_PREFIX}${d._id}`,
  createdAt: d.createdAt.toISOString(), lastUsedAt: iso(d.lastUsedAt), rotatedAt: iso(d.rotatedAt), revokedAt: iso(d.revokedAt),
});

const keyChanged = () => new DomainError('conflict', 'key_changed', KEY_CHANGED);

export class ApiKeys {
  private constructor(
    readonly keys: Collection<ApiKeyDoc>,
    readonly access: Collection<ApiAccessDoc>,
    private readonly revisions: Collection<{ _id: string; at: Date }>,
    private readonly events: Collection<EventDoc> | null,
    private readonly db: Db,
  ) {}

  /** Opens the collections; with `events`, changes are announced on the live log for every replica's sockets. */
  static async open(db: Db, opts: { events?: Collection<EventDoc> } = {}): Promise<ApiKeys> {
    const keys = db.collection<ApiKeyDoc>(API_KEYS_COLLECTION);
    return new ApiKeys(keys, db.collection<ApiAccessDoc>(API_ACCESS_COLLECTION), db.collection(REVISIONS_COLLECTION), opts.events ?? null, db);
  }

  /**
   * Support lets a seller use the API (recorded with who and why); keys can be issued from then on.
   * Answers the decision that turned access on (`<sellerId>:<decisions before it>`: the same for a
   * repeat racing it), or null when it was on already.
   */
  async enableApiAccess(sellerId: string, by: string, why: string): Promise<{ turnedOn: string } | null> {
    const before = await this.setAccess(sellerId, true, by, why);
    return before?.enabled ? null : { turnedOn: `${sellerId}:${before?.history.length ?? 0}` };
  }

  /**
   * Support stops a seller's API use: every key is refused at once (they work again if access is enabled again).
   * Answers the decision that turned access off (`<sellerId>:<decisions before it>`), or null when it was off already.
   */
  async disableApiAccess(sellerId: string, by: string, why: string): Promise<{ turnedOff: string } | null> {
    const before = await this.setAccess(sellerId, false, by, why);
    await this.announce(sellerId, '*', 0, true);
    return before?.enabled ? { turnedOff: `${sellerId}:${before.history.length}` } : null;
  }

  /** Whether support has enabled API access for this seller. */
  async hasApiAccess(sellerId: string): Promise<boolean> {
    return (await this.access.findOne({ _id: sellerId }, { projection: { enabled: 1 } }))?.enabled === true;
  }

  private async setAccess(sellerId: string, enabled: boolean, by: string, why: string) {
    if (!by.trim() || !why.trim()) throw new DomainError('invalid', 'who_and_why', 'Say who does this and why');
    const at = new Date();
    const update = { $set: { enabled, by, why, at }, $push: { history: { enabled, by, why, at } } };
    // The first decision for a seller: two at once may both upsert; the loser records its decision as an update.
    return this.access.findOneAndUpdate({ _id: sellerId }, update, { upsert: true, returnDocument: 'before' }).catch(async (err) => {
      if (!isDuplicateKey(err)) throw err;
      return this.access.findOneAndUpdate({ _id: sellerId }, update, { returnDocument: 'before' });
    });
  }

  /** Issues a key with a name and scopes; the answer holds the secret, which is never shown again. */
  async issueKey(sellerId: string, input: { name: unknown; scopes: unknown }): Promise<IssuedApiKey> {
    const name = checkKeyName(input.name);
    const scopes = checkScopes(input.scopes);
    const fields = [name, scopes].flatMap((r) => (r.ok ? [] : [r.error]));
    if (fields.length || !name.ok || !scopes.ok) throw DomainError.invalidFields(fields);
    if (!(await this.hasApiAccess(sellerId))) throw new DomainError('forbidden', 'api_access_disabled', API_ACCESS_OFF);
    // A soft cap against runaway scripts (two racing issues may both pass it); nothing depends on it being exact.
    if ((await this.keys.countDocuments({ sellerId, revokedAt: null })) >= MAX_ACTIVE_KEYS) throw new DomainError('conflict', 'too_many_keys', TOO_MANY_KEYS);
    const secret = newSecret();
    const doc: ApiKeyDoc = {
      _id: randomBytes(8).toString('hex'), sellerId, name: name.name, scopes: scopes.scopes, secretHash: hashOf(secret).toString('hex'),
      revision: 1, createdAt: new Date(), lastUsedAt: null, rotatedAt: null, revokedAt: null,
    };
    await this.keys.insertOne(doc);
    return { key: toKeyView(doc), secret: `${API_KEY_PREFIX}${doc._id}_${secret}` };
  }

  /** The seller's keys, newest first, revoked ones included (marked). */
  async listKeys(sellerId: string): Promise<ApiKeyView[]> {
    return (await this.keys.find({ sellerId }).sort({ createdAt: -1 }).limit(100).toArray()).map(toKeyView);
  }

  /** Gives a key a new name (the secret stays). */
  async renameKey(sellerId: string, keyId: string, name: unknown): Promise<ApiKeyView> {
    const checked = checkKeyName(name);
    if (!checked.ok) throw DomainError.invalidFields([checked.error]);
    const doc = await this.ownKey(sellerId, keyId);
    if (doc.revokedAt) throw new DomainError('conflict', 'key_revoked', KEY_REVOKED);
    await this.keys.updateOne({ _id: keyId, sellerId }, { $set: { name: checked.name } });
    return toKeyView({ ...doc, name: checked.name });
  }

  /**
   * A new secret for the key (shown once); the old one is refused from this moment, sockets included. `revision` is this rotation's own (claimed once).
   * `seenRotatedAt` is the key as the seller saw it (its `rotatedAt`, null if never rotated): when it was rotated since, this rotation is refused,
   * so two tabs or a double click mint one secret whether the requests overlap or not.
   */
  async rotateKey(sellerId: string, keyId: string, seenRotatedAt?: string | null): Promise<IssuedApiKey & { revision: number }> {
    const doc = await this.ownKey(sellerId, keyId);
    if (doc.revokedAt) throw new DomainError('conflict', 'key_revoked', KEY_REVOKED);
    if (seenRotatedAt !== undefined && seenRotatedAt !== iso(doc.rotatedAt)) throw keyChanged();
    const revision = doc.revision + 1;
    try {
      await this.revisions.insertOne({ _id: `${keyId}#${revision}`, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      throw keyChanged();
    }
    const secret = newSecret();
    const rotatedAt = new Date();
    await this.keys.updateOne({ _id: keyId, sellerId }, { $set: { secretHash: hashOf(secret).toString('hex'), revision, rotatedAt } });
    await this.announce(sellerId, keyId, revision, false);
    return { key: toKeyView({ ...doc, revision, rotatedAt }), secret: `${API_KEY_PREFIX}${keyId}_${secret}`, revision };
  }

  /** Ends a key for good: refused from this moment, sockets included. Revoking twice changes nothing. */
  async revokeKey(sellerId: string, keyId: string): Promise<ApiKeyView> {
    const doc = await this.ownKey(sellerId, keyId);
    if (doc.revokedAt) return toKeyView(doc);
    const revokedAt = new Date();
    // revokedAt is a field no rotation writes, so a racing rotation cannot undo it.
    await this.keys.updateOne({ _id: keyId, sellerId }, { $set: { revokedAt } });
    await this.announce(sellerId, keyId, doc.revision, true);
    return toKeyView({ ...doc, revokedAt });
  }

  /** Revokes every live key of the seller (logout everywhere / reset with "revoke API access"), each handed to `revoked`; answers how many. */
  async revokeAllKeys(sellerId: string, revoked?: (key: ApiKeyView) => Promise<void>): Promise<number> {
    const live = await this.keys.find({ sellerId, revokedAt: null }).toArray();
    for (const k of live) {
      const key = await this.revokeKey(sellerId, k._id);
      await revoked?.(key);
    }
    return live.length;
  }

  /** Who a presented key (`cmk_…`) speaks for, or why it is refused; notes when it was last used. */
  async authenticateKey(presented: unknown, now = new Date()): Promise<AuthenticateResult> {
    const parsed = parseApiKey(presented);
    if (!parsed) return { ok: false, refused: 'malformed' };
    const doc = await this.keys.findOne({ _id: parsed.keyId });
    if (!doc || !sameHash(doc.secretHash, parsed.secret)) return { ok: false, refused: 'unknown' };
    if (doc.revokedAt) return { ok: false, refused: 'revoked' };
    if (!(await this.hasApiAccess(doc.sellerId))) return { ok: false, refused: 'access_disabled' };
    // A suspended or closed seller's keys are refused (they work again if support reinstates the seller).
    if ((await penalisedAmong(this.db, [doc.sellerId])).size) return { ok: false, refused: 'account_suspended' };
    if (!doc.lastUsedAt || now.getTime() - doc.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
      await this.keys.updateOne({ _id: doc._id }, { $set: { lastUsedAt: now } });
    }
    return { ok: true, sellerId: doc.sellerId, keyId: doc._id, scopes: doc.scopes, revision: doc.revision };
  }

  /**
   * Of these grants (held by open sockets), the key ids still good at the same revision: a rotated,
   * revoked or access-disabled key is missing from the answer. Read fresh from the database.
   */
  async stillValid(grants: readonly Pick<KeyGrant, 'keyId' | 'revision'>[]): Promise<Set<string>> {
    const { good, sellerOf } = await this.asGranted(grants);
    const penalised = await penalisedAmong(this.db, [...new Set(sellerOf.values())]);
    return new Set([...good].map((g) => g.split('#')[0]).filter((keyId) => !penalised.has(sellerOf.get(keyId)!)));
  }

  /**
   * Of these grants (the keys that registered webhook endpoints), those whose key is still as it was
   * granted, as `<keyId>#<revision>`: not revoked, not rotated since, API access on. A suspension
   * does not count here (it ends; the key works again then).
   */
  async standing(grants: readonly Pick<KeyGrant, 'keyId' | 'revision'>[]): Promise<Set<string>> {
    return (await this.asGranted(grants)).good;
  }

  private async asGranted(grants: readonly Pick<KeyGrant, 'keyId' | 'revision'>[]): Promise<{ good: Set<string>; sellerOf: Map<string, string> }> {
    const good = new Set<string>();
    const sellerOf = new Map<string, string>();
    if (grants.length === 0) return { good, sellerOf };
    const docs = await findByIds(this.keys, [...new Set(grants.map((g) => g.keyId))]);
    const sellers = [...new Set(docs.map((d) => d.sellerId))];
    const enabled = new Set((await findByIds(this.access, sellers, { also: { enabled: true }, projection: { _id: 1 } })).map((a) => a._id));
    for (const g of grants) {
      const d = docs.find((x) => x._id === g.keyId);
      if (d && !d.revokedAt && d.revision === g.revision && enabled.has(d.sellerId)) {
        good.add(`${g.keyId}#${g.revision}`);
        sellerOf.set(g.keyId, d.sellerId);
      }
    }
    return { good, sellerOf };
  }

  private async ownKey(sellerId: string, keyId: string): Promise<ApiKeyDoc> {
    const doc = typeof keyId === 'string' ? await this.keys.findOne({ _id: keyId, sellerId }) : null;
    if (!doc) throw new DomainError('not_found', 'key_not_found', KEY_NOT_FOUND);
    return doc;
  }

  /** Tells every replica (through the live log) that sockets on this key (or, for '*', on any key of the seller) must re-check. */
  private async announce(sellerId: string, keyId: string, revision: number, revoked: boolean) {
    if (!this.events) return;
    await publishEvent(this.events, { sellerId, type: API_KEY_CHANGED_EVENT, subject: `api-key:${keyId}`, data: { keyId, revision, revoked } });
  }
}
