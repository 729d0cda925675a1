import { describe, expect, it } from 'vitest';
import { lastRowOf } from '../../api/comfort-trade/xlsx-rows.js';

describe('the last row a worksheet declares or uses (issue 17, item 1)', () => {
  it('reads the declared dimension, numbered rows and cells, and counts rows without a number', () => {
    expect(lastRowOf('<dimension ref="A1:L2"/><sheetData><row r="1"/><row r="2"/></sheetData>')).toBe(2);
    expect(lastRowOf('<dimension ref="A1:XFD1048576"/>')).toBe(1_048_576);
    expect(lastRowOf('<sheetData><row r="2"><c r="A50000000"/></row></sheetData>')).toBe(50_000_000);
    expect(lastRowOf('<x:sheetData><x:row r="51"/><x:row/><x:row/></x:sheetData>')).toBe(53);
    expect(lastRowOf(`<sheetData>${'<row>'.repeat(60)}</sheetData>`)).toBe(60);
    // Other elements that start alike are not rows or cells.
    expect(lastRowOf('<cols><col min="1" max="99"/></cols><rowBreaks count="70"/>')).toBe(0);
  });
});
