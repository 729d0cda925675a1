/**
 * The comfort sell record's rows as the session API and API v1 answer them: each run with where its
 * income is (`money`: frozen, available, in a withdrawal, or paid out by a named withdrawal) from the
 * one model of a sale's money (`domain/sale-money.ts`, docs/withdrawals.md); a run's ledger ref is
 * its run id. Settled (`settled: true`, the `settled` filter) means all of it is paid out, and the
 * `paid` filter holds the Paid runs whose money is still the seller's, so no run is in both.
 */
import type { ComfortFilter, ComfortRunRecord } from '../../domain/comfort-trade.js';
import { recordFilter, toRunView, type ComfortRunDoc } from '../../infra/comfort/runs.js';
import type { Settlement } from '../../infra/wallet/settlement.js';

export type ComfortRecord = ReturnType<typeof comfortRecord>;

/** Rows and filters of the comfort record over the seller's ledger. */
export function comfortRecord(settlement: Settlement) {
  return {
    /** The runs as rows, each with its money and marked Settled when all of it is paid out. */
    async rows(sellerId: string, docs: readonly ComfortRunDoc[]): Promise<ComfortRunRecord[]> {
      const money = docs.some((d) => d.creditedCents !== null) ? await settlement.money(sellerId) : new Map();
      return docs.map((d) => {
        const m = money.get(d._id) ?? null;
        return { ...toRunView(d), money: m, settled: m?.state === 'paid_out' };
      });
    },
    /** The query of a filter (`settled` and `paid` need the seller's paid-out runs). */
    async filter(sellerId: string, filter: ComfortFilter) {
      const ids = filter === 'settled' || filter === 'paid' ? [...(await settlement.settledRefs(sellerId))] : [];
      return { query: recordFilter(sellerId, filter, ids), settledIds: ids };
    },
  };
}
