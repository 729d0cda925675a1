/**
 * Unicode isolates around numbers, dates and amounts that end up inside translated sentences (plain
 * strings, so no <bdi> can wrap them). In a right-to-left language a date or amount next to Arabic
 * letters is otherwise split by the bidi algorithm ("-2026-11 / 19:02:11 27"); an isolate shows it
 * as one run and keeps it from reordering its neighbours. Left-to-right languages get the text as it
 * is: their sentences hold no right-to-left letters to mix with, and exported text stays plain.
 */
import { RTL_LANGUAGES, type LanguageCode } from '../../../domain/client-config';

const FSI = '\u2068';
const LRI = '\u2066';
const PDI = '\u2069';

const rtl = (lang: LanguageCode): boolean => RTL_LANGUAGES.includes(lang);

/** A run whose direction comes from its own first strong letter (an amount with the locale's marks). */
export const isolate = (text: string, lang: LanguageCode): string => (rtl(lang) && text ? `${FSI}${text}${PDI}` : text);

/** A run that always reads left to right (a date as year-month-day hour:minute:second). */
export const isolateLtr = (text: string, lang: LanguageCode): string => (rtl(lang) && text ? `${LRI}${text}${PDI}` : text);

/** The text without isolates: for exported files, where the marks would only be noise. */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');
