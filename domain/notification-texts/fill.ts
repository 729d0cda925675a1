/**
 * How a notification's `{param}` placeholders become words, the same for a mail, a push message and
 * the web app's pages: `*Cents` read as euros (`amountCents` fills `{amount}`), `deadline` and `*At`
 * as a time in the seller's zone followed by the zone's name, a payout method by its brand, other
 * numbers in the language's digits. Loads no language's texts, so the web app takes it along with
 * only the seller's language (./<lang>.ts). Pure.
 */
import { RTL_LANGUAGES, type LanguageCode } from '../client-config.js';
import type { NotificationParams } from '../notifications.js';
import { METHOD_LABELS } from '../payment-method-labels.js';
import { promiseValues } from '../timing-promises.js';

/** The locale each language writes numbers, amounts and dates in, in every mail (notifications and account mails alike). */
export const NUMBER_LOCALES: Readonly<Record<LanguageCode, string>> = { en: 'en-GB', ar: 'ar', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR', fa: 'fa-IR', zh: 'zh-CN' };

/**
 * The params as words in `lang`: euros for `*Cents` (under the name without `Cents`), times for
 * `deadline` and `*At` in `timeZone` (the seller's choice; UTC when they made none) followed by the
 * zone's name, digits for numbers.
 */
export function formatParams(lang: LanguageCode, params: NotificationParams, timeZone = 'UTC'): Record<string, string> {
  const locale = NUMBER_LOCALES[lang];
  const out: Record<string, string> = {};
  // In Arabic and Persian every filled value is isolated (FSI … PDI), in mail, push and page alike: an
  // amount, a date with its Latin zone name, an email or a player's name keeps its own order instead
  // of being reordered by the sentence around it ("-2026-11 / 19:02:11 27").
  const isolated = RTL_LANGUAGES.includes(lang);
  for (const [k, v] of Object.entries(params)) {
    // A payout method code (`paypal`) reads as its brand (`PayPal`), as on the pages.
    if (k === 'method' && typeof v === 'string') out[k] = METHOD_LABELS[v as keyof typeof METHOD_LABELS] ?? v;
    else if (typeof v === 'string') out[k] = v;
    else if (k.endsWith('Cents')) out[k.slice(0, -5)] = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(v / 100);
    else if (k === 'deadline' || k.endsWith('At')) out[k] = `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(v))} ${timeZone}`;
    else out[k] = new Intl.NumberFormat(locale).format(v);
  }
  if (isolated) for (const k of Object.keys(out)) out[k] = `\u2068${out[k]}\u2069`;
  return out;
}

/** A counted text: `{coins, plural, one {# coin} other {# coins}}`, its forms named by the language's CLDR plural categories (ICU's syntax, `#` the number). */
export const PLURAL = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g;

/** The forms of one counted text by category. */
export function pluralForms(forms: string): Map<string, string> {
  return new Map([...forms.matchAll(/(\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
}

/** A template of one language with its placeholders filled (a placeholder without a param stays as written). */
export function fillNotificationText(lang: LanguageCode, template: string, params: NotificationParams = {}, timeZone?: string): string {
  // The timing promises (`{reviewHours}`…, domain/timing-promises.ts) fill like any number; a param of the same name wins.
  const words: Record<string, string> = { ...promiseValues((n) => new Intl.NumberFormat(NUMBER_LOCALES[lang]).format(n)), ...formatParams(lang, params, timeZone) };
  const counted = template.replace(PLURAL, (m, name: string, forms: string) => {
    const n = params[name];
    if (typeof n !== 'number') return m;
    const byCategory = pluralForms(forms);
    const form = byCategory.get(new Intl.PluralRules(lang).select(n)) ?? byCategory.get('other') ?? '';
    return form.replace(/#/g, words[name] ?? String(n));
  });
  return counted.replace(/\{(\w+)\}/g, (m, name: string) => words[name] ?? m);
}
