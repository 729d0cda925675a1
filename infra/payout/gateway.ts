/**
 * The payout gateway: our only door to the payout provider (docs/provider-contract.md). Transient
 * failures (network, timeouts, 5xx, 429) throw `PayoutUnavailableError` so the caller's retry
 * policy applies; a definite refusal of the request itself throws `PayoutContractError`.
 */
import { PAYOUT_PREFIX, type CreatePayoutRequest, type PayoutView, type QuoteRequest, type QuoteResponse } from './contract.js';

export class PayoutUnavailableError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'PayoutUnavailableError';
  }
}

export class PayoutContractError extends Error {
  constructor(message: string, readonly status: number) {
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
  const call = async <T>(path: string, init: RequestInit = {}, allow404 = false): Promise<T | null> => {
    let res: Response;
    try {
      res = await fetch(base + path, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PayoutUnavailableError(`payout provider unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      throw new PayoutUnavailableError(`payout provider answered ${res.status}`, res.status);
    }
    if (allow404 && res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new PayoutContractError(`payout provider refused ${path.split('?')[0]}: ${res.status} ${text.slice(0, 200)}`, res.status);
    }
    return (await res.json()) as T;
  };
  return {
    quote: async (q) => (await call<QuoteResponse>('/quotes', { method: 'POST', body: JSON.stringify(q) }))!,
    create: async (p) => (await call<{ payout: PayoutView }>('/payouts', { method: 'POST', body: JSON.stringify(p) }))!.payout,
    status: async (key) => (await call<{ payout: PayoutView }>(`/payouts/${encodeURIComponent(key)}`, {}, true))?.payout ?? null,
    payoneerToken: async (code) => (await call<{ payeeId: string; email: string }>('/payoneer/token', { method: 'POST', body: JSON.stringify({ code }) }))!,
  };
}
