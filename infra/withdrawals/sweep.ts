/**
 * Cleans what a seller started and never finished, once it can no longer be used: withdrawal
 * drafts (the fixed details and the hashed code) past their code's lifetime, and Payoneer binding
 * states past theirs. Such a draft is already refused at confirm time; the sweep only removes it.
 * Plain deletes of expired documents (no TTL index: FerretDB has none), run by the worker's
 * `withdrawal-drafts` schedule (workers/sweeps.ts); a retried round deletes nothing twice.
 */
import type { Db } from 'mongodb';
import { PAYONEER_STATES } from '../payout/payoneer-states.js';
import { DRAFTS_COLLECTION } from './drafts.js';

/** Deletes expired withdrawal drafts and Payoneer binding states; how many of each went. */
export async function sweepExpiredWithdrawalData(db: Db, now = Date.now()): Promise<{ drafts: number; payoneerStates: number }> {
  const expired = { expiresAt: { $lte: new Date(now) } };
  const [drafts, states] = await Promise.all([
    db.collection(DRAFTS_COLLECTION).deleteMany(expired),
    db.collection(PAYONEER_STATES).deleteMany(expired),
  ]);
  return { drafts: drafts.deletedCount, payoneerStates: states.deletedCount };
}
