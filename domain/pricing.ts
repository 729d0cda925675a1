/** What a seller earns for a player card: card value minus the 5% trade tax, priced in euro cents. */
import { DomainError } from './errors.js';

/** The player-trade tax in basis points (1/100 of a percent): 500 = 5%. */
export const PLAYER_TRADE_TAX_BPS = 500;
const BPS_PER_WHOLE = 10_000n;
const COINS_PER_PRICE_UNIT = 100_000n;

export const PLATFORMS = ['ps', 'xbox', 'pc'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The operator's buying price per platform, in euro cents per 100,000 coins. */
export type PriceTable = Readonly<Record<Platform, number>>;

// Placeholder until the operator configures prices; PC coins are scarcer and trade higher.
export const DEFAULT_PRICE_TABLE: PriceTable = { ps: 250, xbox: 250, pc: 300 };

function wholeNumber(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError('invalid', 'invalid_amount', `${what} must be a whole, non-negative, safe number`);
  }
  return BigInt(value);
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DomainError('invalid', 'amount_too_large', `${what} is too large`);
  }
  return Number(value);
}

/** The tax on a card, rounded up to the whole coin so a seller never receives more than 95%. */
export function taxCoins(cardValueCoins: number): number {
  const value = wholeNumber(cardValueCoins, 'Card value');
  const taxed = value * BigInt(PLAYER_TRADE_TAX_BPS);
  return Number((taxed + BPS_PER_WHOLE - 1n) / BPS_PER_WHOLE);
}

/** Coins credited for a card: its value minus the tax. */
export const incomeCoins = (cardValueCoins: number): number => cardValueCoins - taxCoins(cardValueCoins);

/** Coins in euro cents at the configured price, rounded down to the cent (we never pay a fraction). */
export function coinsToCents(coins: number, centsPer100k: number): number {
  const amount = wholeNumber(coins, 'Coins');
  const price = wholeNumber(centsPer100k, 'Price per 100K coins');
  return toSafeNumber((amount * price) / COINS_PER_PRICE_UNIT, 'Amount in cents');
}

/** Euro cents credited for a card: the taxed coins, then priced (each step rounds against the payout). */
export const playerIncomeCents = (cardValueCoins: number, centsPer100k: number): number =>
  coinsToCents(incomeCoins(cardValueCoins), centsPer100k);

/** Euro cents per 100K coins for a platform, refusing a table that holds no usable price. */
export function priceFor(table: PriceTable, platform: Platform): number {
  const price = table[platform];
  wholeNumber(price, `Price for ${platform}`);
  return price;
}
