/**
 * The comfort sell record's rows as the session API and API v1 answer them: each run with whether
 * its income has been paid out by a withdrawal (Settled). Settled is derived from the settlement
 * allocations (docs/withdrawals.md, oldest earnings first); a run's ledger ref is its run id.
 */
import type { ComfortFilter, ComfortRunRecord } from '../../domain/comfort-trade.js';
import { recordFilter, toRunView, type ComfortRunDoc } from '../../infra/comfort/runs.js';
import type { Settlement } from '../../infra/wallet/settlement.js';

export type ComfortRecord = ReturnType<typeof comfortRecord>;

/** Rows and filters of the comfort record over the seller's settlement allocations. */
export function comfortRecord(settlement: Settlement) {
  return {
    /** The runs as rows, each marked Settled when allocations cover all it earned. */
    async rows(sellerId: string, docs: readonly ComfortRunDoc[]): Promise<ComfortRunRecord[]> {
      const paid = docs.filter((d) => d.status === 'paid').map((d) => d._id);
      const settled = paid.length ? await settlement.settledRefs(sellerId, paid) : new Set<string>();
      return docs.map((d) => ({ ...toRunView(d), settled: settled.has(d._id) }));
    },
    /** The query of a filter (the `settled` one needs the seller's settled refs). */
    async filter(sellerId: string, filter: ComfortFilter) {
      const ids = filter === 'settled' ? [...(await settlement.settledRefs(sellerId))] : [];
      return { query: recordFilter(sellerId, filter, ids), settledIds: ids };
    },
  };
}
