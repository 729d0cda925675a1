/**
 * Settlement: where each credit's money is, read from the seller's ledger through the one model of
 * a sale's money (`domain/sale-money.ts`; rule in docs/withdrawals.md: oldest available money
 * first, taken when a withdrawal is requested). The record pages, filters and APIs ask `money`;
 * a paid withdrawal also writes what it paid out as allocations (`<withdrawalId>:<ref>`, unique
 * inserts, idempotent) for support to read, computed by the same model, so they never disagree.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import type { LedgerEntry } from './wallet.js';
import { saleMoney, type CreditMoney } from '../../domain/sale-money.js';

export const ALLOCATIONS_COLLECTION = 'settlement_allocations';

export interface AllocationDoc {
  _id: string;
  sellerId: string;
  withdrawalId: string;
  /** The earning's ledger ref (purchase id, comfort run id). */
  ref: string;
  cents: number;
  /** What the earning added to available in total. */
  earnedCents: number;
  /** With this withdrawal, all the earning is paid out: the record is Settled. */
  completes: boolean;
  at: Date;
}

const PROJECTION = { seq: 1, kind: 1, ref: 1, delta: 1, at: 1 } as const;

export class Settlement {
  private constructor(readonly ledger: Collection<LedgerEntry>, readonly allocations: Collection<AllocationDoc>) {}

  static async open(db: Db, ledger: Collection<LedgerEntry>): Promise<Settlement> {
    const allocations = db.collection<AllocationDoc>(ALLOCATIONS_COLLECTION);
    return new Settlement(ledger, allocations);
  }

  /** Every credit's money for the seller, by ref (purchase id, run id). Reads the ledger; writes nothing. */
  async money(sellerId: string): Promise<Map<string, CreditMoney>> {
    const entries = await this.ledger.find({ sellerId }, { projection: PROJECTION }).sort({ seq: 1 }).toArray();
    return saleMoney(entries);
  }

  /** Records which earnings the withdrawal paid out (after its `withdrawal_paid` ledger entry exists); answers the allocations. */
  async allocate(sellerId: string, withdrawalId: string, paidOpId: string): Promise<AllocationDoc[]> {
    const paid = await this.ledger.findOne({ sellerId, opId: paidOpId });
    if (!paid) throw new Error(`no paid ledger entry ${paidOpId}`);
    const out: AllocationDoc[] = [];
    for (const credit of (await this.money(sellerId)).values()) {
      const mine = credit.withdrawals.filter((w) => w.withdrawalId === withdrawalId && w.paidAt !== null);
      if (!mine.length) continue;
      const paidAt = mine[0].paidAt!;
      const upToThis = credit.withdrawals.filter((w) => w.paidAt !== null && w.paidAt <= paidAt).reduce((s, w) => s + w.cents, 0);
      const cents = mine.reduce((s, w) => s + w.cents, 0);
      out.push({ _id: `${withdrawalId}:${credit.ref}`, sellerId, withdrawalId, ref: credit.ref, cents, earnedCents: credit.earnedCents, completes: upToThis >= credit.earnedCents, at: paid.at });
    }
    // An allocation already there was recorded by an earlier attempt.
    for (const a of out) await insertOnce(this.allocations, a);
    return out;
  }

  /** Of `refs`, those whose money is all paid out (Settled), from the model. */
  async settledRefs(sellerId: string, refs?: readonly string[]): Promise<Set<string>> {
    const money = await this.money(sellerId);
    const wanted = refs ? new Set(refs) : null;
    return new Set([...money.values()].filter((m) => m.state === 'paid_out' && (!wanted || wanted.has(m.ref))).map((m) => m.ref));
  }
}
