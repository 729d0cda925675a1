import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_TABLE,
  PLATFORMS,
  PLAYER_TRADE_TAX_BPS,
  coinsToCents,
  incomeCoins,
  playerIncomeCents,
  priceFor,
  taxCoins,
} from '../../domain/pricing.js';
import { DomainError } from '../../domain/errors.js';

describe('incomeCoins', () => {
  it('taxes 5%', () => {
    expect(PLAYER_TRADE_TAX_BPS).toBe(500);
    expect(incomeCoins(100_000)).toBe(95_000);
  });

  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [19, 1, 18],
    [20, 1, 19],
    [21, 2, 19],
    [39, 2, 37],
    [40, 2, 38],
    [41, 3, 38],
    [150_000, 7_500, 142_500],
  ])('%i coins: tax %i, income %i', (value, tax, income) => {
    expect(taxCoins(value)).toBe(tax);
    expect(incomeCoins(value)).toBe(income);
  });

  it('never gives the seller more than 95%', () => {
    for (let value = 0; value <= 1000; value++) {
      expect(incomeCoins(value) * 100).toBeLessThanOrEqual(value * 95);
      // ...and rounds by less than one coin.
      expect((incomeCoins(value) + 1) * 100).toBeGreaterThan(value * 95);
    }
  });

  it('is exact for the largest safe value', () => {
    const max = Number.MAX_SAFE_INTEGER; // 9007199254740991, tax = ceil(max / 20)
    expect(taxCoins(max)).toBe(450359962737050);
    expect(incomeCoins(max)).toBe(8556839292003941);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (value) => {
    expect(() => incomeCoins(value)).toThrow(DomainError);
  });
});

describe('coinsToCents', () => {
  it.each([
    [0, 250, 0],
    [100_000, 250, 250],
    [200_000, 250, 500],
    [1_000_000, 333, 3_330],
    [99_999, 250, 249], // 249.9975 rounds down
    [399, 250, 0], // 0.9975 cent is not paid
    [400, 250, 1],
    [1, 100_000, 1],
  ])('%i coins at %i cents/100K -> %i cents', (coins, price, cents) => {
    expect(coinsToCents(coins, price)).toBe(cents);
  });

  it('is exact for 10^12 coins where float math is not', () => {
    // 10^12 * 333 = 3.33e14 then / 1e5 = 3_330_000_000 exactly.
    expect(coinsToCents(1e12, 333)).toBe(3_330_000_000);
    expect(coinsToCents(999_999_999_999, 333)).toBe(3_329_999_999);
    expect(coinsToCents(123_456_789_012, 299)).toBe(369_135_799);
  });

  it('refuses a result beyond safe integers', () => {
    expect(() => coinsToCents(Number.MAX_SAFE_INTEGER, 1_000_000)).toThrow(DomainError);
  });

  it.each([
    [-1, 250],
    [1.2, 250],
    [100, -1],
    [100, 2.5],
  ])('refuses coins %s at price %s with an invalid domain error', (coins, price) => {
    expect(() => coinsToCents(coins, price)).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });
});

describe('playerIncomeCents', () => {
  it('taxes the coins first, then prices them rounding down', () => {
    expect(playerIncomeCents(100_000, 250)).toBe(237); // 95,000 coins = 237.5 cents
    expect(playerIncomeCents(200_000, 250)).toBe(475);
    expect(playerIncomeCents(21, 100_000)).toBe(19);
    expect(playerIncomeCents(0, 250)).toBe(0);
  });
});

describe('price table', () => {
  it('has a whole-cent default for every platform', () => {
    for (const platform of PLATFORMS) expect(Number.isSafeInteger(priceFor(DEFAULT_PRICE_TABLE, platform))).toBe(true);
  });

  it('refuses a broken table entry', () => {
    expect(() => priceFor({ ps: 1.5, xbox: 250, pc: 300 }, 'ps')).toThrow(DomainError);
  });
});
