/**
 * Batch files that cost more to read than they weigh (issue 17, item 1), shared by the test that
 * checks each is refused (tests/integration/comfort-upload-bombs.test.ts) and the benchmark that
 * times the refusals (tests/bench/upload-bombs.ts).
 */
import JSZip from 'jszip';
import { xlsxTemplate } from '../../api/comfort-trade/batch-file.js';
import { handZip } from './hand-zip.js';

export const SHEET = 'xl/worksheets/sheet1.xml';

/** The XLSX template with its first sheet's XML changed by `edit`. */
export async function templateWith(edit: (sheetXml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsxTemplate());
  zip.file(SHEET, edit(await zip.file(SHEET)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** One cell at `row` (a row number far past the header and 50 accounts). */
export const farRow = (row: number) => (xml: string) =>
  xml.replace('</sheetData>', `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`);

/** The template declaring the sheet's largest dimension. */
export const declaredHuge = () => templateWith((xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:L1048576"/>'));

/** A one-entry zip whose directory states `declaredSize` (CRC left 0). */
export const zipOf = (name: string, data: Buffer, declaredSize: number) => handZip([{ name, data, size: declaredSize, crc: 0 }]);

/** A CSV of a million lines with an account past line 51. */
export const millionLineCsv = (columns: readonly string[]) => `${columns.join(',')}\n${'\n'.repeat(999_000)}ps,100000\n`;
