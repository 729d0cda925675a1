/**
 * Activities that move sellers' money: every process's ledger operations, each keyed by an
 * operation id (from the workflow id) so a retry applies it once, and each change told to the
 * seller live. An undo sits next to the action it undoes.
 */
import type { Collection } from 'mongodb';
import { isDomainError } from '../../domain/errors.js';
import { WALLET_UPDATED } from '../../domain/player-trade.js';
import type { WalletView } from '../../domain/wallet.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import { LEDGER_KINDS } from '../../infra/wallet/ledger-kinds.js';
import type { Settlement } from '../../infra/wallet/settlement.js';
import type { Wallets } from '../../infra/wallet/wallet.js';
import { NO_COUNTERS, type BusinessCounters } from '../../infra/metrics/counters.js';

type By = { by?: string; reason?: string };

export function createWalletActivities(deps: { wallets: Wallets; settlement: Settlement; events: Collection<EventDoc>; counters?: BusinessCounters }) {
  const { wallets } = deps;
  // Counted only when this call applied the operation: a retried activity finds its op id and counts nothing.
  const counters = deps.counters ?? NO_COUNTERS;
  const tell = (w: WalletView, ref: string) =>
    publishEvent(deps.events, { sellerId: w.sellerId, type: WALLET_UPDATED, subject: `wallet:${w.sellerId}`, data: { ...w, ref } });

  return {
    // Player purchase.
    /** Credits a verified purchase's income as frozen. */
    async creditFrozen(q: { sellerId: string; opId: string; cents: number; purchaseId: string } & By): Promise<{ applied: boolean; wallet: WalletView }> {
      const r = await wallets.creditFrozen(q.sellerId, q.opId, q.cents, q.purchaseId, { by: q.by, reason: q.reason });
      if (r.applied) counters.purchaseCredited();
      await tell(r.wallet, q.purchaseId);
      return r;
    },
    /** Releases a purchase's frozen income to available when its freeze ends. */
    async releaseFrozen(q: { sellerId: string; opId: string; cents: number; purchaseId: string }): Promise<{ applied: boolean; wallet: WalletView }> {
      const r = await wallets.releaseFrozen(q.sellerId, q.opId, q.cents, q.purchaseId);
      await tell(r.wallet, q.purchaseId);
      return r;
    },

    // Comfort run.
    /** Credits the income of the coins transferred as frozen (under review), once per op id. */
    async creditComfort(q: { sellerId: string; opId: string; cents: number; runId: string }): Promise<{ applied: boolean }> {
      const r = await wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: LEDGER_KINDS.comfortCredited, delta: { frozen: q.cents }, ref: q.runId });
      await tell(r.wallet, q.runId);
      return { applied: r.applied };
    },
    /** Moves the reviewed income to the available balance, once per op id. */
    async releaseComfort(q: { sellerId: string; opId: string; cents: number; runId: string }): Promise<{ applied: boolean }> {
      const r = await wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: LEDGER_KINDS.comfortReleased, delta: { frozen: -q.cents, available: q.cents }, ref: q.runId });
      if (r.applied) counters.comfortRunPaid();
      await tell(r.wallet, q.runId);
      return { applied: r.applied };
    },

    // Withdrawal.
    /** Request sent: the amount moves from available to pending payout in one ledger operation; refused (nothing moves) when not enough is available. */
    async debitWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number; method?: string }): Promise<{ ok: true; availableAfter: number } | { ok: false }> {
      try {
        const r = await wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: LEDGER_KINDS.withdrawalRequested, delta: { available: -q.cents, pendingPayout: q.cents }, ref: `withdrawal:${q.withdrawalId}` });
        if (r.applied) counters.withdrawalRequested(q.method ?? 'unknown');
        if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
        if (!r.applied) {
          const entry = await wallets.ledger.findOne({ sellerId: q.sellerId, opId: q.opId });
          return { ok: true, availableAfter: entry?.after.available ?? r.wallet.available };
        }
        return { ok: true, availableAfter: r.wallet.available };
      } catch (err) {
        if (isDomainError(err) && err.code === 'insufficient_balance') return { ok: false };
        throw err;
      }
    },
    /** Undoes debitWithdrawal (the payout failed or support gave it up): the amount returns from pending payout to available, once. */
    async returnWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number } & By): Promise<void> {
      const r = await wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: LEDGER_KINDS.withdrawalReturned, delta: { pendingPayout: -q.cents, available: q.cents }, ref: `withdrawal:${q.withdrawalId}`, by: q.by, reason: q.reason });
      if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
    },
    /** Paid: pending payout is cleared once, and the earnings it paid out are recorded as settled. */
    async completeWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number; method?: string } & By): Promise<void> {
      const r = await wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: LEDGER_KINDS.withdrawalPaid, delta: { pendingPayout: -q.cents }, ref: `withdrawal:${q.withdrawalId}`, by: q.by, reason: q.reason });
      if (r.applied) counters.withdrawalPaid(q.method ?? 'unknown');
      await deps.settlement.allocate(q.sellerId, q.withdrawalId, q.opId);
      if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
    },
  };
}

export type WalletActivities = ReturnType<typeof createWalletActivities>;
