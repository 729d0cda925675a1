/**
 * Zips written byte by byte, for tests that attack the XLSX upload guard with archives a zip
 * library would refuse to write: records past the stated count, local entries no record points
 * to, duplicate names, extra fields that rename or resize an entry, sizes that lie.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

export interface HandEntry {
  name: string;
  /** The bytes as stored (deflated when `method` is 8, the default). */
  data: Buffer;
  /** Unzipped size and CRC as the headers state them. */
  size: number;
  crc: number;
  method?: 0 | 8;
  /** Extra field bytes, in the local header and the directory record alike. */
  extra?: Buffer;
}

/** An entry deflated honestly from `content`. */
export const deflated = (name: string, content: Buffer | string, extra?: Buffer): HandEntry => {
  const raw = Buffer.from(content);
  return { name, data: deflateRawSync(raw), size: raw.length, crc: crc32(raw), extra };
};

/** Raw deflate of `mb` MiB of spaces in ~1 KB per MiB: one fully flushed block repeated, then a final empty block. */
export function deflatedSpaces(mb: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([0x03, 0x00])]);
}

/** `mb` MiB of spaces as an entry whose headers state its true size and CRC. */
export function spacesEntry(name: string, mb: number): HandEntry {
  const spaces = Buffer.alloc(1 << 20, 0x20);
  let crc = 0;
  for (let i = 0; i < mb; i++) crc = crc32(spaces, crc);
  return { name, data: deflatedSpaces(mb), size: mb * (1 << 20), crc };
}

const localHeader = (e: HandEntry) => {
  const n = Buffer.from(e.name), extra = e.extra ?? Buffer.alloc(0);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0); h.writeUInt16LE(20, 4); h.writeUInt16LE(e.method ?? 8, 8);
  h.writeUInt32LE(e.crc, 14); h.writeUInt32LE(e.data.length, 18); h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(n.length, 26); h.writeUInt16LE(extra.length, 28);
  return Buffer.concat([h, n, extra, e.data]);
};

const directoryRecord = (e: HandEntry, offset: number) => {
  const n = Buffer.from(e.name), extra = e.extra ?? Buffer.alloc(0);
  const r = Buffer.alloc(46);
  r.writeUInt32LE(0x02014b50, 0); r.writeUInt16LE(20, 4); r.writeUInt16LE(20, 6); r.writeUInt16LE(e.method ?? 8, 10);
  r.writeUInt32LE(e.crc, 16); r.writeUInt32LE(e.data.length, 20); r.writeUInt32LE(e.size, 24);
  r.writeUInt16LE(n.length, 28); r.writeUInt16LE(extra.length, 30); r.writeUInt32LE(offset, 42);
  return Buffer.concat([r, n, extra]);
};

export interface HandZipOptions {
  /** The entry count the end record states (default: every record). */
  statedCount?: number;
  /** Entries with a local header but no directory record. */
  unreferenced?: HandEntry[];
  /** Bytes between the directory and the end record, counted in the directory's stated size. */
  afterDirectory?: Buffer;
}

/** Local entries in order (then the unreferenced ones), the directory, the end record. */
export function handZip(entries: HandEntry[], o: HandZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    records.push(directoryRecord(e, offset));
    locals.push(localHeader(e));
    offset += locals.at(-1)!.length;
  }
  for (const e of o.unreferenced ?? []) {
    locals.push(localHeader(e));
    offset += locals.at(-1)!.length;
  }
  const directory = Buffer.concat([...records, o.afterDirectory ?? Buffer.alloc(0)]);
  const end = Buffer.alloc(22);
  const count = o.statedCount ?? entries.length;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(count, 8); end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip's parts, folders as empty ones (read by JSZip: the input is a well-formed file such as the XLSX template). */
export async function partsOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const z = await JSZip.loadAsync(zip);
  const parts = new Map<string, Buffer>();
  for (const f of Object.values(z.files)) parts.set(f.name, f.dir ? Buffer.alloc(0) : await f.async('nodebuffer'));
  return parts;
}

/** `parts` as honest deflated entries, in order. */
export const entriesOf = (parts: Map<string, Buffer>): HandEntry[] => [...parts].map(([name, bytes]) => deflated(name, bytes));

/** The Info-ZIP Unicode Path extra field (0x7075) that renames an entry stored as `storedName` to `name`. */
export function unicodePath(storedName: string, name: string): Buffer {
  const n = Buffer.from(name);
  const f = Buffer.alloc(9);
  f.writeUInt16LE(0x7075, 0); f.writeUInt16LE(5 + n.length, 2); f.writeUInt8(1, 4); f.writeUInt32LE(crc32(Buffer.from(storedName)), 5);
  return Buffer.concat([f, n]);
}

/** A Zip64 extra field (0x0001) stating an unzipped size of `size`. */
export function zip64Extra(size: number): Buffer {
  const f = Buffer.alloc(12);
  f.writeUInt16LE(0x0001, 0); f.writeUInt16LE(8, 2); f.writeBigUInt64LE(BigInt(size), 4);
  return f;
}
