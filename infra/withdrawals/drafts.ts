/**
 * Withdrawals waiting for their emailed code (`withdrawal_drafts`): the details fixed when the code
 * was sent and the code, keyed and hashed. A draft is claimed by the one confirmation that sends it
 * and removed only once its workflow is started, so a process that dies between the two leaves it for
 * that request's retry (or, after SENDING_MS, any confirmation with the code); expired ones are swept
 * (infra/withdrawals/sweep.ts).
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
  /** The request sending it (API v1: from its Idempotency-Key) and until when its claim holds. */
  sendingBy?: string;
  sendingUntil?: Date;
}

/** A confirmation still sending after this long is taken to have died with its process. */
const SENDING_MS = 60_000;

export class WithdrawalDrafts {
  private constructor(private readonly coll: Collection<DraftDoc>) {}

  static async open(db: Db): Promise<WithdrawalDrafts> {
    const coll = db.collection<DraftDoc>(DRAFTS_COLLECTION);
    return new WithdrawalDrafts(coll);
  }

  async add(draft: DraftDoc): Promise<void> {
    await this.coll.insertOne(draft);
  }

  get(withdrawalId: string): Promise<DraftDoc | null> {
    return this.coll.findOne({ _id: withdrawalId });
  }

  /**
   * Claims the draft for sending by request `by`: true for exactly one request at a time under parallel
   * confirmations; the same request again (its retry), or any after the claim's time, may take it over.
   */
  async claim(draft: DraftDoc, by: string, now = Date.now()): Promise<boolean> {
    const free = [{ sendingBy: { $exists: false } }, { sendingBy: by }, { sendingUntil: { $lte: new Date(now) } }];
    const r = await this.coll.updateOne({ _id: draft._id, codeHash: draft.codeHash, $or: free }, { $set: { sendingBy: by, sendingUntil: new Date(now + SENDING_MS) } });
    return r.matchedCount === 1;
  }

  /** Releases a claim whose sending did not start (Temporal did not answer): the same code may send it again at once. */
  async release(draft: DraftDoc, by: string): Promise<void> {
    await this.coll.updateOne({ _id: draft._id, sendingBy: by }, { $unset: { sendingBy: '', sendingUntil: '' } });
  }

  /** Removes the draft once its withdrawal's workflow exists: the code is spent. */
  async remove(draft: DraftDoc): Promise<void> {
    await this.coll.deleteOne({ _id: draft._id });
  }
}
