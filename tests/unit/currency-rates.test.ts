/**
 * Amounts in the seller's chosen currency (issue 19): the operator's rates (CURRENCY_RATES) are
 * checked at start, and euro cents convert in integer arithmetic, rounded half away from zero.
 */
import { describe, expect, it } from 'vitest';
import { convertCents } from '../../domain/currencies.js';
import { ClientConfigError, configSettingsFromEnv } from '../../api/client-config.js';

describe('converting euro cents', () => {
  it('multiplies by the decimal rate exactly and rounds half away from zero', () => {
    expect(convertCents(1234, '1.0860')).toBe(1340); // 13.40124
    expect(convertCents(1, '1.5')).toBe(2); // 1.5 rounds up
    expect(convertCents(-1, '1.5')).toBe(-2);
    expect(convertCents(0, '7.81')).toBe(0);
    expect(convertCents(100, '0.853')).toBe(85); // 85.3
    // Far past what a float holds exactly: 90 trillion cents at six decimals.
    expect(convertCents(90_000_000_000_000, '1.000001')).toBe(90_000_090_000_000);
  });
});

describe('CURRENCY_RATES', () => {
  const env = (rates?: string, date = '2026-11-27') => ({ CURRENCIES: 'EUR,USD,GBP', ...(rates === undefined ? {} : { CURRENCY_RATES: rates, CURRENCY_RATES_DATE: date }) });
  it('reads rates of the offered currencies with their date; unset shows euros only', () => {
    expect(configSettingsFromEnv(env())).toMatchObject({ currencyRates: {}, currencyRatesDate: null });
    expect(configSettingsFromEnv(env('usd=1.0860, GBP=0.853'))).toMatchObject({ currencyRates: { USD: '1.0860', GBP: '0.853' }, currencyRatesDate: '2026-11-27' });
  });
  it('stops the start on rates without the day they were taken, a day that is not one, or a day without rates', () => {
    expect(() => configSettingsFromEnv({ CURRENCIES: 'EUR,USD', CURRENCY_RATES: 'USD=1.0860' })).toThrow('CURRENCY_RATES_DATE: required with CURRENCY_RATES');
    for (const bad of ['2026-02-30', '27.11.2026', '2026-11-27T00:00', 'yesterday']) {
      expect(() => configSettingsFromEnv(env('USD=1.0860', bad)), bad).toThrow(ClientConfigError);
    }
    expect(() => configSettingsFromEnv({ CURRENCIES: 'EUR,USD', CURRENCY_RATES_DATE: '2026-11-27' })).toThrow('CURRENCY_RATES_DATE: set without CURRENCY_RATES');
  });
  it('stops the start on a rate that is not a positive decimal or a currency the list does not offer', () => {
    for (const bad of ['USD=1,0860', 'USD=-1', 'USD=0', 'USD=1e3', 'USD=', 'CNY=7.8', 'EUR=1', '=1.2']) {
      expect(() => configSettingsFromEnv(env(bad)), bad).toThrow(ClientConfigError);
    }
  });
});
