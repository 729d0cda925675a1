import type { Collection } from 'mongodb';
import { ApplicationFailure } from '@temporalio/common';
import { WALLET_UPDATED } from '../../domain/player-trade.js';
import { WITHDRAWAL_UPDATED, type WithdrawalRequest, type WithdrawalStatus } from '../../domain/withdrawal.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import { PayoutContractError, PayoutUnavailableError, type PayoutGateway } from '../../infra/payout/gateway.js';
import type { PayoutView } from '../../infra/payout/contract.js';
import { Settlement, WITHDRAWAL_DEBIT_KIND, WITHDRAWAL_PAID_KIND, WITHDRAWAL_RETURNED_KIND } from '../../infra/wallet/settlement.js';
import { isDomainError } from '../../domain/errors.js';
import type { WalletView, Wallets } from '../../infra/wallet/wallet.js';
import type { Withdrawals } from '../../infra/withdrawals/records.js';
import { whileBeating } from './heartbeat.js';
import { withdrawalEvent } from '../../domain/seller-events.js';
import type { Announce } from '../../infra/seller-feed/announce.js';

/** The payout provider is not configured: every call fails as "provider unavailable". */
export const unconfiguredPayouts = (): PayoutGateway => {
  const down = async (): Promise<never> => { throw new PayoutUnavailableError('no payout provider configured (PAYOUT_PROVIDER_URL)'); };
  return { quote: down, create: down, status: down, payoneerToken: down };
};

export interface PayoutDeps { gateway: PayoutGateway; callbackUrl: string | null }

/** Activities of a withdrawal: the money moves (each once, by operation id), the provider calls, the history record. */
export function createWithdrawalActivities(deps: {
  wallets: Wallets; settlement: Settlement; withdrawals: Withdrawals; events: Collection<EventDoc>; payouts: PayoutDeps;
  /** The API sellers' feed (status sockets, webhooks). */
  announce?: Announce;
}) {
  const tell = (w: WalletView, ref: string) =>
    publishEvent(deps.events, { sellerId: w.sellerId, type: WALLET_UPDATED, subject: `wallet:${w.sellerId}`, data: { ...w, ref } });
  return {
    /** Request sent: the amount moves from available to pending payout in one ledger operation; refused (nothing moves) when not enough is available. */
    async debitWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number }): Promise<{ ok: true; availableAfter: number } | { ok: false }> {
      try {
        const r = await deps.wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: WITHDRAWAL_DEBIT_KIND, delta: { available: -q.cents, pendingPayout: q.cents }, ref: `withdrawal:${q.withdrawalId}` });
        if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
        if (!r.applied) {
          const entry = await deps.wallets.ledger.findOne({ sellerId: q.sellerId, opId: q.opId });
          return { ok: true, availableAfter: entry?.after.available ?? r.wallet.available };
        }
        return { ok: true, availableAfter: r.wallet.available };
      } catch (err) {
        if (isDomainError(err) && err.code === 'insufficient_balance') return { ok: false };
        throw err;
      }
    },

    /** Paid: pending payout is cleared once, and the earnings it paid out are recorded as settled. */
    async completeWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number; by?: string; reason?: string }): Promise<void> {
      const r = await deps.wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: WITHDRAWAL_PAID_KIND, delta: { pendingPayout: -q.cents }, ref: `withdrawal:${q.withdrawalId}`, by: q.by, reason: q.reason });
      await deps.settlement.allocate(q.sellerId, q.withdrawalId, q.opId);
      if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
    },

    /** Failed: the amount returns from pending payout to available, once. */
    async returnWithdrawal(q: { sellerId: string; withdrawalId: string; opId: string; cents: number; by?: string; reason?: string }): Promise<void> {
      const r = await deps.wallets.apply({ sellerId: q.sellerId, opId: q.opId, kind: WITHDRAWAL_RETURNED_KIND, delta: { pendingPayout: -q.cents, available: q.cents }, ref: `withdrawal:${q.withdrawalId}`, by: q.by, reason: q.reason });
      if (r.applied) await tell(r.wallet, `withdrawal:${q.withdrawalId}`);
    },

    /** Asks the provider to pay (idempotent by key: a repeat answers the payout already created). */
    async createPayout(q: { key: string; request: WithdrawalRequest }): Promise<PayoutView> {
      const r = q.request;
      try {
        return await whileBeating(() => deps.payouts.gateway.create({
          key: q.key, method: r.method, address: r.payeeId ?? r.address, trueName: r.trueName, amountCents: r.fees.totalPayoutCents,
          currency: r.quote?.currency ?? 'EUR', quoteId: r.quote?.quoteId ?? null, callbackUrl: deps.payouts.callbackUrl,
        }));
      } catch (err) {
        // A refusal of the request itself (expired quote, bad data) cannot be helped by retrying.
        // The provider's reason travels in the details, so the seller can be told what happened (an expired rate).
        if (err instanceof PayoutContractError) throw ApplicationFailure.create({ type: 'PayoutContractError', message: err.message, nonRetryable: true, details: [{ code: err.code ?? null }] });
        throw err;
      }
    },

    /** The payout as the provider has it now (the fallback when no callback arrived). */
    async payoutStatus(q: { key: string }): Promise<PayoutView | null> {
      return whileBeating(() => deps.payouts.gateway.status(q.key));
    },

    /** Writes the history record (newer versions only) and tells the seller live. */
    async recordWithdrawal(q: { status: WithdrawalStatus; version: number }): Promise<void> {
      await deps.withdrawals.write(q.status, q.version);
      await publishEvent(deps.events, {
        sellerId: q.status.sellerId, type: WITHDRAWAL_UPDATED, subject: q.status.withdrawalId,
        data: { ...q.status, version: q.version },
      });
      await deps.announce?.(withdrawalEvent(q.status, q.version));
    },
  };
}

export type WithdrawalActivities = ReturnType<typeof createWithdrawalActivities>;
