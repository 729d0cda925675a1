/**
 * The one-time states of Payoneer consents in flight (`payoneer_binding_states`): stored hashed,
 * taken once when the provider sends the seller back, swept once expired (infra/withdrawals/sweep.ts).
 */
import type { Collection, Db } from 'mongodb';

export const PAYONEER_STATES = 'payoneer_binding_states';

export interface PayoneerStateDoc { _id: string; sellerId: string; expiresAt: Date }

export class PayoneerStates {
  private constructor(private readonly coll: Collection<PayoneerStateDoc>) {}

  static of(db: Db): PayoneerStates {
    return new PayoneerStates(db.collection<PayoneerStateDoc>(PAYONEER_STATES));
  }

  /** Keeps the hash of a state just handed to `sellerId` until `expiresAt`. */
  async issue(stateHash: string, sellerId: string, expiresAt: Date): Promise<void> {
    await this.coll.insertOne({ _id: stateHash, sellerId, expiresAt });
  }

  /** Takes the state with this hash (single use: a second take finds nothing). */
  take(stateHash: string): Promise<PayoneerStateDoc | null> {
    return this.coll.findOneAndDelete({ _id: stateHash });
  }
}
