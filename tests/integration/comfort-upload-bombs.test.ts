/**
 * Batch files that cost more to read than they weigh (issue 17, item 1), sent over HTTP to a real
 * API process: a spreadsheet that declares or holds a row far past the batch maximum, zip bombs
 * (honest and lying sizes), a CSV of a million lines. Each is refused within a second with the
 * file's field error, and `/health` keeps answering while it is read.
 */
import type { ChildProcess } from 'node:child_process';
import { constants, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BATCH_TOO_LARGE, FILE_UNREADABLE } from '../../domain/comfort-trade.js';
import { XLSX_TYPE, xlsxTemplate } from '../../api/comfort-trade/batch-file.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { exited, spawnApiProcess } from '../support/api-process.js';

const SHEET = 'xl/worksheets/sheet1.xml';

/** The XLSX template with its first sheet's XML changed by `edit`. */
async function templateWith(edit: (sheetXml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsxTemplate());
  zip.file(SHEET, edit(await zip.file(SHEET)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** One cell at `row` (a row number far past the header and 50 accounts). */
const farRow = (row: number) => (xml: string) =>
  xml.replace('</sheetData>', `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`);

/** Raw deflate of `mb` MiB of spaces in ~1 KB per MiB: one fully flushed block repeated, then a final empty block. */
function deflatedSpaces(mb: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: mb }, () => block), Buffer.from([0x03, 0x00])]);
}

/** A one-entry zip written by hand, so the central directory may state any sizes (CRC left 0). */
function zipOf(name: string, deflated: Buffer, declaredSize: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18); local.writeUInt32LE(declaredSize, 22); local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20); central.writeUInt32LE(declaredSize, 24); central.writeUInt16LE(n.length, 28);
  const dirOffset = local.length + n.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12); end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, n, deflated, central, n, end]);
}

describe('batch files that cost more to read than they weigh (issue 17, item 1)', () => {
  let app: TestApp & { liveSecret: string };
  let api: { proc: ChildProcess; url: string };
  let seller: SignedInSeller;
  let upload: (body: Buffer | string, type: string) => Promise<Response>;

  beforeAll(async () => {
    app = await startTestApp();
    // A heap like a small container's: the row bomb ended the API with an out-of-memory before the fix.
    api = await spawnApiProcess({
      ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'),
      LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY, LIVE_TOKEN_SECRET: app.liveSecret, SMTP_URL: inject('smtpUrl'),
      NODE_OPTIONS: '--max-old-space-size=384',
    });
    seller = await createSignedInSeller(app);
    const onApi = sellerFetch(api.url, seller.cookie, seller.csrf);
    upload = (body, type) => onApi('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  });
  afterAll(async () => {
    if (api) { api.proc.kill('SIGKILL'); await exited(api.proc); }
    await app?.close();
  });

  /** Uploads while `/health` is asked every 50 ms; the answer, how long it took, and the slowest health answer. */
  async function attack(body: Buffer | string, type: string) {
    const healthMs: number[] = [];
    let failures = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        const t = Date.now();
        const ok = await fetch(`${api.url}/health`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.ok, () => false);
        if (ok) healthMs.push(Date.now() - t); else failures++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t = Date.now();
    const res = await upload(body, type).catch((err: Error) => err);
    const ms = Date.now() - t;
    await new Promise((r) => setTimeout(r, 200));
    done = true;
    await watch;
    const error = res instanceof Response ? (await res.json()).error : { code: `no answer: ${res.message}` };
    return { status: res instanceof Response ? res.status : 0, error, ms, slowestHealthMs: Math.max(0, ...healthMs), failures };
  }

  const expectRefused = (r: Awaited<ReturnType<typeof attack>>, code: string, message: string) => {
    expect(r.error.code).toBe(code);
    expect(r.status).toBe(400);
    expect(r.error.fields).toContainEqual(expect.objectContaining({ field: 'file', message }));
    expect(r.ms, 'refused within a second').toBeLessThan(1_000);
    expect(r.failures, '/health unanswered during the upload').toBe(0);
    expect(r.slowestHealthMs, 'slowest /health answer during the upload').toBeLessThan(1_000);
  };

  it('refuses a sheet holding one cell at row 50,000,000 (a 1 KB row bomb) before reading its rows', { timeout: 120_000 }, async () => {
    const bomb = await templateWith(farRow(50_000_000));
    expect(bomb.length).toBeLessThan(10_000);
    expectRefused(await attack(bomb, XLSX_TYPE), 'batch_too_large', BATCH_TOO_LARGE);
    expect((await fetch(`${api.url}/health`)).ok).toBe(true);
  });

  it('refuses a sheet whose declared dimension or a row past the header and 50 accounts says it is too large', { timeout: 60_000 }, async () => {
    const declared = await templateWith((xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:L1048576"/>'));
    expectRefused(await attack(declared, XLSX_TYPE), 'batch_too_large', BATCH_TOO_LARGE);
    expectRefused(await attack(await templateWith(farRow(52)), XLSX_TYPE), 'batch_too_large', BATCH_TOO_LARGE);
  });

  it('refuses zip bombs, whether the directory states the unzipped size or lies about it', { timeout: 120_000 }, async () => {
    const deflated = deflatedSpaces(400);
    expect(deflated.length).toBeLessThan(1_000_000);
    for (const declared of [400 << 20, 1_000]) {
      expectRefused(await attack(zipOf(SHEET, deflated, declared), XLSX_TYPE), 'file_unreadable', FILE_UNREADABLE);
    }
    expect((await fetch(`${api.url}/health`)).ok).toBe(true);
  });

  it('refuses a CSV of a million lines with an account past line 51, within a second', { timeout: 60_000 }, async () => {
    const csv = `platform,coinAmount\n${'\n'.repeat(999_000)}ps,100000\n`;
    expectRefused(await attack(csv, 'text/csv'), 'batch_too_large', BATCH_TOO_LARGE);
  });
});
