import { useSnapshot } from 'valtio';
import type { LanguageCode } from '../../../domain/client-config';
import { DEFAULT_DATE_PATTERN, formatDate, formatMoney, formatNumber, formatPercent } from '../ui/format';
import { settings } from '../state/settings';
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
}

export function formatters(lang: LanguageCode, currency: string): Formatters {
  const locale = LOCALES[lang];
  return {
    money: (cents) => isolate(formatMoney(cents, currency, locale), lang),
    number: (n) => isolate(formatNumber(n, locale), lang),
    date: (input, pattern = DEFAULT_DATE_PATTERN) => isolateLtr(formatDate(input, pattern), lang),
    percent: (bps) => isolate(formatPercent(bps, locale), lang),
  };
}

/** Formatters for the current language and the currency chosen from the configuration's list. */
export function useFormat(): Formatters {
  const { lang } = useT();
  const { currency } = useSnapshot(settings);
  return formatters(lang, currency);
}
