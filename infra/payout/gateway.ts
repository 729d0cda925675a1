/**
 * The payout gateway: our only door to the payout provider (docs/provider-contract.md). Transient
 * failures (network, timeouts, 5xx, 429) throw `PayoutUnavailableError` so the caller's retry
 * policy applies; a definite refusal of the request itself throws `PayoutContractError`.
 */
import { providerClient } from '../provider-http.js';
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
  status(key: string): Promise<PayoutView | null>;
  /** Exchanges a Payoneer consent code for the payee it bound. */
  payoneerToken(code: string): Promise<{ payeeId: string; email: string }>;
}

export interface PayoutGatewayOptions { baseUrl: string; apiKey?: string; timeoutMs?: number }

export function createPayoutGateway(opts: PayoutGatewayOptions): PayoutGateway {
  const base = opts.baseUrl.replace(/\/+$/, '') + PAYOUT_PREFIX;
  const call = providerClient({ name: 'payout', base, apiKey: opts.apiKey, timeoutMs: opts.timeoutMs, errors: { unavailable: PayoutUnavailableError, contract: PayoutContractError } });
  return {
    quote: async (q) => (await call<QuoteResponse>('/quotes', { body: q }))!,
    create: async (p) => (await call<{ payout: PayoutView }>('/payouts', { body: p }))!.payout,
    status: async (key) => (await call<{ payout: PayoutView }>(`/payouts/${encodeURIComponent(key)}`, { allow404: true }))?.payout ?? null,
    payoneerToken: async (code) => (await call<{ payeeId: string; email: string }>('/payoneer/token', { body: { code } }))!,
  };
}
