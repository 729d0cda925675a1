import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxTemplate } from '../../api/comfort-trade/batch-file.js';
import { READERS_MAX, READERS_WAITING_MAX, readerThreads, readXlsxOnThread } from '../../api/comfort-trade/xlsx-readers.js';
import { checkedParts, XlsxRefused } from '../../api/comfort-trade/xlsx-rows.js';
import { BATCH_COLUMNS, COMFORT_BATCH_MAX } from '../../domain/comfort-trade.js';
import { entriesOf, handZip, partsOf } from '../support/hand-zip.js';

const shape = { columns: BATCH_COLUMNS, lastRow: COMFORT_BATCH_MAX + 1 };
const SHEET = 'xl/worksheets/sheet1.xml';

async function fiftyAccounts(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('accounts');
  // The template's columns in another order: cells are read by their header, not their position.
  const rest = BATCH_COLUMNS.filter((c) => !['email', 'platform', 'coinAmount'].includes(c));
  ws.addRow(['email', 'platform', 'coinAmount', ...rest]);
  for (let i = 0; i < COMFORT_BATCH_MAX; i++) ws.addRow([`seller${i}@example.com`, 'ps', '100000', ...rest.map(() => '')]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The template with its sheet's XML edited, written by hand. */
async function templateWith(edit: (parts: Map<string, Buffer>, sheet: string) => void): Promise<Buffer> {
  const parts = await partsOf(await xlsxTemplate());
  edit(parts, parts.get(SHEET)!.toString());
  return handZip(entriesOf(parts));
}

describe('XLSX files are read on reader threads (issue 27, item 1)', () => {
  it('reads 50 accounts by their columns', async () => {
    const answer = await readXlsxOnThread(await fiftyAccounts(), shape);
    expect(answer).toMatchObject({ rows: expect.any(Array) });
    const { rows } = answer as { rows: Record<string, string>[] };
    expect(rows).toHaveLength(COMFORT_BATCH_MAX);
    expect(rows[49]).toEqual({ ...Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])), platform: 'ps', coinAmount: '100000', email: 'seller49@example.com' });
  });

  it('refuses a sheet whose header is not the template\'s (a column missing or one the template has not) as not_template', async () => {
    for (const header of [BATCH_COLUMNS.filter((c) => c !== 'authSecret'), [...BATCH_COLUMNS, 'notes']]) {
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('accounts').addRow([...header]);
      expect(await readXlsxOnThread(Buffer.from(await wb.xlsx.writeBuffer()), shape)).toEqual({ refused: 'not_template' });
    }
  });

  it('refuses a row bomb stored under any name exceljs reads as a worksheet (sheet1.xml.bak)', async () => {
    const bomb = await templateWith((parts, sheet) => parts.set(`${SHEET}.bak`, Buffer.from(sheet.replace('</sheetData>', '<row r="50000000"><c r="A50000000"/></row></sheetData>'))));
    expect(() => checkedParts(bomb, shape)).toThrow(new XlsxRefused('batch_too_large'));
    expect(await readXlsxOnThread(bomb, shape)).toEqual({ refused: 'batch_too_large' });
  });

  it('refuses a file that exceljs cannot read within its deadline and memory, and ends the thread that tried', async () => {
    // Every merged range becomes cells in exceljs: 400 ranges of a whole 51-row width are 340 million.
    const merges = await templateWith((parts, sheet) => parts.set(SHEET, Buffer.from(sheet.replace('</sheetData>',
      `</sheetData><mergeCells count="400">${'<mergeCell ref="A1:XFD51"/>'.repeat(400)}</mergeCells>`))));
    await readXlsxOnThread(await xlsxTemplate(), shape);
    const before = readerThreads();
    expect(await readXlsxOnThread(merges, shape)).toEqual({ refused: 'file_unreadable' });
    await expect.poll(readerThreads, { timeout: 10_000 }).toBe(before - 1);
    // The next file gets a new thread.
    expect(await readXlsxOnThread(await fiftyAccounts(), shape)).toMatchObject({ rows: expect.any(Array) });
  });

  it(`reads at most ${READERS_MAX} files at once; ${READERS_WAITING_MAX} wait, more are answered busy`, async () => {
    const file = await fiftyAccounts();
    const many = Array.from({ length: READERS_MAX + READERS_WAITING_MAX + 3 }, () => readXlsxOnThread(file, shape));
    expect(readerThreads()).toBeLessThanOrEqual(READERS_MAX);
    const answers = await Promise.all(many);
    expect(answers.filter((a) => a === 'busy')).toHaveLength(3);
    expect(answers.filter((a) => typeof a === 'object' && 'rows' in a && a.rows.length === COMFORT_BATCH_MAX)).toHaveLength(READERS_MAX + READERS_WAITING_MAX);
    expect(readerThreads()).toBeLessThanOrEqual(READERS_MAX);
  });
});
