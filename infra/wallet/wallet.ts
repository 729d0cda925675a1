/**
 * Seller wallets and the money ledger. One wallet document per seller holds available, frozen and
 * pending-payout cents; each change is ONE conditional single-document update that also pushes its
 * operation id into the document's bounded `recentOps`, so the same operation can never apply twice
 * (retried activity, duplicate signal, replayed request). The ledger (`_id` = operation id, append
 * only) is the history; it is written after the wallet, and a retry completes it.
 */
import type { Collection, Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';

export const WALLETS_COLLECTION = 'wallets';
export const LEDGER_COLLECTION = 'ledger';
/**
 * How many recent operation ids a wallet remembers: a ring of slots chosen by a hash of the id
 * (FerretDB 1.x ignores `$push` with `$slice`, so an array cannot be bounded in the same update).
 * An operation retried after a newer one took its slot is still caught by the ledger check, unless it
 * crashed exactly between its wallet update and its ledger insert and another operation of the same
 * seller hashed into its slot in between: a window we accept and document.
 */
export const RECENT_OP_SLOTS = 256;

/** The slot of an operation id in a wallet's ring of recent operations (FNV-1a). */
export function opSlot(opId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < opId.length; i++) {
    h ^= opId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `s${h % RECENT_OP_SLOTS}`;
}

export type Bucket = 'available' | 'frozen' | 'pendingPayout';
export type Delta = Partial<Record<Bucket, number>>;

export interface WalletDoc {
  _id: string;
  available: number;
  frozen: number;
  pendingPayout: number;
  /** slot -> the last operation id that used it. */
  recentOps: Record<string, string>;
  updatedAt: Date;
}

export interface LedgerEntry {
  _id: string;
  sellerId: string;
  kind: string;
  delta: Delta;
  /** Balances right after the operation. */
  after: Record<Bucket, number>;
  /** What it is about (purchase id, withdrawal id). */
  ref: string;
  /** Support staff who did it by hand, and why (manual operations only). */
  by?: string;
  reason?: string;
  at: Date;
}

export interface WalletView {
  sellerId: string;
  available: number;
  frozen: number;
  pendingPayout: number;
  total: number;
}

export interface Operation {
  sellerId: string;
  opId: string;
  kind: string;
  delta: Delta;
  ref: string;
  by?: string;
  reason?: string;
}

export interface OpResult {
  applied: boolean;
  wallet: WalletView;
}

const view = (sellerId: string, d: Partial<WalletDoc> | null): WalletView => {
  const available = d?.available ?? 0;
  const frozen = d?.frozen ?? 0;
  const pendingPayout = d?.pendingPayout ?? 0;
  return { sellerId, available, frozen, pendingPayout, total: available + frozen };
};

const isDup = (err: unknown) => (err as { code?: number }).code === 11000;

export class Wallets {
  private constructor(readonly wallets: Collection<WalletDoc>, readonly ledger: Collection<LedgerEntry>) {}

  static async open(db: Db): Promise<Wallets> {
    const ledger = db.collection<LedgerEntry>(LEDGER_COLLECTION);
    await ledger.createIndex({ sellerId: 1, at: -1 });
    return new Wallets(db.collection<WalletDoc>(WALLETS_COLLECTION), ledger);
  }

  async get(sellerId: string): Promise<WalletView> {
    return view(sellerId, await this.wallets.findOne({ _id: sellerId }, { projection: { recentOps: 0 } }));
  }

  /**
   * Applies an operation at most once. A negative delta is guarded: the bucket must hold enough,
   * otherwise nothing changes and a conflict is raised.
   */
  async apply(op: Operation): Promise<OpResult> {
    for (const v of Object.values(op.delta)) {
      if (!Number.isSafeInteger(v)) throw new DomainError('invalid', 'invalid_amount', 'Amounts are whole cents');
    }
    if (await this.ledger.findOne({ _id: op.opId }, { projection: { _id: 1 } })) {
      return { applied: false, wallet: await this.get(op.sellerId) };
    }
    await this.ensure(op.sellerId);
    const guard: Record<string, unknown> = {};
    for (const [bucket, v] of Object.entries(op.delta)) if (v! < 0) guard[bucket] = { $gte: -v! };
    const slot = `recentOps.${opSlot(op.opId)}`;
    const after = await this.wallets.findOneAndUpdate(
      { _id: op.sellerId, [slot]: { $ne: op.opId }, ...guard },
      {
        $inc: op.delta as Record<Bucket, number>,
        $set: { [slot]: op.opId, updatedAt: new Date() },
      },
      { returnDocument: 'after' },
    );
    let applied = true;
    let doc: Partial<WalletDoc> | null = after;
    if (!after) {
      const current = await this.wallets.findOne({ _id: op.sellerId });
      if (current?.recentOps?.[opSlot(op.opId)] !== op.opId) {
        throw new DomainError('conflict', 'insufficient_balance', 'The balance is not enough for this operation');
      }
      applied = false;
      doc = current;
    }
    const v = view(op.sellerId, doc);
    try {
      await this.ledger.insertOne({
        _id: op.opId, sellerId: op.sellerId, kind: op.kind, delta: op.delta,
        after: { available: v.available, frozen: v.frozen, pendingPayout: v.pendingPayout },
        ref: op.ref, ...(op.by ? { by: op.by } : {}), ...(op.reason ? { reason: op.reason } : {}), at: new Date(),
      });
    } catch (err) {
      if (!isDup(err)) throw err;
    }
    return { applied, wallet: v };
  }

  private async ensure(sellerId: string) {
    try {
      await this.wallets.updateOne(
        { _id: sellerId },
        { $setOnInsert: { available: 0, frozen: 0, pendingPayout: 0, recentOps: {}, updatedAt: new Date() } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDup(err)) throw err; // another writer created it first
    }
  }

  /** Credits a purchase's income as frozen. */
  creditFrozen(sellerId: string, opId: string, cents: number, ref: string, extra: { by?: string; reason?: string } = {}) {
    return this.apply({ sellerId, opId, kind: 'player_credit_frozen', delta: { frozen: cents }, ref, ...extra });
  }

  /** Moves a purchase's frozen income to available when its freeze ends. */
  releaseFrozen(sellerId: string, opId: string, cents: number, ref: string) {
    return this.apply({ sellerId, opId, kind: 'player_freeze_released', delta: { frozen: -cents, available: cents }, ref });
  }

  async history(sellerId: string, limit = 50): Promise<LedgerEntry[]> {
    return this.ledger.find({ sellerId }).sort({ at: -1 }).limit(limit).toArray();
  }
}
