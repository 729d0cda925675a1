/**
 * Sellers' game accounts (`game_accounts`): the accounts purchases are made with. A game account
 * holds at most one open pick (its hold in `game_account_holds`, `_id` = account id: an exclusive
 * insert), and after a purchase it may not buy again for the cooldown (4 hours). Only the hold's
 * owner writes the account's `cooldownUntil`, before it lets go of the hold, so the next claimer
 * always sees it.
 */
import { randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import type { GameAccountInput, GameAccountView } from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';
import { isDuplicateKey } from '../db.js';

export const GAME_ACCOUNTS_COLLECTION = 'game_accounts';
/** A seller keeps at most this many game accounts. */
export const MAX_GAME_ACCOUNTS = 20;
export const ACCOUNT_HOLDS_COLLECTION = 'game_account_holds';
/**
 * Cooldowns of removed game accounts, by the account's identity (`key`: platform + name): removing
 * and adding it again, by the same seller or another, must not reset its 4 hours.
 */
export const ACCOUNT_COOLDOWNS_COLLECTION = 'game_account_cooldowns';

interface AccountCooldownDoc {
  _id: string;
  until: number;
}
/** The hold a removal takes (purchase ids never have this form). */
const REMOVING = 'removing';

interface AccountHoldDoc {
  _id: string;
  purchaseId: string;
  at: Date;
}

export interface GameAccountDoc {
  _id: string;
  sellerId: string;
  platform: Platform;
  name: string;
  /** platform + lower-cased name: one game account belongs to one seller. */
  key: string;
  /** '' when free. */
  activePurchaseId: string;
  /** Epoch ms; 0 when none. */
  cooldownUntil: number;
  createdAt: number;
}

export const toGameAccountView = (d: GameAccountDoc): GameAccountView => ({
  id: d._id, platform: d.platform, name: d.name, activePurchaseId: d.activePurchaseId || null,
  cooldownUntil: d.cooldownUntil > Date.now() ? d.cooldownUntil : null, createdAt: d.createdAt,
});

export type ClaimResult = { ok: true; account: GameAccountDoc } | { ok: false; reason: 'account_not_found' | 'account_busy' | 'account_cooldown'; retryAt?: number };

export class GameAccounts {
  private constructor(
    readonly coll: Collection<GameAccountDoc>, readonly holds: Collection<AccountHoldDoc>, readonly cooldowns: Collection<AccountCooldownDoc>,
  ) {}

  static async open(db: Db): Promise<GameAccounts> {
    const coll = db.collection<GameAccountDoc>(GAME_ACCOUNTS_COLLECTION);
    return new GameAccounts(coll, db.collection<AccountHoldDoc>(ACCOUNT_HOLDS_COLLECTION), db.collection<AccountCooldownDoc>(ACCOUNT_COOLDOWNS_COLLECTION));
  }

  async list(sellerId: string): Promise<GameAccountDoc[]> {
    return this.coll.find({ sellerId }).sort({ createdAt: 1 }).limit(MAX_GAME_ACCOUNTS).toArray();
  }

  async get(sellerId: string, id: string): Promise<GameAccountDoc | null> {
    return this.coll.findOne({ _id: id, sellerId });
  }

  async add(sellerId: string, input: GameAccountInput): Promise<GameAccountDoc> {
    if ((await this.coll.countDocuments({ sellerId })) >= MAX_GAME_ACCOUNTS) {
      throw new DomainError('conflict', 'too_many_accounts', `You can add at most ${MAX_GAME_ACCOUNTS} game accounts`, {
        data: { max: MAX_GAME_ACCOUNTS },
      });
    }
    const key = `${input.platform}:${input.name.toLowerCase()}`;
    // The account bought within the last 4 hours before it was removed still cools down.
    const carried = await this.cooldowns.findOne({ _id: key, until: { $gt: Date.now() } });
    const doc: GameAccountDoc = {
      _id: `ga_${randomBytes(8).toString('hex')}`, sellerId, platform: input.platform, name: input.name,
      key, activePurchaseId: '', cooldownUntil: carried?.until ?? 0, createdAt: Date.now(),
    };
    try {
      await this.coll.insertOne(doc);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const mine = await this.coll.findOne({ key: doc.key, sellerId });
      if (mine) return mine; // adding the same account twice is harmless
      throw new DomainError('conflict', 'account_taken', 'This game account is already registered by another seller', {
        fields: [{ field: 'name', message: 'This game account is already registered by another seller' }],
      });
    }
    return doc;
  }

  /**
   * Removes a game account that is not in the middle of a purchase. The removal's hold marks the
   * seller's decision: if a process dies after taking it, the next removal (or pick) that meets
   * it finishes the removal instead of finding the account busy forever. Both steps are idempotent.
   */
  async remove(sellerId: string, id: string): Promise<void> {
    const doc = await this.get(sellerId, id);
    if (!doc) throw new DomainError('not_found', 'account_not_found', 'Game account not found');
    // Take the hold ourselves so no pick can start on it while it goes.
    try {
      await this.holds.insertOne({ _id: id, purchaseId: REMOVING, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const hold = await this.holds.findOne({ _id: id });
      if (hold && hold.purchaseId !== REMOVING) throw new DomainError('conflict', 'account_busy', 'This game account has a player purchase in progress');
    }
    await this.finishRemoval(id);
  }

  /** The second half of a removal: its cooldown is kept by the account's identity, the account goes, then its hold. */
  private async finishRemoval(id: string): Promise<void> {
    const doc = await this.coll.findOne({ _id: id });
    // Under the removal's hold no purchase writes the cooldown any more: this is its final value.
    if (doc && doc.cooldownUntil > Date.now()) {
      await this.cooldowns.updateOne({ _id: doc.key }, { $max: { until: doc.cooldownUntil } }, { upsert: true }).catch((err) => { if (!isDuplicateKey(err)) throw err; });
    }
    await this.coll.deleteOne({ _id: id });
    await this.holds.deleteOne({ _id: id, purchaseId: REMOVING });
  }

  /** Claims the account for one pick: free, not cooling down, the seller's own. Repeatable for the same purchase. */
  async claim(sellerId: string, id: string, purchaseId: string, now: number): Promise<ClaimResult> {
    const doc = await this.get(sellerId, id);
    if (!doc) return { ok: false, reason: 'account_not_found' };
    try {
      await this.holds.insertOne({ _id: id, purchaseId, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const hold = await this.holds.findOne({ _id: id });
      if (hold?.purchaseId === REMOVING) {
        // The seller removed it (that removal may have died half-way): it is gone, not busy.
        await this.finishRemoval(id);
        return { ok: false, reason: 'account_not_found' };
      }
      if (hold?.purchaseId !== purchaseId) return { ok: false, reason: 'account_busy' };
    }
    // Read again under the hold: the previous holder wrote its cooldown before letting go.
    const fresh = (await this.get(sellerId, id))!;
    if (fresh.cooldownUntil > now) {
      await this.holds.deleteOne({ _id: id, purchaseId });
      return { ok: false, reason: 'account_cooldown', retryAt: fresh.cooldownUntil };
    }
    await this.coll.updateOne({ _id: id }, { $set: { activePurchaseId: purchaseId } });
    return { ok: true, account: { ...fresh, activePurchaseId: purchaseId } };
  }

  /** Frees the account after the pick ends; `cooldownUntil` is set when a purchase was made. */
  async release(id: string, purchaseId: string, cooldownUntil: number | null): Promise<void> {
    const hold = await this.holds.findOne({ _id: id });
    if (hold?.purchaseId !== purchaseId) return;
    await this.coll.updateOne({ _id: id }, { $set: { activePurchaseId: '', ...(cooldownUntil ? { cooldownUntil } : {}) } });
    await this.holds.deleteOne({ _id: id, purchaseId });
  }
}
