import { DEFAULT_LANGUAGE, LANGUAGE_OPTIONS, isLanguage, type ClientConfig, type LanguageCode } from '../domain/client-config.js';
import { RATE_PATTERN } from '../domain/currencies.js';
import type { SupportChannel } from '../domain/support-channels.js';
import { ClientConfigError, supportChannelsFromEnv } from '../infra/config/support-channels.js';

/** Prompt texts offering the recommended language, in that language. */
const RECOMMEND_TITLES: Record<LanguageCode, ClientConfig['recommendLanguagePopTitle']> = {
  en: { title: 'Switch to English?', confirm: 'Switch', cancel: 'Not now' },
  ar: { title: 'هل تريد التبديل إلى العربية؟', confirm: 'تبديل', cancel: 'ليس الآن' },
  de: { title: 'Zu Deutsch wechseln?', confirm: 'Wechseln', cancel: 'Nicht jetzt' },
  es: { title: '¿Cambiar a español?', confirm: 'Cambiar', cancel: 'Ahora no' },
  fr: { title: 'Passer au français ?', confirm: 'Changer', cancel: 'Pas maintenant' },
  pt: { title: 'Mudar para português?', confirm: 'Mudar', cancel: 'Agora não' },
  fa: { title: 'به فارسی تغییر دهید؟', confirm: 'تغییر', cancel: 'اکنون نه' },
  zh: { title: '切换到中文？', confirm: '切换', cancel: '暂不' },
};

export interface ConfigSettings {
  countryCode: string;
  countryName: string;
  currencyList: string[];
  currencyRates: Readonly<Record<string, string>>;
  /** The day the rates were taken (CURRENCY_RATES_DATE), shown with every converted amount; null without rates. */
  currencyRatesDate: string | null;
  defaultCurrency: string;
  supportChannels: SupportChannel[];
}

// SUPPORT_CHANNELS_JSON is read in infra (the worker names the channels in mails too); the API's readers keep their names.
export { ClientConfigError, supportChannelsFromEnv } from '../infra/config/support-channels.js';

/**
 * CURRENCY_RATES, e.g. `USD=1.0860,GBP=0.8530`: units per euro of currencies in the list, shown as
 * "about" next to euros. A rate that is not a plain positive decimal, or for a currency the list does
 * not offer, stops the start; unset means euros only.
 */
export function currencyRatesFromEnv(env: NodeJS.ProcessEnv, currencyList: readonly string[]): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const part of (env.CURRENCY_RATES ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [code = '', rate = ''] = part.split('=').map((x) => x.trim());
    const currency = code.toUpperCase();
    if (!currencyList.includes(currency) || currency === 'EUR') throw new ClientConfigError(`CURRENCY_RATES: ${code || '(empty)'} is not one of the other currencies in CURRENCIES (${currencyList.filter((c) => c !== 'EUR').join(', ')})`);
    if (!RATE_PATTERN.test(rate) || !/[1-9]/.test(rate)) throw new ClientConfigError(`CURRENCY_RATES: the rate of ${currency} must be a positive decimal such as 1.0860 (units per euro), not "${rate}"`);
    rates[currency] = rate;
  }
  return rates;
}

/**
 * CURRENCY_RATES_DATE: the day the rates were taken (a real calendar day, YYYY-MM-DD). A rate without
 * its date would be shown as if current, so rates without a date stop the start; a date without rates
 * is pointless and refused too. No rates: null (euros only).
 */
export function currencyRatesDateFromEnv(env: NodeJS.ProcessEnv, rates: Readonly<Record<string, string>>): string | null {
  const date = env.CURRENCY_RATES_DATE?.trim() || null;
  const any = Object.keys(rates).length > 0;
  if (any && !date) throw new ClientConfigError('CURRENCY_RATES_DATE: required with CURRENCY_RATES (the day the rates were taken, YYYY-MM-DD)');
  if (!any && date) throw new ClientConfigError('CURRENCY_RATES_DATE: set without CURRENCY_RATES (no rate to date)');
  if (date && !isCalendarDay(date)) throw new ClientConfigError(`CURRENCY_RATES_DATE: "${date}" is not a day as YYYY-MM-DD`);
  return date;
}

const isCalendarDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** From the environment: COUNTRY_CODE, COUNTRY_NAME, CURRENCIES, CURRENCY_RATES(_DATE), SUPPORT_CHANNELS_JSON. Throws ClientConfigError (see above). */
export function configSettingsFromEnv(env: NodeJS.ProcessEnv): ConfigSettings {
  const currencyList = (env.CURRENCIES ?? 'EUR,USD,GBP,CNY').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  const currencyRates = currencyRatesFromEnv(env, currencyList);
  return {
    countryCode: env.COUNTRY_CODE ?? 'DE',
    countryName: env.COUNTRY_NAME ?? 'Germany',
    currencyList,
    currencyRates,
    currencyRatesDate: currencyRatesDateFromEnv(env, currencyRates),
    defaultCurrency: currencyList.includes('EUR') ? 'EUR' : currencyList[0],
    supportChannels: supportChannelsFromEnv(env),
  };
}

/** The client configuration, recommending the first supported language the browser asks for. */
export function clientConfig(settings: ConfigSettings, acceptLanguage: string | undefined): ClientConfig {
  const recommend = recommendedLanguage(acceptLanguage);
  const option = LANGUAGE_OPTIONS.find((l) => l.code === recommend)!;
  return {
    ...settings,
    defaultLanguage: DEFAULT_LANGUAGE,
    languages: LANGUAGE_OPTIONS,
    recommendLanguage: recommend,
    recommendLanguageLocalName: option.localName,
    recommendLanguagePopTitle: RECOMMEND_TITLES[recommend],
  };
}

export function recommendedLanguage(acceptLanguage: string | undefined): LanguageCode {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { lang: tag.split('-')[0].toLowerCase(), q: q === undefined ? 1 : Number(q) || 0 };
    })
    .filter((x) => x.lang)
    .sort((a, b) => b.q - a.q);
  return ranked.map((r) => r.lang).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
