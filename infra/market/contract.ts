/**
 * The game-market provider contract (docs/provider-contract.md): what goes over the wire between
 * our gateway and the provider (the simulator in development and tests, the operator's service in
 * production). Version 1.
 */
import type { PlayerCard } from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';

export const CONTRACT_PREFIX = '/market/v1';

/** A card on the provider's market (the contract's shape is the domain's card); `rev` grows whenever any field changes. */
export interface ProviderCard extends PlayerCard {
  rev: number;
}

/** `GET /market/v1/cards`. */
export interface CardsResponse {
  cards: ProviderCard[];
  /** Provider clock (epoch ms) when the list was taken. */
  at: number;
}

/** `POST /market/v1/verifications` body. */
export interface VerifyRequest {
  cardId: string;
  platform: Platform;
  gameAccount: string;
}

/** The provider's answer: bought by that account (when, at what price in coins), or not (with why). */
export type { VerifyAnswer } from '../../domain/player-trade.js';
