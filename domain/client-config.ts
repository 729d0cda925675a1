import type { SupportChannel } from './support-channels.js';

/** The client configuration of the specification (section 3, client settings), served by GET /api/config. */
export interface ClientConfig {
  countryCode: string;
  countryName: string;
  currencyList: string[];
  /** Units of each currency per euro as decimal text (CURRENCY_RATES); a currency without one shows euros only. */
  currencyRates: Readonly<Record<string, string>>;
  /** The day the rates were taken (CURRENCY_RATES_DATE, YYYY-MM-DD), shown with every converted amount; null without rates. */
  currencyRatesDate: string | null;
  defaultLanguage: string;
  defaultCurrency: string;
  languages: LanguageOption[];
  recommendLanguage: string;
  recommendLanguageLocalName: string;
  recommendLanguagePopTitle: { title: string; confirm: string; cancel: string };
  /** The operator's support channels (SUPPORT_CHANNELS_JSON), shown wherever a seller is sent to support. */
  supportChannels: SupportChannel[];
}

export interface LanguageOption {
  code: LanguageCode;
  localName: string;
  rtl: boolean;
}

export const LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'pt', 'fa', 'zh'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar', 'fa'];

/**
 * The address of an unprefixed app path in a language: en has no prefix, the others lead with their
 * code (/ar/member/balance). The web app's routes and the links in mails both use it.
 */
export function localizedPath(lang: LanguageCode, path: string): string {
  if (lang === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

export const LANGUAGE_OPTIONS: LanguageOption[] = [
  { code: 'en', localName: 'English', rtl: false },
  { code: 'ar', localName: 'العربية', rtl: true },
  { code: 'de', localName: 'Deutsch', rtl: false },
  { code: 'es', localName: 'Español', rtl: false },
  { code: 'fr', localName: 'Français', rtl: false },
  { code: 'pt', localName: 'Português', rtl: false },
  { code: 'fa', localName: 'فارسی', rtl: true },
  { code: 'zh', localName: '中文', rtl: false },
];

export const isLanguage = (value: string): value is LanguageCode =>
  (LANGUAGES as readonly string[]).includes(value);
