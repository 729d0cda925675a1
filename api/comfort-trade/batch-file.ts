/**
 * Batch files: the CSV and XLSX templates and reading an uploaded file into rows (papaparse for
 * CSV, exceljs for XLSX). Rows are plain records keyed by the header; the domain checks them.
 * Reading is bounded before it starts: a file may declare or hold rows far past the batch maximum,
 * unzip to gigabytes or take long to parse; each of those is refused on the `file` field. An XLSX
 * is read on a worker thread (xlsx-readers.ts), never on the API's.
 */
// exceljs is loaded on first use (the template): it takes about 0.6 s of CPU to load, and most API processes never need it.
const loadExcel = async () => (await import('exceljs')).default;
import Papa from 'papaparse';
import { BATCH_COLUMNS, BATCH_TOO_LARGE, COMFORT_BATCH_MAX, FILE_TYPE, FILE_UNREADABLE, headerMismatch, isNoteRow, NOT_TEMPLATE } from '../../domain/comfort-trade.js';
import { BATCH_INSTRUCTIONS } from '../../domain/comfort-batch.js';
import { DomainError } from '../../domain/errors.js';
import { TRY_AGAIN } from '../../domain/messages.js';
import { readXlsxOnThread } from './xlsx-readers.js';
import { XLSX_ZIP_BUDGET, type SheetShape } from './xlsx-rows.js';
import { zipEntries, ZipRefused } from './zip-entries.js';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export { FILE_UNREADABLE };

/** Lines a CSV may have, blank ones included (spreadsheets export trailing blank lines): parsing stops past them. */
const CSV_LINES_MAX = 1_000;
/** However a CSV was made, reading it may not hold the API longer than this (an XLSX has its own, on its thread). */
const PARSE_MS = 2_000;

/** A refusal of the whole file, on its `file` field (the page shows it by the code). */
export const fileRefused = (code: string, message: string) => new DomainError('invalid', code, message, { fields: [{ field: 'file', message }] });
const unreadable = () => fileRefused('file_unreadable', FILE_UNREADABLE);
const tooLarge = () => fileRefused('batch_too_large', BATCH_TOO_LARGE);
/** Where the templates are: an API client is told as well as the page. */
export const TEMPLATE_PATHS = { csv: '/api/comfort-trade/template.csv', xlsx: '/api/comfort-trade/template.xlsx' } as const;
const notTemplate = (mismatch: { missing: string[]; unknown: string[] } | null) => new DomainError('invalid', 'not_template', NOT_TEMPLATE, {
  fields: [{ field: 'file', message: NOT_TEMPLATE, data: { templates: TEMPLATE_PATHS, ...(mismatch ?? {}) } }],
});

/**
 * The CSV template: the header, then the instructions as note lines (`# ...`, skipped when the file
 * is read, so nothing has to be deleted); the seller's accounts go below them. No example account:
 * one left in by mistake would be a submission.
 */
export const csvTemplate = (): string =>
  [Papa.unparse([[...BATCH_COLUMNS]]), ...BATCH_INSTRUCTIONS.map((note) => Papa.unparse([[`# ${note}`]], { quotes: true }))].join('\r\n') + '\r\n';

/**
 * The XLSX template: the `accounts` sheet (read first) holds the header only, every cell text (codes
 * keep their leading zeros), and points to the `instructions` sheet beside it.
 */
export async function xlsxTemplate(): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  ws.columns = BATCH_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'email' ? 28 : 14, style: { numFmt: '@' } }));
  // Beside the columns (not one of them, so the upload never reads it).
  ws.getRow(1).getCell(BATCH_COLUMNS.length + 2).value = 'Instructions: see the "instructions" sheet';
  const help = wb.addWorksheet('instructions');
  help.getColumn(1).width = 110;
  for (const note of BATCH_INSTRUCTIONS) help.addRow([note]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const blankRow = (r: Record<string, unknown>) => Object.values(r).every((v) => v === undefined || v === null || String(v).trim() === '');

const dropTrailingBlanks = (rows: Record<string, unknown>[]) => {
  while (rows.length && blankRow(rows[rows.length - 1]!)) rows.pop();
  return rows;
};

/** Reads a CSV or XLSX upload into rows keyed by the header row; blank rows are skipped. */
export async function readBatchFile(body: Buffer, contentType: string): Promise<Record<string, unknown>[]> {
  if (contentType.startsWith(XLSX_TYPE)) return readXlsx(body);
  if (contentType.startsWith(CSV_TYPE) || contentType.startsWith('text/plain')) return readCsv(body.toString('utf8').replace(/^\uFEFF/, ''));
  throw fileRefused('file_type', FILE_TYPE);
}

/**
 * Row by row, stopping at the first account past the maximum, past CSV_LINES_MAX lines or at the
 * deadline. The file's line numbers are kept: a blank line inside counts as a line; blank lines at
 * the end are dropped.
 */
function readCsv(text: string): Record<string, unknown>[] {
  const deadline = Date.now() + PARSE_MS;
  const rows: Record<string, unknown>[] = [];
  let index = 0;
  let accounts = 0;
  let refusal: DomainError | undefined;
  let fields: string[] | undefined;
  Papa.parse<Record<string, string>>(text, {
    header: true, skipEmptyLines: false, transformHeader: (h) => h.trim(),
    step: (result, parser) => {
      if (!fields) {
        fields = result.meta.fields ?? [];
        const mismatch = headerMismatch(fields);
        if (mismatch) {
          refusal = notTemplate(mismatch);
          return parser.abort();
        }
      }
      const row = result.data;
      // Note lines (the template's instructions) keep their line number but are not accounts.
      const account = !blankRow(row) && !isNoteRow(row);
      if ((account && accounts >= COMFORT_BATCH_MAX) || index >= CSV_LINES_MAX) refusal = tooLarge();
      else if (Date.now() > deadline) refusal = unreadable();
      if (refusal) return parser.abort();
      rows.push(row);
      if (account) accounts++;
      index++;
    },
  });
  if (refusal) throw refusal;
  // A header without a line after it gives no step: read the header alone.
  fields ??= Papa.parse(text, { header: true, preview: 1, transformHeader: (h) => h.trim() }).meta.fields;
  if (!fields?.length) throw unreadable();
  const mismatch = headerMismatch(fields);
  if (mismatch) throw notTemplate(mismatch);
  return dropTrailingBlanks(rows);
}

/** What an XLSX is read against (the reader thread does not load the domain). */
const SHEET_SHAPE: SheetShape = { columns: BATCH_COLUMNS, lastRow: COMFORT_BATCH_MAX + 1 };

/**
 * The zip's structure is checked here (microseconds, nothing inflated): a malformed or hiding zip
 * never reaches a thread. The rest runs on a reader thread (xlsx-readers.ts): its refusal is the
 * file's field error; no free reader is a 503 "try again".
 */
async function readXlsx(body: Buffer): Promise<Record<string, unknown>[]> {
  try {
    zipEntries(body, XLSX_ZIP_BUDGET);
  } catch (err) {
    if (err instanceof ZipRefused) throw unreadable();
    throw err;
  }
  const answer = await readXlsxOnThread(body, SHEET_SHAPE);
  if (answer === 'busy') throw new DomainError('unavailable', 'busy', TRY_AGAIN);
  if ('refused' in answer) throw answer.refused === 'batch_too_large' ? tooLarge() : answer.refused === 'not_template' ? notTemplate(null) : unreadable();
  return dropTrailingBlanks(answer.rows);
}
