/**
 * The withdrawal history (`withdrawals`): one document per withdrawal, written only by its
 * workflow's activity with a version, so a retried or late write never goes backwards.
 */
import type { Collection, Db } from 'mongodb';
import { findPage, isDuplicateKey } from '../db.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';

export const WITHDRAWALS_COLLECTION = 'withdrawals';

export interface WithdrawalDoc extends Omit<WithdrawalStatus, 'withdrawalId'> {
  _id: string;
  version: number;
  updatedAt: Date;
}

export const toWithdrawalStatus = (d: WithdrawalDoc): WithdrawalStatus & { version: number } => {
  const { _id, updatedAt: _u, ...rest } = d;
  return { withdrawalId: _id, ...rest };
};

export class Withdrawals {
  private constructor(readonly coll: Collection<WithdrawalDoc>) {}

  static async open(db: Db): Promise<Withdrawals> {
    const coll = db.collection<WithdrawalDoc>(WITHDRAWALS_COLLECTION);
    return new Withdrawals(coll);
  }

  /**
   * Writes a status if it is newer than the stored one. Read by _id, then write by _id: a
   * workflow runs its activities one at a time, so the only other writer is an older attempt.
   */
  async write(status: WithdrawalStatus, version: number): Promise<boolean> {
    const { withdrawalId, ...rest } = status;
    const current = await this.coll.findOne({ _id: withdrawalId }, { projection: { version: 1 } });
    if (current && current.version >= version) return false;
    if (!current) {
      try {
        await this.coll.insertOne({ _id: withdrawalId, ...rest, version, updatedAt: new Date() });
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        return this.write(status, version);
      }
    }
    await this.coll.updateOne({ _id: withdrawalId, version: current.version }, { $set: { ...rest, version, updatedAt: new Date() } });
    return true;
  }

  get(sellerId: string, withdrawalId: string): Promise<WithdrawalDoc | null> {
    return this.coll.findOne({ _id: withdrawalId, sellerId });
  }

  async list(sellerId: string, page: number, size: number): Promise<{ items: WithdrawalDoc[]; total: number }> {
    return findPage(this.coll, { sellerId }, { requestedAt: -1 }, page, size);
  }
}
