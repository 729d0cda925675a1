import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { xlsxTemplate } from '../../api/comfort-trade/batch-file.js';
import { storedZip } from '../../api/comfort-trade/stored-zip.js';
import { unzipWithin, ZipRefused } from '../../api/comfort-trade/zip-entries.js';
import { deflated, entriesOf, handZip, partsOf, spacesEntry, unicodePath, zip64Extra } from '../support/hand-zip.js';

const budget = { maxEntries: 200, maxBytes: 4 << 20 };
const refused = (zip: Buffer) => expect(() => unzipWithin(zip, budget)).toThrow(ZipRefused);

describe('the XLSX upload guard reads only consistent zips (issue 27, item 1)', async () => {
  const template = await xlsxTemplate();
  const parts = await partsOf(template);
  const entries = entriesOf(parts);

  it('reads the template as written by exceljs, and the same parts written by hand', () => {
    expect(unzipWithin(template, budget)).toEqual(parts);
    expect(unzipWithin(handZip(entries), budget)).toEqual(parts);
  });

  it('refuses a record past the stated count: the hidden entry a library would still read', () => {
    refused(handZip([...entries, spacesEntry('xl/hidden.xml', 150)], { statedCount: entries.length }));
    refused(handZip(entries, { afterDirectory: Buffer.alloc(46) }));
  });

  it('refuses a local entry no record points to', () => {
    refused(handZip(entries, { unreferenced: [deflated('xl/worksheets/sheet2.xml', '<worksheet/>')] }));
  });

  it('refuses duplicate names, a leading slash included', () => {
    refused(handZip([...entries, deflated('xl/workbook.xml', '<workbook/>')]));
    refused(handZip([...entries, deflated('/xl/workbook.xml', '<workbook/>')]));
  });

  it('refuses Zip64 and Unicode-path extra fields, which state another size or name', () => {
    refused(handZip([...entries, deflated('docProps/custom.xml', '<x/>', zip64Extra(3))]));
    refused(handZip([...entries, deflated('docProps/custom.xml', '<x/>', unicodePath('docProps/custom.xml', 'xl/worksheets/sheet1.xml'))]));
  });

  it('refuses sizes and CRCs that differ from the data, and bombs that state or hide their size', () => {
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    const others = entries.filter((e) => e !== sheet);
    refused(handZip([...others, { ...sheet, size: sheet.size - 1 }]));
    refused(handZip([...others, { ...sheet, crc: (sheet.crc ^ 1) >>> 0 }]));
    refused(handZip([spacesEntry('xl/worksheets/sheet1.xml', 400)]));
    refused(handZip([{ ...spacesEntry('xl/worksheets/sheet1.xml', 400), size: 1_000 }]));
  });

  it('refuses a truncated or comment-padded file', () => {
    const zip = handZip(entries);
    refused(zip.subarray(0, zip.length - 1));
    refused(Buffer.concat([zip, Buffer.from('x')]));
  });
});

describe('the stored zip that exceljs is handed instead of the upload', () => {
  it('holds exactly the given parts, as the guard and JSZip read them', async () => {
    const parts = new Map([['a.xml', Buffer.from('<a/>')], ['ü/b.bin', Buffer.from([0, 1, 2])], ['empty', Buffer.alloc(0)]]);
    const zip = storedZip(parts);
    expect(unzipWithin(zip, budget)).toEqual(parts);
    const z = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(Object.keys(z.files)).toEqual([...parts.keys()]);
    expect(await z.file('ü/b.bin')!.async('nodebuffer')).toEqual(parts.get('ü/b.bin'));
  });
});
