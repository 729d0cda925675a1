import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sellerWithPayoutDetails } from '../support/worlds.js';
import ExcelJS from 'exceljs';
import { BATCH_COLUMNS, BATCH_TOO_LARGE, NOT_TEMPLATE, type ComfortRunView } from '../../domain/comfort-trade.js';
import { XLSX_TYPE } from '../../api/comfort-trade/batch-file.js';
import { createSimulator, type Simulator } from '../../infra/simulator/server.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { startTestApp } from '../support/app.js';
import { sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { eventually } from '../support/wait.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { recordHistory } from '../support/histories.js';
import { connectTemporal } from '../../infra/temporal.js';
import { comfortBatchWorkflowId } from '../../domain/comfort-batch.js';
import { FAST_COMFORT, freshCodes, gameEmail } from '../support/comfort.js';
import { exited, spawnApiProcess, spawnEntry } from '../support/api-process.js';

// 50 runs polling at once: a slower poll keeps the shared machine's load down (durations stay short).
const TIMINGS = { ...FAST_COMFORT, pollMs: 400, watchMs: 5_000 };

const csvOf = (n: number, tag: string) => [BATCH_COLUMNS.join(','), ...Array.from({ length: n }, (_, i) =>
  [i % 2 ? 'xbox' : 'ps', '100000', '24h', gameEmail(`${tag}${i}`), 'Pw-12345', ...freshCodes(), ''].join(','))].join('\n');

/**
 * The upload of a clean file is one durable step: API and worker processes are SIGKILLed while the
 * batch is starting its runs, restarted, and every row still becomes its own run exactly once.
 */
describe('a batch file of 50 accounts', () => {
  const queue = uniqueQueue('comfort-batch');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Simulator;
  let simUrl = '';
  let seller: SignedInSeller;
  const children = new Set<ChildProcess>();

  const baseEnv = () => ({
    ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY,
    // As in production (the image sets WORKFLOW_BUNDLE): a restarted worker polls at once instead of bundling again.
    WORKFLOW_BUNDLE: inject('workflowBundlePath'),
  });
  const spawnChild = (file: string, env: NodeJS.ProcessEnv): ChildProcess => {
    const p = spawnEntry(file, env);
    children.add(p);
    p.once('exit', () => children.delete(p));
    return p;
  };
  const spawnWorker = () => spawnChild('workers/main.ts', { ...baseEnv(), PROVIDER_URL: simUrl, MARKET_SYNC: '0' });
  /** A separate API process on the same database and secrets (the in-process app signs the seller up). */
  const spawnApi = (): Promise<{ proc: ChildProcess; url: string }> => {
    const t = TIMINGS;
    return spawnApiProcess({
      ...baseEnv(), LIVE_TOKEN_SECRET: app.liveSecret, SMTP_URL: inject('smtpUrl'),
      COMFORT_REVIEW_MS: String(t.reviewMs), COMFORT_SELLER_FIX_MS: String(t.sellerFixMs), COMFORT_POLL_MS: String(t.pollMs),
      COMFORT_WATCH_MS: String(t.watchMs), COMFORT_ERROR_RETRIES: String(t.errorRetries), COMFORT_RETRY_INITIAL_MS: String(t.retryInitialMs),
      COMFORT_RETRY_MAX_MS: String(t.retryMaxMs),
    }, spawnChild);
  };
  const kill = async (p: ChildProcess) => { p.kill('SIGKILL'); await exited(p); };
  const runsOf = (q: Record<string, unknown> = {}) => app.db.db!.collection<ComfortRunView & { _id: string }>('comfort_runs').find({ sellerId: seller.sellerId, ...q }).toArray();

  beforeAll(async () => {
    sim = await createSimulator({ size: 5, seed: 4, tickMs: 0, testControl: true, transferTiming: { loginMs: 100, chunkMs: 150, chunkCoins: 50_000 } });
    simUrl = await sim.listen(0);
    app = await startTestApp(undefined, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue, timings: TIMINGS } });
    seller = await sellerWithPayoutDetails(app);
  });
  afterAll(async () => {
    await Promise.all([...children].map(kill));
    await app?.close();
    await sim?.close();
  });

  it('refuses 51 rows and starts nothing', async () => {
    const tooMany = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csvOf(51, 'r') });
    expect(tooMany.status).toBe(400);
    // The page translates the refusal by its code; the words stay the API's English for other clients.
    expect((await tooMany.json()).error).toMatchObject({ code: 'batch_too_large', message: BATCH_TOO_LARGE });
    expect(sim.transfers.orders.size).toBe(0);
    expect(await runsOf()).toHaveLength(0);
  });

  it('answers a file that is not the template once, with the templates\' addresses: a binary file, other columns, an XLSX with another header', async () => {
    const send = (body: Buffer | string, type: string) => seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const otherColumns = ['login,pass,amount', ...Array.from({ length: 5 }, (_, i) => `${gameEmail(`o${i}`)},Pw-12345,100000`)].join('\n');
    const missingOne = [BATCH_COLUMNS.filter((c) => c !== 'authSecret').join(','), `ps,100000,24h,${gameEmail('m')},Pw-12345,${freshCodes().join(',')}`].join('\n');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('accounts');
    ws.addRow(['Konto', 'Passwort', 'Münzen']);
    ws.addRow([gameEmail('x'), 'Pw-12345', '100000']);
    const otherSheet = Buffer.from(await wb.xlsx.writeBuffer());
    for (const [body, type] of [[binary, 'text/csv'], [otherColumns, 'text/csv'], [missingOne, 'text/csv'], [otherSheet, XLSX_TYPE]] as const) {
      const res = await send(body, type);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string; fields: { field: string; data: { templates: unknown } }[] } };
      expect(error).toMatchObject({ code: 'not_template', message: NOT_TEMPLATE });
      // One answer for the file, not one per field of every line.
      expect(error.fields).toHaveLength(1);
      expect(error.fields[0]).toMatchObject({ field: 'file', data: { templates: { csv: '/api/comfort-trade/template.csv', xlsx: '/api/comfort-trade/template.xlsx' } } });
    }
    const named = await send(missingOne, 'text/csv');
    expect(((await named.json()) as { error: { fields: { data: { missing: string[] } }[] } }).error.fields[0]!.data.missing).toEqual(['authSecret']);
    expect(await runsOf()).toHaveLength(0);
  });

  it('starts every row exactly once when the API and the worker are killed while the batch starts its runs; a replay creates nothing', { timeout: 600_000 }, async () => {
    let api = await spawnApi();
    let worker = spawnWorker();
    const csv = csvOf(50, 'b');
    const upload = (url: string) => sellerFetch(url, seller.cookie, seller.csrf)('/api/comfort-trade/batches?requestId=file-1', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    // The first answer may never come: the API process is killed while the rows start.
    const first = upload(api.url).then((r) => r.status, () => 'no answer');

    // Read often: the kill must come while the rows start, not after.
    const atKill = await eventually(() => app.db.db!.collection('comfort_runs').countDocuments({ sellerId: seller.sellerId }),
      (n) => expect(n).toBeGreaterThan(0), { timeoutMs: 180_000, everyMs: 20, what: 'the first run recorded' });
    await Promise.all([kill(api.proc), kill(worker)]);
    // The kill really came in the middle: some rows had started, not all.
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(50);
    console.info(`comfort-batch: killed API and worker with ${atKill} of 50 runs recorded; first upload answered ${await first}`);

    api = await spawnApi();
    worker = spawnWorker();
    // The page retries with the same request id: the same batch, no new one.
    const again = await upload(api.url);
    expect([200, 201]).toContain(again.status);
    const answer = (await again.json()) as { batchId: string; runs: ComfortRunView[] };
    expect(answer.runs).toHaveLength(50);
    const ids = new Set(answer.runs.map((r) => r.runId));
    expect(ids.size).toBe(50);

    // The batch's result says every row's run started; then each run's authoritative end (its workflow's result,
    // then its record at paid), not a count of records seen paid.
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    try {
      expect(await temporal.client.workflow.getHandle(comfortBatchWorkflowId(answer.batchId)).result()).toMatchObject({ state: 'started', total: 50, started: 50 });
    } finally {
      await temporal.connection.close();
    }
    let ended = 0;
    await Promise.all([...ids].map(async (id) => {
      const { record } = await app.settled.comfortRuns.settled(id);
      expect(record.status).toBe('paid');
      if (++ended % 10 === 0) console.info(`comfort-batch: ${ended} of 50 runs paid after the restart`);
    }));
    const runs = await runsOf();
    expect(runs).toHaveLength(50);
    expect(new Set(runs.map((r) => r._id))).toEqual(ids);
    // One provider order per row, each moving its 100K once.
    expect(sim.transfers.orders.size).toBe(50);
    expect([...sim.transfers.orders.values()].every((o) => o.coinsTransferred === 100_000)).toBe(true);
    expect(new Set([...sim.transfers.orders.keys()])).toEqual(ids);
    // Credited once and released once per run.
    const wallets = await Wallets.open(app.db.db!);
    const ledger = await wallets.ledger.find({ sellerId: seller.sellerId }).toArray();
    expect(ledger).toHaveLength(100);
    for (const id of ids) expect(ledger.filter((e) => e.ref === id).map((e) => e.kind).sort()).toEqual(['comfort_credit_frozen', 'comfort_review_released']);
    const income = runs.reduce((s, r) => s + r.creditedCents!, 0);
    expect(runs.every((r) => r.creditedCents === r.estimatedIncomeCents)).toBe(true);
    expect(await wallets.get(seller.sellerId)).toMatchObject({ available: income, frozen: 0 });

    // A replay after everything was paid still answers the same batch and starts nothing.
    const late = await upload(api.url);
    expect(late.status).toBe(200);
    expect(((await late.json()) as { batchId: string }).batchId).toBe(answer.batchId);
    expect(await runsOf()).toHaveLength(50);
    expect(sim.transfers.orders.size).toBe(50);
    await kill(api.proc);
  });

  it('answers a double-clicked upload without a request id with one batch', { timeout: 120_000 }, async () => {
    // One more worker replica (the one left by the crash test, if any, shares the queue).
    spawnWorker();
    const csv = csvOf(2, 'd');
    const send = () => seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    const [a, b] = await Promise.all([send(), send()]);
    const answers = await Promise.all([a, b].map(async (r) => ({ status: r.status, body: (await r.json()) as { batchId: string; runs: ComfortRunView[] } })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.batchId).toBe(answers[1]!.body.batchId);
    expect(answers[0]!.body.runs.map((r) => r.runId)).toEqual(answers[1]!.body.runs.map((r) => r.runId));
    const batchId = answers[0]!.body.batchId;
    // The batch's result says both rows started; their records were written before it returned.
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    try {
      const batch = temporal.client.workflow.getHandle(comfortBatchWorkflowId(batchId));
      expect(await batch.result()).toMatchObject({ state: 'started', total: 2, started: 2 });
      await recordHistory(batch, 'comfort-batch--all-started');
    } finally {
      await temporal.connection.close();
    }
    expect(await runsOf({ _id: { $in: answers[0]!.body.runs.map((r) => r.runId) } })).toHaveLength(2);
  });
});
