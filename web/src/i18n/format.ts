import { useSnapshot } from 'valtio';
import type { LanguageCode } from '../../../domain/client-config';
import { DEFAULT_DATE_PATTERN, formatDate, formatMoney, formatNumber } from '../ui/format';
import { settings } from '../state/settings';
import { LOCALES, useT } from './index';

export interface Formatters {
  /** Integer cents in the chosen currency, with the language's marks. */
  money(cents: number): string;
  number(n: number): string;
  /** year-month-day hour:minute:second by default; a 10-digit number is seconds. */
  date(input: Date | number | string, pattern?: string): string;
}

export function formatters(lang: LanguageCode, currency: string): Formatters {
  const locale = LOCALES[lang];
  return {
    money: (cents) => formatMoney(cents, currency, locale),
    number: (n) => formatNumber(n, locale),
    date: (input, pattern = DEFAULT_DATE_PATTERN) => formatDate(input, pattern),
  };
}

/** Formatters for the current language and the currency chosen from the configuration's list. */
export function useFormat(): Formatters {
  const { lang } = useT();
  const { currency } = useSnapshot(settings);
  return formatters(lang, currency);
}
