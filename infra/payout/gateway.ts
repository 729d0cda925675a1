/**
 * The payout gateway: our only door to the payout provider (docs/provider-contract.md). Transient
 * failures (network, timeouts, 5xx, 429) throw `PayoutUnavailableError` so the caller's retry
 * policy applies, and so does an answer out of contract (infra/payout/answers.ts: a payout is
 * never taken as paid on one); a definite refusal of the request itself throws `PayoutContractError`.
 */
import { providerClient } from '../provider-http.js';
import { payoneerTokenAnswer, payoutAnswer, quoteAnswer } from './answers.js';
import { PAYOUT_PREFIX, type CreatePayoutRequest, type PayoutView, type QuoteRequest, type QuoteResponse } from './contract.js';

export class PayoutUnavailableError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'PayoutUnavailableError';
  }
}

export class PayoutContractError extends Error {
  /** `code`: the provider's reason (`quote_expired`, `quote_unknown`, `key_reused`, `bad_request`...), when it gave one. */
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'PayoutContractError';
  }
}

export interface PayoutGateway {
  quote(q: QuoteRequest): Promise<QuoteResponse>;
  /** Creates the payout, or answers the one already created under the same key. */
  create(p: CreatePayoutRequest): Promise<PayoutView>;
  /** `payoutId`: the provider's id answered at creation (a provider that finds payouts by its own id only, like PayPal, needs it). */
  status(key: string, payoutId?: string | null): Promise<PayoutView | null>;
  /** Exchanges a Payoneer consent code for the payee it bound. */
  payoneerToken(code: string): Promise<{ payeeId: string; email: string }>;
}

export interface PayoutGatewayOptions { baseUrl: string; apiKey?: string; timeoutMs?: number }

export function createPayoutGateway(opts: PayoutGatewayOptions): PayoutGateway {
  const base = opts.baseUrl.replace(/\/+$/, '') + PAYOUT_PREFIX;
  const call = providerClient({ name: 'payout', base, apiKey: opts.apiKey, timeoutMs: opts.timeoutMs, errors: { unavailable: PayoutUnavailableError, contract: PayoutContractError } });
  /** The payout answered must be the one asked for: another key's state would settle the wrong withdrawal. */
  const forKey = (key: string, p: PayoutView): PayoutView => {
    if (p.key !== key) throw new PayoutUnavailableError('payout provider answered a payout under another key (docs/provider-contract.md)');
    return p;
  };
  return {
    quote: async (q) => {
      const a = (await call('/quotes', { body: q, answer: quoteAnswer }))!;
      if (a.currency !== q.currency) throw new PayoutUnavailableError('payout provider quoted another currency than asked (docs/provider-contract.md)');
      return a;
    },
    create: async (p) => forKey(p.key, (await call('/payouts', { body: p, answer: payoutAnswer }))!.payout),
    status: async (key) => {
      const a = await call(`/payouts/${encodeURIComponent(key)}`, { allow404: true, answer: payoutAnswer });
      return a ? forKey(key, a.payout) : null;
    },
    payoneerToken: async (code) => (await call('/payoneer/token', { body: { code }, answer: payoneerTokenAnswer }))!,
  };
}
