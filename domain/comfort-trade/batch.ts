/** Batch files: the template's columns and the rules of a whole file, row by row. */
import { COMFORT_BATCH_MAX } from '../timing.js';
import { CHOOSE_OPTION, chooseFrom, DUPLICATE_ACCOUNT, REQUIRED, WHOLE_COINS } from '../messages.js';
import { PLATFORMS } from '../pricing.js';
import { codedField } from '../message-codes.js';
import { field } from '../validation.js';
import type { FieldError } from '../errors.js';
import { BATCH_TOO_LARGE, BATCH_EMPTY, TRANSFER_TIMES, type ComfortSubmission, validateSubmission } from './submission.js';

/** Column order of the CSV and XLSX templates; the header row names them. */
export const BATCH_COLUMNS = [
  'platform', 'coinAmount', 'transferTime', 'email', 'password',
  'code1', 'code2', 'code3', 'code4', 'code5', 'code6', 'authSecret',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * How a file's header row differs from the template's: the columns it lacks and the ones the template
 * has not. A file that is not the template gets one answer ("not our template") instead of an error for
 * every field of every line (a binary file read as CSV gave 55, a CSV with other columns 11 per line).
 */
export function headerMismatch(header: readonly string[]): { missing: string[]; unknown: string[] } | null {
  const given = header.map((h) => h.trim()).filter((h) => h !== '');
  const missing = BATCH_COLUMNS.filter((c) => !given.includes(c));
  const unknown = [...new Set(given.filter((h) => !(BATCH_COLUMNS as readonly string[]).includes(h)))].slice(0, 20).map((h) => h.slice(0, 40));
  return missing.length || unknown.length ? { missing, unknown } : null;
}

/** An example row of the templates (a fake account). */
export const BATCH_EXAMPLE: Readonly<Record<BatchColumn, string>> = {
  platform: 'ps', coinAmount: '200000', transferTime: '48h', email: 'player@example.com', password: 'Example-Pass1',
  code1: '12345678', code2: '23456789', code3: '34567890', code4: '45678901', code5: '56789012', code6: '67890123', authSecret: '',
};

/** A file row as the submission the schema checks. */
export function rowToInput(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const cell = (k: string) => { const v = row[k]; return v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : String(v); };
  return {
    platform: cell('platform').toLowerCase(),
    coinAmount: cell('coinAmount'),
    transferTime: cell('transferTime').toLowerCase(),
    email: cell('email'),
    // Passwords keep inner spaces but a spreadsheet cell's edges are not part of it.
    password: cell('password'),
    backupCodes: [1, 2, 3, 4, 5, 6].map((n) => cell(`code${n}`)),
    authSecret: cell('authSecret'),
  };
}

/**
 * A bad field of a file: its line (1 is the header, so data starts at 2), column and message, with
 * the message's code and numbers (the line among them) so a client translates it without the words.
 */
export interface RowError extends FieldError {
  line: number;
}

/** Maps a schema field to the file's column name (`backupCodes.2` is `code3`). */
export const columnOf = (fieldName: string): string => {
  const m = /^backupCodes\.(\d)$/.exec(fieldName);
  return m ? `code${Number(m[1]) + 1}` : fieldName;
};

const rowError = (line: number, e: FieldError): RowError => {
  const coded = codedField(e);
  return { ...coded, line, field: columnOf(e.field), data: { ...coded.data, line } };
};

/**
 * A file's message names what the cell allows (issue 19): a platform or transfer time outside the
 * list names the list, a coin amount that is not digits says so (the form's selects never need it).
 */
function batchWords(e: FieldError, input: Record<string, unknown>): FieldError {
  if (e.message === CHOOSE_OPTION && e.field === 'platform') return { field: e.field, message: chooseFrom(PLATFORMS) };
  if (e.message === CHOOSE_OPTION && e.field === 'transferTime') return { field: e.field, message: chooseFrom(TRANSFER_TIMES) };
  if (e.message === REQUIRED && e.field === 'coinAmount' && input.coinAmount !== '') return { field: e.field, message: WHOLE_COINS };
  return e;
}

/** A line whose first cell starts with `#`: the template's instructions or the seller's own note, skipped (its line still counts). */
export const isNoteRow = (row: Readonly<Record<string, unknown>>): boolean => {
  const first = row[BATCH_COLUMNS[0]];
  return typeof first === 'string' && first.trimStart().startsWith('#');
};

/** Why a whole file is refused: its API code (`batch_invalid` lists the rows), words and numbers. */
export type BatchRefusal = { ok: false; code: 'batch_empty' | 'batch_too_large' | 'batch_invalid'; message: string; errors: RowError[] };

/** Checks a whole file: every bad row and field, by line; the submissions only when all are good. */
export function validateBatch(rows: readonly Readonly<Record<string, unknown>>[]): { ok: true; submissions: ComfortSubmission[]; lines: number[] } | BatchRefusal {
  const accounts = rows.filter((row) => !isNoteRow(row)).length;
  if (accounts === 0) return { ok: false, code: 'batch_empty', message: BATCH_EMPTY, errors: [] };
  if (accounts > COMFORT_BATCH_MAX) return { ok: false, code: 'batch_too_large', message: BATCH_TOO_LARGE, errors: [] };
  const submissions: ComfortSubmission[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  /** Each submission's line in the file (notes sit between them). */
  const lines: number[] = [];
  rows.forEach((row, i) => {
    if (isNoteRow(row)) return;
    const input = rowToInput(row);
    const r = validateSubmission(input);
    if (!r.ok) {
      for (const e of r.errors) errors.push(rowError(i + 2, batchWords(e, input)));
      return;
    }
    const key = `${r.value.platform}:${r.value.email}`;
    if (seen.has(key)) errors.push(rowError(i + 2, { field: 'email', message: DUPLICATE_ACCOUNT }));
    seen.add(key);
    submissions.push(r.value);
    lines.push(i + 2);
  });
  return errors.length ? { ok: false, code: 'batch_invalid', message: errors[0]!.message, errors } : { ok: true, submissions, lines };
}
