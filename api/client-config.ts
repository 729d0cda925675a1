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

/** From the environment: COUNTRY_CODE, COUNTRY_NAME, CURRENCIES, CURRENCY_RATES, SUPPORT_CHANNELS_JSON. Throws ClientConfigError (see above). */
export function configSettingsFromEnv(env: NodeJS.ProcessEnv): ConfigSettings {
  const currencyList = (env.CURRENCIES ?? 'EUR,USD,GBP,CNY').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  return {
    countryCode: env.COUNTRY_CODE ?? 'DE',
    countryName: env.COUNTRY_NAME ?? 'Germany',
    currencyList,
    currencyRates: currencyRatesFromEnv(env, currencyList),
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
