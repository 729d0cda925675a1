/**
 * Names and contact values that people and spreadsheets read: one canonical form (NFKC, trimmed),
 * nothing invisible or reordering (controls, bidi and zero-width characters), and cells that a
 * spreadsheet would run as formulas either refused (names) or neutralised (exports).
 */
import { blankToEmpty } from './validation.js';

// \p{C}: controls, format characters (bidi embeddings and isolates, zero-width space/joiners,
// BOM), surrogates, private use, unassigned; plus line/paragraph separators and the Hangul fillers
// and the combining grapheme joiner, which render as nothing.
const HIDDEN = /[\p{C}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0]/u;

/** Whether the text holds a character nobody sees or that reorders what they see. */
export const hasHiddenCharacters = (text: string): boolean => HIDDEN.test(text);

/** A leading = + - @ makes a spreadsheet evaluate the cell (CSV/formula injection). */
export const startsLikeFormula = (text: string): boolean => /^[=+\-@]/.test(text);

/** NFKC-normalised and trimmed, so look-alike full-width or compatibility forms become one spelling. */
export const plainText = (value: unknown): unknown => {
  const text = blankToEmpty(value);
  return typeof text === 'string' ? text.normalize('NFKC').trim() : text;
};

/** A text cell a spreadsheet will not run: a leading = + - @ (or tab, CR) gets an apostrophe first. */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One CSV cell: a formula-looking value gets a leading apostrophe, and the cell is quoted. */
export const csvCell = (value: string): string => `"${formulaSafe(value).replace(/"/g, '""')}"`;
