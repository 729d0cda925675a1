/**
 * The game-market gateway: our only door to the provider (docs/provider-contract.md). Reads the
 * cards on sale and asks whether a game account bought a card. Transient failures (network,
 * timeouts, 5xx, 429) and answers out of contract (infra/market/answers.ts) throw
 * `MarketUnavailableError` so the caller's retry policy applies; a definite answer is returned as data.
 */
import type { Platform } from '../../domain/pricing.js';
import { providerClient } from '../provider-http.js';
import { cardsAnswer, verifyAnswer } from './answers.js';
import { CONTRACT_PREFIX, type ProviderCard, type VerifyAnswer } from './contract.js';

export class MarketUnavailableError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'MarketUnavailableError';
  }
}

/** The provider refused the request itself (4xx other than 429): retrying cannot help. */
export class MarketContractError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'MarketContractError';
  }
}

export interface MarketGateway {
  listCards(): Promise<ProviderCard[]>;
  verifyPurchase(q: { cardId: string; platform: Platform; gameAccount: string }): Promise<VerifyAnswer>;
}

export interface GatewayOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per-call time limit. */
  timeoutMs?: number;
}

export function createMarketGateway(opts: GatewayOptions): MarketGateway {
  const base = opts.baseUrl.replace(/\/+$/, '') + CONTRACT_PREFIX;
  const call = providerClient({ name: 'market', base, apiKey: opts.apiKey, timeoutMs: opts.timeoutMs, errors: { unavailable: MarketUnavailableError, contract: MarketContractError } });
  return {
    async listCards() {
      return (await call('/cards', { timeoutMs: Math.max(opts.timeoutMs ?? 10_000, 30_000), answer: cardsAnswer }))!.cards;
    },
    async verifyPurchase(q) {
      // A purchase is checked against the pick's time and price: the schema refuses an answer without them.
      return (await call('/verifications', { body: q, answer: verifyAnswer }))!;
    },
  };
}
