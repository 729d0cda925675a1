import { describe, expect, it } from 'vitest';
import { formatCoinsK, formatDate, formatMoney, formatNumber } from '../../web/src/ui/format.js';
import { DomainError } from '../../domain/errors.js';

// 2024-03-05 07:08:09 UTC
const SECONDS = 1709622489;
const MILLIS = 1709622489123;

describe('formatDate', () => {
  it('reads a 10-digit number as seconds and a 13-digit number as milliseconds', () => {
    expect(formatDate(SECONDS, undefined, 'UTC')).toBe('2024-03-05 07:08:09');
    expect(formatDate(MILLIS, undefined, 'UTC')).toBe('2024-03-05 07:08:09');
  });

  it('reads numeric strings the same way', () => {
    expect(formatDate(String(SECONDS), undefined, 'UTC')).toBe('2024-03-05 07:08:09');
    expect(formatDate(String(MILLIS), undefined, 'UTC')).toBe('2024-03-05 07:08:09');
  });

  it('accepts Date objects and ISO strings', () => {
    expect(formatDate(new Date(MILLIS), undefined, 'UTC')).toBe('2024-03-05 07:08:09');
    expect(formatDate('2024-03-05T07:08:09Z', undefined, 'UTC')).toBe('2024-03-05 07:08:09');
  });

  it('follows the pattern tokens', () => {
    expect(formatDate(SECONDS, 'DD/MM/YYYY', 'UTC')).toBe('05/03/2024');
    expect(formatDate(SECONDS, 'HH:mm', 'UTC')).toBe('07:08');
    expect(formatDate(SECONDS, 'YYYYMMDDHHmmss', 'UTC')).toBe('20240305070809');
  });

  it('converts to the requested time zone, midnight as 00', () => {
    expect(formatDate(SECONDS, undefined, 'Asia/Shanghai')).toBe('2024-03-05 15:08:09');
    expect(formatDate(Date.UTC(2024, 0, 1, 0, 0, 0), undefined, 'UTC')).toBe('2024-01-01 00:00:00');
  });

  it('uses the device time zone when none is given', () => {
    const date = new Date(MILLIS);
    const expected = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(formatDate(MILLIS, 'YYYY-MM-DD')).toBe(expected);
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDate('not a date', undefined, 'UTC')).toBe('');
  });
});

describe('formatMoney', () => {
  const NBSP = '\u00a0';
  const NNBSP = '\u202f';
  it.each([
    ['en', '€1,234,567.89'],
    ['de', `1.234.567,89${NBSP}€`],
    ['fr', `1${NNBSP}234${NNBSP}567,89${NBSP}€`],
    ['zh', '€1,234,567.89'],
  ])('EUR in %s', (locale, text) => {
    expect(formatMoney(123_456_789, 'EUR', locale)).toBe(text);
  });

  it('EUR in ar keeps the digits and puts the euro sign after', () => {
    const text = formatMoney(123_456_789, 'EUR', 'ar');
    expect(text).toMatch(/€/);
    expect(text.replace(/[^\d٠-٩]/g, '')).toMatch(/^(123456789|١٢٣٤٥٦٧٨٩)$/);
    expect(text.indexOf('€')).toBeGreaterThan(text.search(/[\d٠-٩]/));
  });

  it('writes small and negative amounts exactly', () => {
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0.00');
    expect(formatMoney(5, 'EUR', 'en')).toBe('€0.05');
    expect(formatMoney(2000, 'EUR', 'en')).toBe('€20.00');
    expect(formatMoney(-150, 'EUR', 'de')).toBe(`-1,50${NBSP}€`);
  });

  it('is exact at the largest safe amount, where float division would not be', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'en')).toBe('€90,071,992,547,409.91');
  });

  it('respects currencies without minor units and other currencies', () => {
    expect(formatMoney(1234, 'JPY', 'en')).toBe('¥1,234');
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(1.5, 'EUR', 'en')).toThrow(DomainError);
  });
});

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
  });
});

describe('formatCoinsK', () => {
  it.each([
    [150_000, '150K'],
    [100_000, '100K'],
    [150_500, '150.5K'],
    [1_234, '1.234K'],
    [999, '0.999K'],
    [50, '0.05K'],
    [0, '0K'],
    [2_500_000, '2500K'],
    [-1_500, '-1.5K'],
  ])('%i -> %s', (coins, text) => {
    expect(formatCoinsK(coins)).toBe(text);
  });

  it('refuses fractional coins', () => {
    expect(() => formatCoinsK(1.5)).toThrow(DomainError);
  });
});
