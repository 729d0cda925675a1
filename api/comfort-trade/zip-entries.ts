/**
 * Unzips an uploaded XLSX under a byte budget before any spreadsheet library sees it: a 1 MB zip
 * can hold gigabytes (a zip bomb). The zip must be plain and consistent, because the parts a
 * library would read are not always the ones this reader counted (issue 27, item 1: JSZip reads
 * directory records up to the signature, not up to the stated count). So: one directory that
 * ends at the end record and holds exactly the stated records; local entries that follow each
 * other from byte 0 to the directory, every one referenced once; no duplicate names; no Zip64 or
 * Unicode-path fields (they give an entry a second size or name). Every entry is inflated with a
 * hard output cap and must give exactly its stated size and CRC. The caller hands the library an
 * archive rebuilt from these entries (stored-zip.ts), never the upload.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipBudget {
  /** Entries at most (folders count). */
  maxEntries: number;
  /** Unzipped bytes of all entries together. */
  maxBytes: number;
}

/** Why a zip was refused; the caller turns it into the file's field error. */
export class ZipRefused extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x0001;
const HAS_DESCRIPTOR = 0x0008;
/** Extra fields that state another size (Zip64) or another name (Info-ZIP Unicode path) than the record. */
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
/** The 16- and 32-bit fields' "look in the Zip64 record" values. */
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface ZipEntry { name: string; nameBytes: Buffer; flags: number; method: number; crc: number; compressed: number; size: number; local: number; dataStart: number }

/** Every entry's name and unzipped bytes, in directory order, or ZipRefused when the zip is malformed or over the budget. */
export function unzipWithin(zip: Buffer, budget: ZipBudget): Map<string, Buffer> {
  const entries = zipEntries(zip, budget);
  const out = new Map<string, Buffer>();
  let left = budget.maxBytes;
  for (const e of entries) {
    const data = zip.subarray(e.dataStart, e.dataStart + e.compressed);
    let bytes: Buffer;
    if (e.method === STORED) bytes = data;
    else {
      try {
        // The stated size may lie: the cap is the stated size or what is left of the budget, whatever comes first.
        bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(left, e.size)) });
      } catch {
        throw new ZipRefused('inflate failed or over budget');
      }
    }
    if (bytes.length !== e.size) throw new ZipRefused('size differs from the directory');
    if (crc32(bytes) !== e.crc) throw new ZipRefused('CRC differs from the directory');
    left -= bytes.length;
    out.set(e.name, bytes);
  }
  return out;
}

/**
 * The entries as the directory states them, every structural check done and nothing inflated: cheap
 * (a few microseconds per entry), so it can refuse a malformed zip before any thread is asked to read it.
 */
export function zipEntries(zip: Buffer, budget: ZipBudget): ZipEntry[] {
  const { entries, start } = directoryOf(zip, budget);
  checkLocalEntries(zip, entries, start);
  return entries;
}

/** The central directory's records, each checked on its own and against the others. */
function directoryOf(zip: Buffer, budget: ZipBudget): { entries: ZipEntry[]; start: number } {
  const end = findEndOfDirectory(zip);
  const disk = zip.readUInt16LE(end + 4), directoryDisk = zip.readUInt16LE(end + 6);
  const onDisk = zip.readUInt16LE(end + 8), count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12), start = zip.readUInt32LE(end + 16);
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count) throw new ZipRefused('split archive');
  if (count === MAX16 || size === MAX32 || start === MAX32) throw new ZipRefused('Zip64');
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_LOCATOR) throw new ZipRefused('Zip64');
  if (count === 0) throw new ZipRefused('no entries');
  if (count > budget.maxEntries) throw new ZipRefused(`${count} entries`);
  if (start + size !== end) throw new ZipRefused('directory does not end at the end record');
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let stated = 0;
  let at = start;
  for (let i = 0; i < count; i++) {
    need(zip, at, 46, end);
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('bad directory');
    const nameLength = zip.readUInt16LE(at + 28), extraLength = zip.readUInt16LE(at + 30), commentLength = zip.readUInt16LE(at + 32);
    need(zip, at + 46, nameLength + extraLength + commentLength, end);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const e: ZipEntry = {
      name: nameOf(nameBytes), nameBytes, flags: zip.readUInt16LE(at + 8), method: zip.readUInt16LE(at + 10), crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20), size: zip.readUInt32LE(at + 24), local: zip.readUInt32LE(at + 42), dataStart: -1,
    };
    if (zip.readUInt16LE(at + 34) !== 0) throw new ZipRefused('split archive');
    if (e.flags & ENCRYPTED) throw new ZipRefused('encrypted');
    if (e.method !== STORED && e.method !== DEFLATED) throw new ZipRefused(`method ${e.method}`);
    if (e.compressed === MAX32 || e.size === MAX32 || e.local === MAX32) throw new ZipRefused('Zip64');
    if (e.method === STORED && e.compressed !== e.size) throw new ZipRefused('stored sizes differ');
    checkExtra(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    // A reader may drop a leading slash (exceljs does): `/a` and `a` are one part.
    const key = e.name.replace(/^\//, '');
    if (names.has(key)) throw new ZipRefused('duplicate name');
    names.add(key);
    stated += e.size;
    if (stated > budget.maxBytes) throw new ZipRefused('stated size over budget');
    entries.push(e);
    at += 46 + nameLength + extraLength + commentLength;
  }
  // Records past the stated count are read by some libraries and by none of the checks above.
  if (at !== end) throw new ZipRefused('records past the stated count');
  return { entries, start };
}

/**
 * The local entries, in file order, must tile the bytes before the directory exactly: a local
 * header no record points to, two records sharing data (overlapping bombs) or bytes in between
 * are refused. Each local header repeats its record's name and method.
 */
function checkLocalEntries(zip: Buffer, entries: ZipEntry[], directoryStart: number): void {
  let next = 0;
  for (const e of [...entries].sort((a, b) => a.local - b.local)) {
    if (e.local !== next) throw new ZipRefused('bytes no record points to, or shared by two');
    need(zip, e.local, 30, directoryStart);
    if (zip.readUInt32LE(e.local) !== LOCAL_HEADER) throw new ZipRefused('bad local header');
    if (zip.readUInt16LE(e.local + 8) !== e.method) throw new ZipRefused('local method differs');
    const nameLength = zip.readUInt16LE(e.local + 26), extraLength = zip.readUInt16LE(e.local + 28);
    need(zip, e.local + 30, nameLength + extraLength, directoryStart);
    if (!zip.subarray(e.local + 30, e.local + 30 + nameLength).equals(e.nameBytes)) throw new ZipRefused('local name differs');
    checkExtra(zip.subarray(e.local + 30 + nameLength, e.local + 30 + nameLength + extraLength));
    e.dataStart = e.local + 30 + nameLength + extraLength;
    need(zip, e.dataStart, e.compressed, directoryStart);
    next = e.dataStart + e.compressed;
    if (e.flags & HAS_DESCRIPTOR) {
      // CRC and sizes after the data (12 bytes), with an optional signature before them.
      next += next + 4 <= directoryStart && zip.readUInt32LE(next) === DATA_DESCRIPTOR ? 16 : 12;
      if (next > directoryStart) throw new ZipRefused('truncated');
    }
  }
  if (next !== directoryStart) throw new ZipRefused('bytes no record points to');
}

function checkExtra(extra: Buffer): void {
  for (let at = 0; at < extra.length;) {
    if (at + 4 > extra.length) throw new ZipRefused('bad extra field');
    const id = extra.readUInt16LE(at), length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA || id === UNICODE_PATH_EXTRA) throw new ZipRefused(`extra field ${id.toString(16)}`);
    at += 4 + length;
    if (at > extra.length) throw new ZipRefused('bad extra field');
  }
}

function nameOf(bytes: Buffer): string {
  let name: string;
  try {
    name = utf8.decode(bytes);
  } catch {
    throw new ZipRefused('name is not UTF-8');
  }
  if (!name || name.includes('\0')) throw new ZipRefused('bad name');
  return name;
}

/** The end record: the last one whose comment reaches exactly the end of the file. */
function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY && at + 22 + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  throw new ZipRefused('no central directory');
}

function need(zip: Buffer, at: number, length: number, limit = zip.length): void {
  if (at < 0 || at + length > limit) throw new ZipRefused('truncated');
}
