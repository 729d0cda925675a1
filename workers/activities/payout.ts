/**
 * Activities on the payout provider (withdrawals): create the payout once by key, ask how it stands.
 * A method no provider pays (infra/payout/provider-config.ts) is answered "manual" without calling anything.
 */
import { providerRefusal } from './provider-refusal.js';
import type { PaymentMethod } from '../../domain/account-schemas.js';
import type { ManualPayout, WithdrawalRequest } from '../../domain/withdrawal.js';
import type { PayoutView } from '../../infra/payout/contract.js';
import { PayoutContractError, PayoutUnavailableError, type PayoutGateway } from '../../infra/payout/gateway.js';
import { whileBeating } from './heartbeat.js';

/** The payout provider is not configured: every call fails as "provider unavailable" (a payout created before still waits for it). */
export const unconfiguredPayouts = (): PayoutGateway => {
  const down = async (): Promise<never> => { throw new PayoutUnavailableError('no payout provider configured (PAYOUT_PROVIDER_URL)'); };
  return { quote: down, create: down, status: down, payoneerToken: down };
};

export interface PayoutDeps {
  gateway: PayoutGateway;
  callbackUrl: string | null;
  /** The methods this provider pays (PAYOUT_PROVIDER_METHODS); every method when absent. */
  methods?: readonly PaymentMethod[];
}

/**
 * Without `payouts`, no method has a provider: every payout is paid by hand. `paypal`: the PayPal Payouts
 * adapter (PAYPAL_CLIENT_ID/SECRET set), which pays the `paypal` method whatever PAYOUT_PROVIDER_METHODS says.
 */
export function createPayoutActivities(deps: { payouts?: PayoutDeps; paypal?: PayoutGateway }) {
  const provider = deps.payouts?.gateway ?? unconfiguredPayouts();
  const gatewayFor = (method: PaymentMethod | undefined) => (method === 'paypal' && deps.paypal ? deps.paypal : provider);
  const automatic = (method: PaymentMethod) => (method === 'paypal' && !!deps.paypal)
    || (!!deps.payouts && (!deps.payouts.methods || deps.payouts.methods.includes(method)));
  return {
    /** Asks the provider to pay (idempotent by key: a repeat answers the payout already created); "manual" when none pays the method. */
    async createPayout(q: { key: string; request: WithdrawalRequest }): Promise<PayoutView | ManualPayout> {
      const r = q.request;
      if (!automatic(r.method)) return { manual: true };
      try {
        return await whileBeating(() => gatewayFor(r.method).create({
          key: q.key, method: r.method, address: r.payeeId ?? r.address, trueName: r.trueName, amountCents: r.fees.totalPayoutCents,
          currency: r.quote?.currency ?? 'EUR', quoteId: r.quote?.quoteId ?? null, callbackUrl: deps.payouts?.callbackUrl ?? null,
          ...(r.quote ? { payoutMinor: r.quote.payoutMinor } : {}),
        }));
      } catch (err) {
        // A refusal of the request itself (expired quote, bad data) cannot be helped by retrying.
        // The provider's reason travels in the details, so the seller can be told what happened (an expired rate).
        if (err instanceof PayoutContractError) throw providerRefusal('payout', err);
        throw err;
      }
    },

    /**
     * The payout as the provider has it now (the fallback when no callback arrived). `method` and `payoutId`
     * (the provider's id answered at creation) are sent by runs since the PayPal adapter; older runs send the key only.
     */
    async payoutStatus(q: { key: string; method?: PaymentMethod; payoutId?: string | null }): Promise<PayoutView | null> {
      return whileBeating(() => gatewayFor(q.method).status(q.key, q.payoutId ?? null));
    },
  };
}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
