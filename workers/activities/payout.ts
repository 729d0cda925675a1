/** Activities on the payout provider (withdrawals): create the payout once by key, ask how it stands. */
import { ApplicationFailure } from '@temporalio/common';
import type { WithdrawalRequest } from '../../domain/withdrawal.js';
import type { PayoutView } from '../../infra/payout/contract.js';
import { PayoutContractError, PayoutUnavailableError, type PayoutGateway } from '../../infra/payout/gateway.js';
import { whileBeating } from './heartbeat.js';

/** The payout provider is not configured: every call fails as "provider unavailable" (payouts wait for support). */
export const unconfiguredPayouts = (): PayoutGateway => {
  const down = async (): Promise<never> => { throw new PayoutUnavailableError('no payout provider configured (PAYOUT_PROVIDER_URL)'); };
  return { quote: down, create: down, status: down, payoneerToken: down };
};

export interface PayoutDeps { gateway: PayoutGateway; callbackUrl: string | null }

export function createPayoutActivities(deps: { payouts: PayoutDeps }) {
  return {
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
  };
}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
