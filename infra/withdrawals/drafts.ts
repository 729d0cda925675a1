/**
 * Withdrawals waiting for their emailed code (`withdrawal_drafts`): the details fixed when the code
 * was sent and the code, keyed and hashed. A draft is taken once, by the confirmation that sends it;
 * expired ones are swept (api/withdrawals/sweep.ts).
 */
import type { Collection, Db } from 'mongodb';
import type { WithdrawalRequest } from '../../domain/withdrawal.js';

export const DRAFTS_COLLECTION = 'withdrawal_drafts';

export interface DraftDoc {
  _id: string;
  sellerId: string;
  request: WithdrawalRequest;
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
}

export class WithdrawalDrafts {
  private constructor(private readonly coll: Collection<DraftDoc>) {}

  static async open(db: Db): Promise<WithdrawalDrafts> {
    const coll = db.collection<DraftDoc>(DRAFTS_COLLECTION);
    await coll.createIndex({ sellerId: 1, sentAt: -1 });
    return new WithdrawalDrafts(coll);
  }

  async add(draft: DraftDoc): Promise<void> {
    await this.coll.insertOne(draft);
  }

  get(withdrawalId: string): Promise<DraftDoc | null> {
    return this.coll.findOne({ _id: withdrawalId });
  }

  /** Takes the draft for sending: true for exactly one caller (single use under parallel confirmations). */
  async take(draft: DraftDoc): Promise<boolean> {
    return (await this.coll.deleteOne({ _id: draft._id, codeHash: draft.codeHash })).deletedCount === 1;
  }

  /** Puts back a draft whose sending did not start (Temporal did not answer): the same code may send it again. */
  async putBack(draft: DraftDoc): Promise<void> {
    try {
      await this.coll.insertOne(draft);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
}
