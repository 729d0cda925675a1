import { useSnapshot } from 'valtio';
import type { LanguageCode } from '../../../domain/client-config';
import { DEFAULT_DATE_PATTERN, formatDate, formatMoney, formatNumber, formatPercent } from '../ui/format';
import { settings } from '../state/settings';
import { session } from '../state/session';
import { LOCALES, useT } from './index';
import { isolate, isolateLtr } from './bidi';

/** Every result is one bidi-isolated run in a right-to-left language (./bidi.ts). */
export interface Formatters {
  /** Integer cents in the chosen currency, with the language's marks. */
  money(cents: number): string;
  number(n: number): string;
  /** year-month-day hour:minute:second by default; a 10-digit number is seconds. */
  date(input: Date | number | string, pattern?: string): string;
  /** A percentage from basis points (340 -> "3.4%"), with the language's marks. */
  percent(bps: number): string;
  /** The IANA zone `date` shows times in (the seller's choice, else this browser's), for naming it next to them. */
  zone: string;
}

/** This browser's own zone (what times show in until the seller chooses one). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function formatters(lang: LanguageCode, currency: string, timeZone: string = browserZone()): Formatters {
  const locale = LOCALES[lang];
  return {
    zone: timeZone,
    money: (cents) => isolate(formatMoney(cents, currency, locale), lang),
    number: (n) => isolate(formatNumber(n, locale), lang),
    date: (input, pattern = DEFAULT_DATE_PATTERN) => isolateLtr(formatDate(input, pattern, timeZone), lang),
    percent: (bps) => isolate(formatPercent(bps, locale), lang),
  };
}

/** Formatters for the current language, the currency chosen from the configuration's list and the seller's time zone. */
export function useFormat(): Formatters {
  const { lang } = useT();
  const { currency } = useSnapshot(settings);
  const { seller } = useSnapshot(session);
  return formatters(lang, currency, seller?.timeZone ?? browserZone());
}
