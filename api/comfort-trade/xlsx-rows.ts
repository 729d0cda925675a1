/**
 * Reading an uploaded XLSX into rows, as the reader thread does it (xlsx-reader-thread.ts): unzip
 * under a budget, refuse a worksheet that declares or holds a row past the batch maximum, then let
 * exceljs parse an archive rebuilt from the checked entries only. Rows are the template's columns
 * by the file's line numbers, up to `lastRow`. Nothing here imports the domain: the thread is
 * handed the columns and the last row, and loads as little as it can.
 */
import type ExcelJSModule from 'exceljs';
import { storedZip } from './stored-zip.js';
import { unzipWithin, ZipRefused, type ZipBudget } from './zip-entries.js';

/** A 50-account XLSX unzips to tens of KB; this leaves room for styles and themes of any office suite. */
export const XLSX_ZIP_BUDGET: ZipBudget = { maxEntries: 200, maxBytes: 4 << 20 };
/**
 * The entries exceljs 4.4 parses as worksheets: its own pattern (lib/xlsx/xlsx.js, `_processWorksheetEntry`),
 * unanchored, so `xl/worksheets/sheet1.xml.bak` and `a/xl/worksheets/sheet2.xml` are worksheets too.
 */
export const EXCELJS_WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

/** What a file is read against: the template's columns and the highest row number a file may use. */
export interface SheetShape { columns: readonly string[]; lastRow: number }

/** Why a file was refused, as the file's field error code. */
export type XlsxRefusal = 'file_unreadable' | 'batch_too_large' | 'not_template';
export class XlsxRefused extends Error {
  constructor(readonly code: XlsxRefusal) { super(code); }
}

/** The upload's parts, unzipped and checked: what exceljs may be handed (as `storedZip(parts)`). */
export function checkedParts(body: Buffer, shape: SheetShape): Map<string, Buffer> {
  let parts: Map<string, Buffer>;
  try {
    parts = unzipWithin(body, XLSX_ZIP_BUDGET);
  } catch (err) {
    if (err instanceof ZipRefused) throw new XlsxRefused('file_unreadable');
    throw err;
  }
  for (const [name, xml] of parts) {
    if (EXCELJS_WORKSHEET.test(name) && lastRowOf(xml.toString('utf8')) > shape.lastRow) throw new XlsxRefused('batch_too_large');
  }
  return parts;
}

/** The first worksheet's rows under the template's columns, from 2 to `lastRow` (blank ones kept: line numbers are the file's). */
export async function rowsOf(ExcelJS: typeof ExcelJSModule, parts: Map<string, Buffer>, shape: SheetShape): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  try {
    // Only what was counted: the upload itself may hold entries the checks never saw.
    await wb.xlsx.load(storedZip(parts) as unknown as ArrayBuffer);
  } catch {
    throw new XlsxRefused('file_unreadable');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new XlsxRefused('file_unreadable');
  const cells: [number, string][] = [];
  ws.getRow(1).eachCell((cell, col) => { cells.push([col, String(cell.text ?? '').trim()]); });
  // The header is the run of cells from column A to the first empty one: a note beside it (the
  // template's pointer to its instructions sheet) is not a column.
  const header: string[] = [];
  for (const [col, name] of cells) {
    if (col !== header.length + 1 || name === '') break;
    header.push(name);
  }
  // Every template column, and no other: anything else is not the template (one answer, not one per field).
  if (shape.columns.some((c) => !header.includes(c)) || header.some((h) => !shape.columns.includes(h))) throw new XlsxRefused('not_template');
  // Only the template's columns are read: a header cell at column XFD costs nothing per row.
  const columns = header.map((name, i) => [i + 1, name] as [number, string]);
  const rows: Record<string, string>[] = [];
  for (let i = 2; i <= Math.min(ws.rowCount, shape.lastRow); i++) {
    const row = ws.getRow(i);
    rows.push(Object.fromEntries(columns.map(([col, name]) => [name, row.getCell(col).text ?? ''])));
  }
  return rows;
}

/** A `dimension`, `row` or cell (`c`) start tag and its attributes; a value may hold `>` but no `<`, so no match scans past the next tag. */
const SIZE_TAG = /<(?:[\w.-]+:)?(dimension|row|c)(?=[\s/>])((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>/g;
const REF = /(?:^|\s)ref\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const R = /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const valueOf = (m: RegExpExecArray | null) => m?.[1] ?? m?.[2];

/**
 * The highest row number a worksheet declares (`<dimension ref>`) or uses (`<row r>`, a cell's
 * `r`, or rows counted where they carry no number), read from the XML text before any parser
 * builds rows: one cell at row 50,000,000 would otherwise make 50 million rows. Linear in the
 * text: the earlier patterns (`[^>]*` before the attribute) took 22 s for 120 KB of `<c `.
 */
export function lastRowOf(xml: string): number {
  let last = 0;
  let current = 0;
  for (const [, name, attributes] of xml.matchAll(SIZE_TAG)) {
    if (name === 'dimension') {
      for (const n of valueOf(REF.exec(attributes!))?.match(/\d+/g) ?? []) last = Math.max(last, Number(n));
    } else if (name === 'row') {
      const r = valueOf(R.exec(attributes!));
      current = r && /^\d+$/.test(r) ? Number(r) : current + 1;
      last = Math.max(last, current);
    } else {
      const cell = /^[A-Za-z]+(\d+)$/.exec(valueOf(R.exec(attributes!)) ?? '');
      if (cell) last = Math.max(last, Number(cell[1]));
    }
  }
  return last;
}
