import rosetta from 'rosetta';
import { proxy, useSnapshot } from 'valtio';
import { useCallback } from 'react';
import { DEFAULT_LANGUAGE, RTL_LANGUAGES, isLanguage, type LanguageCode } from '../../../domain/client-config';
import { fillPromises, promiseValues } from '../../../domain/timing-promises';
import type { Dict } from './dict/en';
import { isolate } from './bidi';

/** Local-storage key of the seller's chosen language. */
export const LANG_STORAGE_KEY = 'coinmarket.lang';

/**
 * A language's texts come in parts, each its own chunk per language (web/src/i18n/dict/<part>/<lang>.ts):
 * `core` (the shell: header, footer, titles, dialogs, shared errors) loads before the first render;
 * every other part loads with the pages that show it (routes.ts), so the first view of a page
 * downloads only its own texts in its own language.
 */
export const TEXT_PARTS = ['home', 'faq', 'rules', 'terms', 'privacy', 'player', 'account', 'comfort', 'apikeys', 'webhooks', 'notifications', 'withdraw'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];
type Part = TextPart | 'core';

/**
 * Every part a message may come from (web/src/lib/messages.ts looks a code up in all of them):
 * what shows API or form messages loads them all.
 */
export const MESSAGE_PARTS: readonly TextPart[] = ['account', 'comfort', 'withdraw', 'player', 'webhooks', 'notifications'];

const i18n = rosetta<Dict>();

/** The language the interface currently shows (its core texts and every wanted part are loaded). */
export const language = proxy({ current: DEFAULT_LANGUAGE as LanguageCode, ready: false });

export const isRtl = (lang: LanguageCode): boolean => RTL_LANGUAGES.includes(lang);

// esbuild turns this pattern into one lazily loaded chunk per file of dict/*/*.ts.
const importPart = (part: Part, lang: LanguageCode): Promise<{ default: Record<string, unknown> }> =>
  import(`./dict/${part}/${lang}.ts`) as Promise<{ default: Record<string, unknown> }>;

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
/** Parts shown at some time in this visit: kept-alive pages show them again after a language switch. */
const wanted = new Set<Part>(['core']);
/** The language being switched to (the current one when no switch runs). */
let target: LanguageCode = DEFAULT_LANGUAGE;

/** Downloads one part in one language once (a failed download is tried again next time). */
function loadPart(part: Part, lang: LanguageCode): Promise<void> {
  const id = `${lang}/${part}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = importPart(part, lang).then(({ default: texts }) => {
      // rosetta merges the top-level keys of each set: a part adds its own beside the others.
      i18n.set(lang, (part === 'core' ? texts : { [part]: texts }) as Dict);
      loaded.add(id);
    });
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/** Loads `parts` in every language in `langs`, including parts asked for while it waited. */
async function loadParts(parts: () => Iterable<Part>, langs: () => LanguageCode[]): Promise<void> {
  for (;;) {
    const missing = langs().flatMap((lang) => [...parts()].filter((p) => !loaded.has(`${lang}/${p}`)).map((p) => loadPart(p, lang)));
    if (missing.length === 0) return;
    await Promise.all(missing);
  }
}

/**
 * Loads the parts a page or component shows, in the language shown now and in the one being
 * switched to, and keeps them loaded across later switches; resolve before rendering them so
 * no text is missing while it downloads.
 */
export function loadTexts(parts: readonly TextPart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  return loadParts(
    () => parts,
    () => (language.ready && language.current !== target ? [language.current, target] : [target]),
  );
}

/**
 * Switches to a language once its core texts and every part shown so far are loaded in it (the page
 * keeps the old language meanwhile), setting lang and dir on <html>. The last choice wins.
 */
export async function setLanguage(lang: LanguageCode): Promise<void> {
  target = lang;
  await loadParts(() => wanted, () => [lang]);
  if (target !== lang) return;
  i18n.locale(lang);
  language.current = lang;
  language.ready = true;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
    // Installing from this page installs the app in this language (scripts/web-manifest.ts writes one per language).
    document.querySelector('link[rel=manifest]')?.setAttribute('href', `/manifest-${lang}.webmanifest`);
  }
}

/**
 * The params a text may be counted by, in this order: a number in the first of them picks the
 * plural form ("3 دقائق", "11 دقيقة"); coins are also bidi-isolated, as amounts are everywhere.
 */
const COUNTED = ['count', 'minutes', 'seconds', 'coins'] as const;

/**
 * Translates a key of `lang`, by default the current language ("" when missing, which the tests catch).
 * A numeric `count` (or `minutes`, `seconds`, `coins`) picks the key's plural form by the language's
 * CLDR rules, as i18next does (`<key>_one`, `<key>_few`… falling back to `<key>_other`), and shows it
 * with the language's digits.
 */
export function t(key: string, given?: Record<string, unknown>, lang?: LanguageCode): string {
  const shown = lang ?? (i18n.locale() as LanguageCode);
  // The timing promises fill their placeholders in every text (domain/timing-promises.ts), in the language's digits.
  const params = { ...promisesIn(shown), ...given };
  const counted = COUNTED.find((name) => typeof params[name] === 'number');
  if (counted) {
    const n = params[counted] as number;
    const digits = new Intl.NumberFormat(LOCALES[shown]).format(n);
    const withCount = { ...params, [counted]: counted === 'coins' ? isolate(digits, shown) : digits };
    for (const form of [`${key}_${new Intl.PluralRules(shown).select(n)}`, `${key}_other`, key]) {
      const value = i18n.t(form, withCount, lang);
      if (typeof value === 'string' && value !== '') return value;
    }
    return '';
  }
  const value = i18n.t(key, params, lang);
  return typeof value === 'string' ? value : '';
}

/** A list or object value of the dictionary (FAQ items, steps, sections), its timing promises filled. */
export function tValue<T>(key: string, lang?: LanguageCode): T {
  const shown = lang ?? (i18n.locale() as LanguageCode);
  return fillDeep(i18n.t(key, undefined, lang), (n) => new Intl.NumberFormat(LOCALES[shown] ?? shown).format(n)) as T;
}

const promisesIn = (lang: LanguageCode): Record<string, string> =>
  promiseValues((n) => new Intl.NumberFormat(LOCALES[lang] ?? lang).format(n));

function fillDeep(value: unknown, format: (n: number) => string): unknown {
  if (typeof value === 'string') return fillPromises(value, format);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, format));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, format)]));
  return value;
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
