/** Currencies a seller may choose for display and payout; the marketplace itself prices in euro. */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'PLN',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'BRL',
  'CNY',
  'SAR',
  'AED',
] as const;

export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'EUR';

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** A configured rate: units of a currency per euro as exact decimal text ("1.0860"), never a float. */
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,5})(?:\.\d{1,6})?$/;

/**
 * Euro cents in another currency's minor units at `rate` (RATE_PATTERN), rounded half away from
 * zero, in integer arithmetic: euros stay the amount of record, this is only what it is about worth.
 */
export function convertCents(cents: number, rate: string): number {
  const [whole = '0', frac = ''] = rate.split('.');
  const scale = BigInt(10) ** BigInt(frac.length);
  const product = BigInt(cents) * BigInt(whole + frac);
  const negative = product < BigInt(0);
  const abs = negative ? -product : product;
  const rounded = (abs * BigInt(2) + scale) / (BigInt(2) * scale);
  return Number(negative ? -rounded : rounded);
}
