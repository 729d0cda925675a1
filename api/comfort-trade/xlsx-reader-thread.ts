/**
 * The XLSX reader thread (started by xlsx-readers.ts). It answers
 * "ready" once its own code is loaded, then reads one upload per message: the zip and row checks,
 * then exceljs on the checked parts. exceljs is loaded on the first file that passes the checks
 * ("loading", then "parsing": the API does not count the load against the file's deadline).
 * It keeps no state between files; the API thread terminates it at the deadline, and its heap
 * limit ends it on an out-of-memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { checkedParts, rowsOf, XlsxRefused, type SheetShape } from './xlsx-rows.js';

/** What the thread says: that it is ready, then per file its progress and rows or a refusal. */
export type ReaderMessage = 'ready' | 'loading' | 'parsing' | ReaderAnswer;
export type ReaderAnswer = { rows: Record<string, string>[] } | { refused: XlsxRefused['code'] };

const port = parentPort!;
const { shape } = workerData as { shape: SheetShape };
let excel: Promise<typeof ExcelJS> | undefined;

async function read(body: Buffer): Promise<ReaderAnswer> {
  try {
    const parts = checkedParts(body, shape);
    if (!excel) {
      port.postMessage('loading' satisfies ReaderMessage);
      excel = import('exceljs').then((m) => m.default);
      await excel;
      port.postMessage('parsing' satisfies ReaderMessage);
    }
    return { rows: await rowsOf(await excel, parts, shape) };
  } catch (err) {
    return { refused: err instanceof XlsxRefused ? err.code : 'file_unreadable' };
  }
}

port.on('message', (body: Uint8Array) => {
  void read(Buffer.from(body.buffer, body.byteOffset, body.byteLength)).then((answer) => port.postMessage(answer satisfies ReaderMessage));
});
port.postMessage('ready' satisfies ReaderMessage);
