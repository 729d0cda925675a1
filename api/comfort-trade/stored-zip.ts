/**
 * A zip of stored (uncompressed) entries, for handing a spreadsheet library exactly the parts
 * zip-entries.ts read and counted, rebuilt, instead of the upload (which may hold more). Names are
 * written as UTF-8 (flag bit 11), with no extra fields, comments or data descriptors.
 */
import { crc32 } from 'node:zlib';

const UTF8_NAMES = 0x0800;
/** 1980-01-01, the earliest date a zip can hold: the parts' times are not kept. */
const DOS_DATE = (1 << 5) | 1;
const VERSION = 20;

export function storedZip(entries: Iterable<[string, Buffer]>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const [name, data] of entries) {
    const n = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(UTF8_NAMES, 8);
    record.writeUInt16LE(DOS_DATE, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(data.length, 24);
    record.writeUInt16LE(n.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    directory.push(record, n);
    offset += local.length + n.length + data.length;
    count++;
  }
  // Callers pass a budgeted set (at most a few hundred entries and MB); past the 16/32-bit fields, refuse rather than write Zip64.
  if (count > 0xfffe || offset >= 0xffffffff) throw new RangeError('too large for a plain zip');
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
