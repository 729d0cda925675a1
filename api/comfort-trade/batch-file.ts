/**
 * Batch files: the CSV and XLSX templates and reading an uploaded file into rows (papaparse for
 * CSV, exceljs for XLSX). Rows are plain records keyed by the header; the domain checks them.
 * Reading is bounded before it starts: a file may declare or hold rows far past the batch maximum,
 * unzip to gigabytes or take long to parse; each of those is refused on the `file` field.
 */
// exceljs is loaded on first use: it takes about 0.6 s of CPU to load, and most API processes never read an XLSX.
const loadExcel = async () => (await import('exceljs')).default;
import Papa from 'papaparse';
import { BATCH_COLUMNS, BATCH_TOO_LARGE, COMFORT_BATCH_MAX, FILE_TYPE, FILE_UNREADABLE, isNoteRow } from '../../domain/comfort-trade.js';
import { BATCH_INSTRUCTIONS } from '../../domain/comfort-batch.js';
import { DomainError } from '../../domain/errors.js';
import { unzipWithin, ZipRefused } from './zip-entries.js';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export { FILE_UNREADABLE };

/** The header and at most COMFORT_BATCH_MAX accounts: the highest row number a file may use. */
const LAST_ROW = COMFORT_BATCH_MAX + 1;
/** A 50-account XLSX unzips to tens of KB; this leaves room for styles and themes of any office suite. */
const UNZIPPED_MAX_BYTES = 4 << 20;
const ZIP_ENTRIES_MAX = 200;
/** Lines a CSV may have, blank ones included (spreadsheets export trailing blank lines): parsing stops past them. */
const CSV_LINES_MAX = 1_000;
/** However a file was made, reading it may not hold the API longer than this. */
const PARSE_MS = 2_000;

/** A refusal of the whole file, on its `file` field (the page shows it by the code). */
export const fileRefused = (code: string, message: string) => new DomainError('invalid', code, message, { fields: [{ field: 'file', message }] });
const unreadable = () => fileRefused('file_unreadable', FILE_UNREADABLE);
const tooLarge = () => fileRefused('batch_too_large', BATCH_TOO_LARGE);

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
      fields ??= result.meta.fields;
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
  return dropTrailingBlanks(rows);
}

async function readXlsx(body: Buffer): Promise<Record<string, unknown>[]> {
  let entries: Map<string, Buffer>;
  try {
    entries = unzipWithin(body, { maxEntries: ZIP_ENTRIES_MAX, maxBytes: UNZIPPED_MAX_BYTES });
  } catch (err) {
    if (err instanceof ZipRefused) throw unreadable();
    throw err;
  }
  for (const [name, xml] of entries) {
    if (/^\/?xl\/worksheets\/[^/]+\.xml$/i.test(name) && lastRowOf(xml.toString('utf8')) > LAST_ROW) throw tooLarge();
  }
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  let timer: NodeJS.Timeout | undefined;
  try {
    // Bounded input, bounded work; the deadline answers for whatever is left.
    await Promise.race([
      wb.xlsx.load(body as unknown as ArrayBuffer),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('deadline')), PARSE_MS); }),
    ]);
  } catch {
    throw unreadable();
  } finally {
    clearTimeout(timer);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw unreadable();
  // Only the template's columns are read: a header cell at column XFD costs nothing per row.
  const columns: [number, string][] = [];
  ws.getRow(1).eachCell((cell, col) => {
    const name = String(cell.text ?? '').trim();
    if ((BATCH_COLUMNS as readonly string[]).includes(name)) columns.push([col, name]);
  });
  const rows: Record<string, unknown>[] = [];
  for (let i = 2; i <= Math.min(ws.rowCount, LAST_ROW); i++) {
    const row = ws.getRow(i);
    // Keep the line numbers of the file: a blank line inside still counts as a line.
    rows.push(Object.fromEntries(columns.map(([col, name]) => [name, row.getCell(col).text ?? ''])));
  }
  return dropTrailingBlanks(rows);
}

/**
 * The highest row number a worksheet declares (`<dimension ref>`) or uses (`<row r>`, a cell's
 * `r`, or rows counted where they carry no number), read from the XML text before any parser
 * builds rows: one cell at row 50,000,000 would otherwise make 50 million rows.
 */
export function lastRowOf(xml: string): number {
  let last = 0;
  const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="([^"]*)"/.exec(xml);
  for (const n of dimension?.[1]!.match(/\d+/g) ?? []) last = Math.max(last, Number(n));
  let current = 0;
  for (const m of xml.matchAll(/<(?:\w+:)?row\b([^>]*)>/g)) {
    const r = /\br="(\d+)"/.exec(m[1]!);
    current = r ? Number(r[1]) : current + 1;
    last = Math.max(last, current);
  }
  for (const m of xml.matchAll(/<(?:\w+:)?c\b[^>]*\br="[A-Za-z]+(\d+)"/g)) last = Math.max(last, Number(m[1]));
  return last;
}
