/**
 * The player sell record (`player_purchases`): one document per purchase, written only by the
 * purchase workflow's activity with a version, so a retried or late write never goes backwards.
 */
import type { Collection, Db } from 'mongodb';
import { findPage, isDuplicateKey } from '../db.js';
import { purchaseActions, type PurchaseRecord, type PurchaseStatus, type RecordTab } from '../../domain/player-trade.js';
import type { CreditMoney } from '../../domain/sale-money.js';

export const PURCHASES_COLLECTION = 'player_purchases';

export interface PurchaseDoc extends Omit<PurchaseStatus, 'purchaseId'> {
  _id: string;
  version: number;
  /** Epoch ms when the pick ended without a purchase (Not Bought or deadline); for the pick limit. */
  unboughtAt: number | null;
  updatedAt: Date;
}

/** The record as clients read it; the seller's actions are worked out now (the buy window may have closed since the write). */
export const toPurchaseStatus = (d: PurchaseDoc, now = Date.now()): PurchaseStatus & { version: number } => {
  const { _id, updatedAt: _u, unboughtAt: _n, ...rest } = d;
  return { purchaseId: _id, ...rest, actions: purchaseActions(d, now), decisions: d.decisions ?? [] };
};

/**
 * The record row: the status with its money (domain/sale-money.ts, by purchase id); the phase is
 * `settled` once all of the income is paid out, so the row, its tab and its label agree.
 */
export const toPurchaseRecord = (d: PurchaseDoc, money: ReadonlyMap<string, CreditMoney>, now = Date.now()): PurchaseRecord => {
  const m = money.get(d._id) ?? null;
  return { ...toPurchaseStatus(m?.state === 'paid_out' ? { ...d, phase: 'settled' } : d, now), money: m };
};

/** The purchase ids whose income is all paid out: the Settled tab. */
export const paidOutIds = (money: ReadonlyMap<string, CreditMoney>): Set<string> =>
  new Set([...money.values()].filter((m) => m.state === 'paid_out').map((m) => m.ref));

export class Purchases {
  private constructor(readonly coll: Collection<PurchaseDoc>) {}

  static async open(db: Db): Promise<Purchases> {
    const coll = db.collection<PurchaseDoc>(PURCHASES_COLLECTION);
    return new Purchases(coll);
  }

  /** Writes a status if it is newer than the stored one; answers whether it did. */
  async write(status: PurchaseStatus, version: number): Promise<boolean> {
    const { purchaseId, ...rest } = status;
    const unboughtAt = status.state === 'released' || status.state === 'expired' ? (status.releasedAt ?? Date.now()) : null;
    try {
      const r = await this.coll.updateOne(
        { _id: purchaseId, version: { $lt: version } },
        { $set: { ...rest, version, unboughtAt, updatedAt: new Date() } },
        { upsert: true },
      );
      return r.modifiedCount + r.upsertedCount > 0;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return false; // a same-or-newer version is already there
    }
  }

  async get(sellerId: string, purchaseId: string): Promise<PurchaseDoc | null> {
    return this.coll.findOne({ _id: purchaseId, sellerId });
  }

  /**
   * A tab of the record. Settled comes from the money model (`settled`: the seller's fully paid-out
   * purchase ids, `paidOutIds`): a settled purchase shows under Settled, not Available.
   */
  async list(sellerId: string, tab: RecordTab, page: number, size: number, settled: ReadonlySet<string> = new Set()): Promise<{ items: PurchaseDoc[]; total: number }> {
    const filter: Record<string, unknown> = { sellerId };
    const ids = [...settled];
    if (tab === 'settled') filter._id = { $in: ids };
    else if (tab === 'available') Object.assign(filter, { phase: 'available', ...(ids.length ? { _id: { $nin: ids } } : {}) });
    else if (tab !== 'all') filter.phase = tab;
    return findPage(this.coll, filter, { pickedAt: -1 }, page, size);
  }

  /** The seller's purchases whose income is frozen now, soonest release first. */
  async frozen(sellerId: string): Promise<PurchaseDoc[]> {
    return this.coll.find({ sellerId, state: 'frozen' }).sort({ releaseAt: 1 }).limit(500).toArray();
  }

  /** Picks the seller ended without buying since `since` (oldest first), for the pick limit. */
  async unboughtSince(sellerId: string, since: number): Promise<number[]> {
    const docs = await this.coll.find({ sellerId, unboughtAt: { $gte: since } }, { projection: { unboughtAt: 1 } }).sort({ unboughtAt: 1 }).limit(100).toArray();
    return docs.map((d) => d.unboughtAt!);
  }

  /** Open picks of a seller (reserved, waiting for Player Bought), to resume a dialog after reload. */
  async open(sellerId: string): Promise<PurchaseDoc[]> {
    return this.coll.find({ sellerId, state: { $in: ['reserved', 'checking', 'stuck'] } }).sort({ pickedAt: -1 }).limit(20).toArray();
  }
}
