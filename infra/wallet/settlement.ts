/**
 * Settlement: which earnings a paid withdrawal paid out. Rule (docs/withdrawals.md): oldest
 * earnings first. A seller's earnings are the ledger entries that add to available money other
 * than a withdrawal's return (a purchase's freeze release, a comfort run's credit), in ledger
 * order; paid withdrawals consume them in the order of their `withdrawal_paid` entries. So a
 * withdrawal whose paid entry is preceded by P cents of paid withdrawals covers the earnings
 * between cumulative P and P + amount. The result depends only on the append-only ledger, so
 * recomputing it gives the same rows: each is a unique insert (`<withdrawalId>:<ref>`), idempotent.
 * A record (purchase, comfort run) is Settled once allocations cover all it earned.
 */
import type { Collection, Db } from 'mongodb';
import { insertOnce } from '../db.js';
import type { LedgerEntry } from './wallet.js';
import { LEDGER_KINDS, WITHDRAWAL_KIND_PREFIX } from './ledger-kinds.js';

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
  /** This allocation reaches the end of the earning: the record is Settled. */
  completes: boolean;
  at: Date;
}

const isEarning = (e: LedgerEntry) => (e.delta.available ?? 0) > 0 && !e.kind.startsWith(WITHDRAWAL_KIND_PREFIX);

export class Settlement {
  private constructor(readonly ledger: Collection<LedgerEntry>, readonly allocations: Collection<AllocationDoc>) {}

  static async open(db: Db, ledger: Collection<LedgerEntry>): Promise<Settlement> {
    const allocations = db.collection<AllocationDoc>(ALLOCATIONS_COLLECTION);
    return new Settlement(ledger, allocations);
  }

  /** Records which earnings the withdrawal paid out (after its `withdrawal_paid` ledger entry exists); answers the allocations. */
  async allocate(sellerId: string, withdrawalId: string, paidOpId: string): Promise<AllocationDoc[]> {
    const entries = await this.ledger.find({ sellerId }).sort({ seq: 1 }).toArray();
    const paid = entries.find((e) => e.opId === paidOpId);
    if (!paid) throw new Error(`no paid ledger entry ${paidOpId}`);
    const amount = -(paid.delta.pendingPayout ?? 0);
    const before = entries.filter((e) => e.kind === LEDGER_KINDS.withdrawalPaid && e.seq < paid.seq).reduce((s, e) => s - (e.delta.pendingPayout ?? 0), 0);
    // Earnings per ref in order of their first entry, with cumulative bounds.
    const earned = new Map<string, number>();
    for (const e of entries.filter(isEarning)) earned.set(e.ref, (earned.get(e.ref) ?? 0) + e.delta.available!);
    const out: AllocationDoc[] = [];
    let start = 0;
    for (const [ref, cents] of earned) {
      const end = start + cents;
      const lo = Math.max(start, before);
      const hi = Math.min(end, before + amount);
      if (hi > lo) out.push({ _id: `${withdrawalId}:${ref}`, sellerId, withdrawalId, ref, cents: hi - lo, earnedCents: cents, completes: hi === end, at: new Date() });
      start = end;
      if (start >= before + amount) break;
    }
    // An allocation already there was recorded by an earlier attempt.
    for (const a of out) await insertOnce(this.allocations, a);
    return out;
  }

  /** Of `refs`, those whose earnings are fully paid out (Settled); for the player and comfort records. */
  async settledRefs(sellerId: string, refs?: readonly string[]): Promise<Set<string>> {
    const filter: Record<string, unknown> = { sellerId, completes: true };
    if (refs) filter.ref = { $in: [...refs] };
    const docs = await this.allocations.find(filter, { projection: { ref: 1 } }).toArray();
    return new Set(docs.map((d) => d.ref));
  }
}
