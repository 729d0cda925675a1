import { useSnapshot } from 'valtio';
import { convertCents } from '../../../domain/currencies';
import { formatMoney } from '../ui/format';
import { LOCALES, useT } from '../i18n';
import { isolate, isolateLtr } from '../i18n/bidi';
import { settings } from '../state/settings';
import { session } from '../state/session';

/**
 * After a euro amount: about what it is in the seller's display currency (Settings; else the payout
 * `currency` given), with the date the operator took the rate (`currencyRates`, `currencyRatesDate`
 * of /api/config). Euros stay the amount of record and nothing converted is stored: this is display
 * only, in integer minor units rounded half away from zero (domain/currencies.ts). Nothing shows for
 * euro, for a currency without a rate, or before the configuration arrives.
 */
export function Approx({ cents, currency: payoutCurrency }: { cents: number; currency?: string | null }) {
  const { t, lang } = useT();
  const { config } = useSnapshot(settings);
  const { seller } = useSnapshot(session);
  const currency = seller?.displayCurrency ?? payoutCurrency;
  const rate = currency && currency !== 'EUR' ? config?.currencyRates?.[currency] : undefined;
  if (!rate || !currency) return null;
  const amount = isolate(formatMoney(convertCents(cents, rate), currency, LOCALES[lang]), lang);
  // With its date the rate reads "≈ 12.34 USD (rate of 2026-11-27)"; undated (a test's config), as before.
  const text = config?.currencyRatesDate
    ? ` ${t('player.balance.approxRate', { amount, date: isolateLtr(config.currencyRatesDate, lang) })}`
    : ` (${t('player.balance.approx', { amount })})`;
  return <span className="approx muted" data-testid="approx">{text}</span>;
}
