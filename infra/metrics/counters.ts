/**
 * What happened, counted by the worker that did it: each counter moves once per effect, after the
 * effect is recorded and only when this call applied it (the ledger's op id says so), so a retried
 * activity never counts twice. Per process: Prometheus sums the replicas (`sum(rate(...))`).
 */
import { Counter, type Registry } from 'prom-client';
import { PREFIX } from './registry.js';

export interface BusinessCounters {
  purchaseCredited(): void;
  comfortRunPaid(): void;
  withdrawalRequested(method: string): void;
  withdrawalPaid(method: string): void;
  /** One round of a sweep (infra/sweeps/activity.ts) ended, well or not. */
  sweepRan(sweep: string, ok: boolean): void;
}

/** Counts nothing: the default of code that runs without a metrics registry (tests, the support tool). */
export const NO_COUNTERS: BusinessCounters = {
  purchaseCredited: () => undefined, comfortRunPaid: () => undefined,
  withdrawalRequested: () => undefined, withdrawalPaid: () => undefined, sweepRan: () => undefined,
};

export function createBusinessCounters(registry: Registry): BusinessCounters {
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
  const credited = counter('purchases_credited_total', 'Player purchases verified and credited (frozen income), once each');
  const comfortPaid = counter('comfort_runs_paid_total', 'Comfort runs whose reviewed income became available (Paid), once each');
  const requested = counter('withdrawals_requested_total', 'Withdrawals whose amount moved to pending payout, by payout method', ['method']);
  const paid = counter('withdrawals_paid_total', 'Withdrawals paid (by the provider or marked paid by support), by payout method', ['method']);
  const sweepRuns = counter('sweep_runs_total', 'Rounds of a sweep (its Temporal Schedule\'s activity) run by this process, by sweep', ['sweep']);
  const sweepFailures = counter('sweep_failures_total', 'Rounds of a sweep that failed on this process (each attempt; Temporal retries by policy), by sweep', ['sweep']);
  return {
    purchaseCredited: () => credited.inc(),
    comfortRunPaid: () => comfortPaid.inc(),
    withdrawalRequested: (method) => requested.inc({ method }),
    withdrawalPaid: (method) => paid.inc({ method }),
    sweepRan: (sweep, ok) => { sweepRuns.inc({ sweep }); if (!ok) sweepFailures.inc({ sweep }); },
  };
}
