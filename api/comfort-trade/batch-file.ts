/**
 * Batch files: the CSV and XLSX templates and reading an uploaded file into rows (papaparse for
 * CSV, exceljs for XLSX). Rows are plain records keyed by the header; the domain checks them.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { BATCH_COLUMNS, BATCH_EXAMPLE, FILE_TYPE, FILE_UNREADABLE } from '../../domain/comfort-trade.js';
import { DomainError } from '../../domain/errors.js';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export { FILE_UNREADABLE };

/** The CSV template: the header and one example row. */
export const csvTemplate = (): string => Papa.unparse({ fields: [...BATCH_COLUMNS], data: [BATCH_COLUMNS.map((c) => BATCH_EXAMPLE[c])] }) + '\r\n';

/** The XLSX template: the same columns, every cell text (codes keep their leading zeros). */
export async function xlsxTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  ws.columns = BATCH_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'email' ? 28 : 14, style: { numFmt: '@' } }));
  ws.addRow(BATCH_COLUMNS.map((c) => BATCH_EXAMPLE[c]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const blankRow = (r: Record<string, unknown>) => Object.values(r).every((v) => v === undefined || v === null || String(v).trim() === '');

/** Reads a CSV or XLSX upload into rows keyed by the header row; blank rows are skipped. */
export async function readBatchFile(body: Buffer, contentType: string): Promise<Record<string, unknown>[]> {
  if (contentType.startsWith(XLSX_TYPE)) return readXlsx(body);
  if (contentType.startsWith(CSV_TYPE) || contentType.startsWith('text/plain')) {
    const parsed = Papa.parse<Record<string, string>>(body.toString('utf8').replace(/^\uFEFF/, ''), {
      header: true, skipEmptyLines: false, transformHeader: (h) => h.trim(),
    });
    if (!parsed.meta.fields?.length) throw new DomainError('invalid', 'file_unreadable', FILE_UNREADABLE);
    // Keep the file's line numbers: only trailing blank lines are dropped.
    const rows = parsed.data;
    while (rows.length && blankRow(rows[rows.length - 1]!)) rows.pop();
    return rows;
  }
  throw new DomainError('invalid', 'file_type', FILE_TYPE);
}

async function readXlsx(body: Buffer): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('invalid', 'file_unreadable', FILE_UNREADABLE);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new DomainError('invalid', 'file_unreadable', FILE_UNREADABLE);
  const header: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => { header[col] = String(cell.text ?? '').trim(); });
  const rows: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const row: Record<string, unknown> = {};
    ws.getRow(i).eachCell({ includeEmpty: true }, (cell, col) => { if (header[col]) row[header[col]!] = cell.text ?? ''; });
    // Keep the line numbers of the file: a blank line inside still counts as a line.
    rows.push(row);
  }
  while (rows.length && blankRow(rows[rows.length - 1]!)) rows.pop();
  return rows;
}
