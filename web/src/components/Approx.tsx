import { useSnapshot } from 'valtio';
import { convertCents } from '../../../domain/currencies';
import { formatMoney } from '../ui/format';
import { LOCALES, useT } from '../i18n';
import { isolate } from '../i18n/bidi';
import { settings } from '../state/settings';

/**
 * After a euro amount: about what it is in the seller's chosen currency, when the configuration gives
 * a rate for it (`currencyRates` of /api/config). Euros stay the amount of record; nothing shows for
 * euro, for a currency without a rate, or before the configuration arrives.
 */
export function Approx({ cents, currency }: { cents: number; currency: string | null | undefined }) {
  const { t, lang } = useT();
  const { config } = useSnapshot(settings);
  const rate = currency && currency !== 'EUR' ? config?.currencyRates?.[currency] : undefined;
  if (!rate) return null;
  const amount = isolate(formatMoney(convertCents(cents, rate), currency!, LOCALES[lang]), lang);
  return <span className="approx muted" data-testid="approx"> ({t('player.balance.approx', { amount })})</span>;
}
