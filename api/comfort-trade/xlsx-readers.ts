/**
 * Where uploaded XLSX files are read: worker threads, so that neither the parse's memory nor its
 * time is the API's (issue 27, item 1). Each thread has its own heap limit (an out-of-memory ends
 * the thread, not the API) and is terminated at the deadline, so nothing goes on after the answer.
 * At most READERS_MAX files are read at once per process and READERS_WAITING_MAX wait for a
 * thread; beyond that, or after waiting WAIT_MS, the upload is answered "busy, try again" (503):
 * any number of uploads at once costs at most READERS_MAX thread heaps. A thread is kept for the
 * next file until IDLE_MS without work, so an API that never reads an XLSX starts none and never
 * loads exceljs, and one that does pays the start once.
 */
import { Worker } from 'node:worker_threads';
import { BUILT } from '../../infra/built.js';
import type { ReaderAnswer, ReaderMessage } from './xlsx-reader-thread.js';
import type { SheetShape } from './xlsx-rows.js';

export type { ReaderAnswer };

/**
 * A reader thread's heap. A 50-account file is parsed in about 20 MB beside exceljs's code; a file
 * that needs more than this is not a batch of 50 accounts (for one, exceljs expands every merged
 * range into cells), and ends its thread, not the API.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** Files read at once per process (the machines have 2 cores). */
export const READERS_MAX = 2;
/** Files that may wait for a reader; more at once are answered "busy". */
export const READERS_WAITING_MAX = 16;
/** Reading one file on a ready thread: the checks, then the parse (exceljs's first load not counted). */
export const PARSE_MS = 2_000;
/** Longest wait for a free reader; past it the upload is answered "busy". */
const WAIT_MS = 10_000;
/** A new thread loads its code, or exceljs, within this, or the upload is answered "busy". */
const LOAD_MS = 20_000;
/** A thread with no file for this long ends (its heap goes back). */
const IDLE_MS = 30_000;

/** "busy" when no reader was free in time (answer 503, try again); else the thread's answer. */
export type ReadOutcome = ReaderAnswer | 'busy';

/**
 * The thread's entry. From dist/ (the image) it is the reader's own bundle beside the API's.
 * From the sources a worker thread does not get the API's TypeScript loader (tsx, `--import`), so
 * it registers its own (twice is harmless where it is inherited) before loading
 * xlsx-reader-thread.ts; tsx is resolved only then, since the image has none.
 */
const BOOT = BUILT
  ? `const { workerData } = require('node:worker_threads'); import(workerData.entry);`
  : `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });`;
const THREAD = BUILT
  ? { entry: new URL('./xlsx-reader-thread.js', import.meta.url).href }
  : { tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./xlsx-reader-thread.ts', import.meta.url).href };

/** A thread's start: ready, too slow (the machine is loaded: "busy"), or failed (a bug: the upload gets a 500 and the log the error). */
type Start = 'ready' | 'slow' | Error;
interface Reader { worker: Worker; ready: Promise<Start>; idleTimer?: NodeJS.Timeout }

const idle: Reader[] = [];
const live = new Set<Reader>();
let reading = 0;
const waiting: { body: Buffer; shape: SheetShape; done: (o: ReadOutcome) => void; timer: NodeJS.Timeout }[] = [];

/** Reader threads alive in this process (reading or idle). */
export const readerThreads = () => live.size;

/** Reads one XLSX upload on a reader thread, waiting for one if all are busy. */
export function readXlsxOnThread(body: Buffer, shape: SheetShape): Promise<ReadOutcome> {
  if (reading < READERS_MAX) return read(body, shape);
  if (waiting.length >= READERS_WAITING_MAX) return Promise.resolve('busy');
  return new Promise((done) => {
    const job = { body, shape, done, timer: setTimeout(() => { waiting.splice(waiting.indexOf(job), 1); done('busy'); }, WAIT_MS) };
    waiting.push(job);
  });
}

async function read(body: Buffer, shape: SheetShape): Promise<ReadOutcome> {
  reading++;
  try {
    const reader = idle.pop() ?? startReader(shape);
    clearTimeout(reader.idleTimer);
    const start = await reader.ready;
    if (start instanceof Error) throw start;
    if (start === 'slow') return 'busy';
    const answer = await answerOf(reader, body);
    if (answer === 'busy') return answer;
    if (answer === 'ended') return { refused: 'file_unreadable' };
    reader.idleTimer = setTimeout(() => end(reader), IDLE_MS);
    idle.push(reader);
    return answer;
  } finally {
    reading--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      void read(next.body, next.shape).then(next.done);
    }
  }
}

function startReader(shape: SheetShape): Reader {
  const worker = new Worker(BOOT, { eval: true, workerData: { ...THREAD, shape }, resourceLimits: RESOURCE_LIMITS });
  // An idle or starting reader does not keep the API process alive.
  worker.unref();
  const reader: Reader = { worker, ready: Promise.resolve('slow') };
  live.add(reader);
  let failure: Error | undefined;
  // Always listened to: an unheard worker error would end the API. A thread that ended is never handed a file.
  worker.on('error', (err) => { failure ??= err instanceof Error ? err : new Error(String(err)); end(reader); }).once('exit', () => { live.delete(reader); end(reader); });
  reader.ready = new Promise<Start>((resolve) => {
    const settle = (start: Start) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('exit', onExit);
      if (start !== 'ready') end(reader);
      resolve(start);
    };
    const onMessage = (m: ReaderMessage) => settle(m === 'ready' ? 'ready' : new Error(`reader thread said ${JSON.stringify(m)} first`));
    const onExit = () => settle(failure ?? new Error('reader thread ended while starting'));
    const timer = setTimeout(() => settle('slow'), LOAD_MS);
    worker.on('message', onMessage).on('exit', onExit);
  });
  return reader;
}

/**
 * The thread's answer for `body`; "ended" when the deadline passed or the thread failed (out of
 * memory) and is gone; "busy" when it could not load exceljs in time.
 */
function answerOf(reader: Reader, body: Buffer): Promise<ReaderAnswer | 'ended' | 'busy'> {
  const { worker } = reader;
  return new Promise((resolve) => {
    let deadline: NodeJS.Timeout;
    const settle = (a: ReaderAnswer | 'ended' | 'busy') => {
      clearTimeout(deadline);
      worker.off('message', onMessage).off('exit', onExit);
      if (typeof a === 'string') end(reader);
      resolve(a);
    };
    const onExit = () => settle('ended');
    const limit = (ms: number, outcome: 'ended' | 'busy') => { clearTimeout(deadline); deadline = setTimeout(() => settle(outcome), ms); };
    const onMessage = (m: ReaderMessage) => {
      if (m === 'loading') limit(LOAD_MS, 'busy');
      else if (m === 'parsing') limit(PARSE_MS, 'ended');
      else if (m !== 'ready') settle(m);
    };
    limit(PARSE_MS, 'ended');
    worker.on('message', onMessage).on('exit', onExit);
    // A copy: the request's buffer may be a view of a larger pooled one.
    worker.postMessage(new Uint8Array(body));
  });
}

function end(reader: Reader): void {
  const at = idle.indexOf(reader);
  if (at >= 0) idle.splice(at, 1);
  clearTimeout(reader.idleTimer);
  void reader.worker.terminate();
}
