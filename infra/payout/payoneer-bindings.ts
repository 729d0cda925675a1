/**
 * A seller's Payoneer binding (`payoneer_bindings`, `_id` = seller id): the payee the seller
 * consented to at Payoneer. Written only by the consent flow; payouts to Payoneer go to it.
 */
import type { Collection, Db } from 'mongodb';

export const PAYONEER_BINDINGS = 'payoneer_bindings';

export interface PayoneerBindingDoc { _id: string; payeeId: string; email: string; boundAt: Date }

export class PayoneerBindings {
  private constructor(readonly coll: Collection<PayoneerBindingDoc>) {}

  static of(db: Db): PayoneerBindings {
    return new PayoneerBindings(db.collection<PayoneerBindingDoc>(PAYONEER_BINDINGS));
  }

  /** The seller's binding, or null. */
  get(sellerId: string): Promise<PayoneerBindingDoc | null> {
    return this.coll.findOne({ _id: sellerId });
  }

  /** Binds (or rebinds) the seller to the payee the provider answered for the consent. */
  async bind(sellerId: string, payee: { payeeId: string; email: string }): Promise<void> {
    await this.coll.replaceOne({ _id: sellerId }, { payeeId: payee.payeeId, email: payee.email, boundAt: new Date() }, { upsert: true });
  }

  /** Removes the binding; answers the one this call removed (null when there was none, or another call removed it). */
  async unbind(sellerId: string): Promise<PayoneerBindingDoc | null> {
    return this.coll.findOneAndDelete({ _id: sellerId });
  }
}
