/**
 * Unzips an uploaded XLSX under a byte budget before any spreadsheet library sees it: a 1 MB zip
 * can hold gigabytes (a zip bomb). The central directory is read first (entry count and stated
 * sizes), then every entry is inflated with a hard output cap, so an entry that lies about its
 * size is stopped at the budget, not at the end of its data.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipBudget {
  /** Entries at most (folders count). */
  maxEntries: number;
  /** Unzipped bytes of all entries together. */
  maxBytes: number;
}

/** Why a zip was refused; the caller turns it into the file's field error. */
export class ZipRefused extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** Every entry's name and unzipped bytes, or ZipRefused when the zip is malformed or over the budget. */
export function unzipWithin(zip: Buffer, budget: ZipBudget): Map<string, Buffer> {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count > budget.maxEntries) throw new ZipRefused(`${count} entries`);
  const entries: { name: string; method: number; compressed: number; size: number; local: number }[] = [];
  let stated = 0;
  for (let i = 0; i < count; i++) {
    need(zip, at, 46);
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('bad directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = {
      method: zip.readUInt16LE(at + 10), compressed: zip.readUInt32LE(at + 20), size: zip.readUInt32LE(at + 24),
      local: zip.readUInt32LE(at + 42), name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    stated += entry.size;
    if (stated > budget.maxBytes) throw new ZipRefused('stated size over budget');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const out = new Map<string, Buffer>();
  let left = budget.maxBytes;
  for (const e of entries) {
    need(zip, e.local, 30);
    if (zip.readUInt32LE(e.local) !== LOCAL_HEADER) throw new ZipRefused('bad local header');
    const start = e.local + 30 + zip.readUInt16LE(e.local + 26) + zip.readUInt16LE(e.local + 28);
    need(zip, start, e.compressed);
    const data = zip.subarray(start, start + e.compressed);
    let bytes: Buffer;
    if (e.method === STORED) bytes = data;
    else if (e.method !== DEFLATED) throw new ZipRefused(`method ${e.method}`);
    else {
      try {
        // The stated size may lie: the cap is what is left of the budget, whatever the entry says.
        bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch {
        throw new ZipRefused('inflate failed or over budget');
      }
    }
    left -= bytes.length;
    if (left < 0) throw new ZipRefused('over budget');
    out.set(e.name, bytes);
  }
  return out;
}

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipRefused('no central directory');
}

function need(zip: Buffer, at: number, length: number): void {
  if (at < 0 || at + length > zip.length) throw new ZipRefused('truncated');
}
