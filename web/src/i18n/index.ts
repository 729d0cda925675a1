import rosetta from 'rosetta';
import { proxy, useSnapshot } from 'valtio';
import { useCallback } from 'react';
import { DEFAULT_LANGUAGE, RTL_LANGUAGES, isLanguage, type LanguageCode } from '../../../domain/client-config';
import type { Dict } from './dict/en';

/** Local-storage key of the seller's chosen language. */
export const LANG_STORAGE_KEY = 'coinmarket.lang';

/** Each dictionary is its own chunk: only the chosen language's is ever downloaded. */
const LOADERS: Record<LanguageCode, () => Promise<{ default: Dict }>> = {
  en: () => import('./dict/en'),
  ar: () => import('./dict/ar'),
  de: () => import('./dict/de'),
  es: () => import('./dict/es'),
  fr: () => import('./dict/fr'),
  pt: () => import('./dict/pt'),
  fa: () => import('./dict/fa'),
  zh: () => import('./dict/zh'),
};

const i18n = rosetta<Dict>();

/** The language the interface currently shows (its dictionary is loaded). */
export const language = proxy({ current: DEFAULT_LANGUAGE as LanguageCode, ready: false });

export const isRtl = (lang: LanguageCode): boolean => RTL_LANGUAGES.includes(lang);

/** Downloads a language's dictionary once. */
export async function loadDictionary(lang: LanguageCode): Promise<void> {
  if (i18n.table(lang)) return;
  const { default: dict } = await LOADERS[lang]();
  i18n.set(lang, dict);
}

/** Loads and switches to a language, setting lang and dir on <html>. */
export async function setLanguage(lang: LanguageCode): Promise<void> {
  await loadDictionary(lang);
  i18n.locale(lang);
  language.current = lang;
  language.ready = true;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  }
}

/** Translates a key of `lang`, by default the current language ("" when missing, which the tests catch). */
export function t(key: string, params?: Record<string, unknown>, lang?: LanguageCode): string {
  const value = i18n.t(key, params, lang);
  return typeof value === 'string' ? value : '';
}

/** A list or object value of the dictionary (FAQ items, steps, sections). */
export function tValue<T>(key: string, lang?: LanguageCode): T {
  return i18n.t(key, undefined, lang) as unknown as T;
}

/** Re-renders on language change and returns the translator. */
export function useT(): { t: typeof t; tValue: typeof tValue; lang: LanguageCode } {
  const { current } = useSnapshot(language);
  // The callbacks translate into the snapshot's language, so they change identity with it and
  // memoised children re-render.
  const tt = useCallback((key: string, params?: Record<string, unknown>) => t(key, params, current), [current]);
  const tv = useCallback(<T,>(key: string) => tValue<T>(key, current), [current]) as typeof tValue;
  return { t: tt, tValue: tv, lang: current };
}

/** The language stored by an explicit choice, if any. */
export function storedLanguage(): LanguageCode | null {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return value && isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(lang: LanguageCode): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

/** BCP 47 locale for Intl formatting of a language. */
export const LOCALES: Record<LanguageCode, string> = {
  en: 'en-GB',
  ar: 'ar',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  pt: 'pt-BR',
  fa: 'fa-IR',
  zh: 'zh-CN',
};
