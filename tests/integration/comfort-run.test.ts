import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvenSeller } from '../support/proven.js';
import { testKeyRing } from '../support/secrets.js';
import { inject } from 'vitest';
import ExcelJS from 'exceljs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import {
  ERROR_SUB_STATES, MIN_COINS_MESSAGE, SUB_STATE_TEXT, comfortIncomeCents, guidanceOf, type ComfortRunView,
} from '../../domain/comfort-trade.js';
import { createLogger } from '../../infra/logger.js';
import { runtimeLogger } from '../../workers/runtime-logger.js';
import { lendRuntimeLogger } from '../support/temporal-runtime.js';
import { EMAIL_FORMAT, MARKET_LOCKED, TRY_AGAIN } from '../../domain/messages.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { SECRETS_COLLECTION, SecretVault } from '../../infra/secrets/vault.js';
import { CREDENTIALS_PURPOSE, RESUBMIT_PURPOSE } from '../../infra/comfort/vault-subjects.js';
import { ComfortRuns, LOCKS_COLLECTION, RUNS_COLLECTION } from '../../infra/comfort/runs.js';
import { sweepResubmitUploads } from '../../infra/comfort/upload-sweep.js';
import { sweepSealedSecrets } from '../../infra/comfort/secret-sweeper.js';
import { recordedRunStarter } from '../../infra/comfort/unstarted.js';
import { COMFORT_UPDATES, RESUBMIT_UPLOAD_TTL_MS, SUBMITTED_CREDENTIALS_TTL_MS } from '../../domain/comfort-trade.js';
import { comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { CODES_REUSED, DUPLICATE_ACCOUNT, SECOND_FACTOR_NOT_ASKED, WHOLE_COINS, chooseFrom } from '../../domain/messages.js';
import { BATCH_INSTRUCTIONS, comfortBatchWorkflowId } from '../../domain/comfort-batch.js';
import { BATCH_EXAMPLE, BATCH_COLUMNS, PLATFORMS, TRANSFER_TIMES } from '../../domain/comfort-trade.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller, sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';
import { decodedHistoryText, recordHistory } from '../support/histories.js';
import { holdsSecret } from '../support/secret-scan.js';
import {
  FAST_COMFORT, freshCodes, gameEmail, readRun, runWhere, startComfortWorker, startTransferSimulator, steerTransfer, submission, submit,
} from '../support/comfort.js';

// Every line the API, the worker and the Temporal SDK (workflow and activity logs) write during the file, at the finest level.
const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };
const logger = createLogger('api', 'trace', sink);
const workerLogger = createLogger('worker', 'trace', sink);


describe('comfort run end to end (API, real Temporal, simulator over HTTP)', () => {
  const queue = uniqueQueue('comfort');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let seller: SignedInSeller;
  let wallets: Wallets;
  const secretsSeen: string[] = [];
  let returnRuntimeLogger: (() => void) | undefined;

  beforeAll(async () => {
    // As workers/main.ts does: the SDK's lines go through our logger.
    returnRuntimeLogger = lendRuntimeLogger(runtimeLogger(workerLogger));
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { logger, playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    worker = await startComfortWorker(app.db, queue, sim.url, undefined, workerLogger);
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    wallets = await Wallets.open(app.db.db!);
    seller = await createProvenSeller(app);
    const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await temporal?.connection.close();
    await app?.close();
    await sim?.close();
    returnRuntimeLogger?.();
  });

  const track = (body: ReturnType<typeof submission>) => { secretsSeen.push(body.password as string, ...((body.backupCodes as string[] | undefined) ?? [])); return body; };
  const handle = (runId: string) => temporal.client.workflow.getHandle(comfortRunWorkflowId(runId));
  const support = (runId: string, update: string, reason = 'checked with the seller') =>
    handle(runId).executeUpdate<ComfortRunView, [{ by: string; reason: string }]>(update, { args: [{ by: 'agent-ann', reason }] });

  it('transfers in chunks, credits the coins actually moved once, holds them for the review, then pays', async () => {
    await steerTransfer(sim.url, 'settings', { remainder: 30_000 });
    const body = track(submission({ coinAmount: 230_000 }));
    const run = await submit(seller, body);
    expect(run).toMatchObject({ status: 'transferring', originEmail: body.email, coinAmount: 230_000, unitPriceCents: 250, estimatedIncomeCents: 575 });
    const pending = await runWhere(seller, run.runId, (r) => r.status === 'pending_payment', 'pending payment');
    // 230K with 30K left on the account: 200K moved in 5 planned chunks.
    expect(pending).toMatchObject({ coinsTransferred: 200_000, successCount: 5, totalCount: 5, creditedCents: 500 });
    expect((await wallets.get(seller.sellerId)).frozen).toBeGreaterThanOrEqual(500);
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid');
    expect(paid.paidAt! - paid.creditedAt!).toBeGreaterThanOrEqual(FAST_COMFORT.reviewMs - 50);
    const ledger = await wallets.ledger.find({ ref: run.runId }).toArray();
    expect(ledger.map((e) => [e.kind, e.delta])).toEqual([['comfort_credit_frozen', { frozen: 500 }], ['comfort_review_released', { frozen: -500, available: 500 }]]);
    const csv = await (await seller.fetch(`/api/comfort-trade/runs/${run.runId}/record.csv`)).text();
    expect(csv.split('\r\n')[0]).toBe('time,status,subState,coinsTransferred,success,total,note');
    for (const s of ['transfer_completed', 'pending_payment', 'paid', 'progress']) expect(csv).toContain(s);
    await recordHistory(handle(run.runId), 'comfort-run--paid-with-remainder');
    await steerTransfer(sim.url, 'settings', { remainder: 0 });
  });

  it('shows every error sub-state with its guidance and who must act; support cancel pays what moved', { timeout: 240_000 }, async () => {
    const runs = await Promise.all(ERROR_SUB_STATES.map(async (sub) => {
      const body = track(submission());
      await steerTransfer(sim.url, 'rules', { email: body.email, error: sub, afterChunks: 1 });
      return { sub, run: await submit(seller, body) };
    }));
    for (const { sub, run } of runs) {
      const r = await runWhere(seller, run.runId, (x) => x.subState === sub, sub);
      const bySeller = SUB_STATE_TEXT[sub].fixer === 'seller';
      expect(r).toMatchObject({ status: 'error', waitingFor: bySeller ? 'seller' : 'support', guidance: guidanceOf('error', sub), coinsTransferred: 50_000 });
      expect(r.sellerActions).toEqual(bySeller ? ['resubmit'] : []);
      if (sub === 'market_locked') expect(r.guidance).toBe(`No transfer market access; contact support. ${MARKET_LOCKED}`);
    }
    // Support closes them all: the 50K that moved are paid.
    await Promise.all(runs.map(({ run }) => support(run.runId, 'cancel', 'seller asked to stop')));
    for (const { run } of runs) {
      // Eight runs settle, credit and end their review at once: give them the time of eight, not one.
      const r = await runWhere(seller, run.runId, (x) => x.status === 'paid', 'paid after cancel', 90_000);
      expect(r.creditedCents).toBe(125);
      expect(r.decisions.find((d) => d.event === 'cancel')).toMatchObject({ actor: 'support', by: 'agent-ann', reason: 'seller asked to stop' });
    }
  });

  it('completes after the seller resubmits new backup codes (Wrong Backup Codes); used codes are refused', async () => {
    const body = track(submission());
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'wrong codes');
    const reused = await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: body.backupCodes }) });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error.fields[0]).toEqual({ field: 'backupCodes.0', message: CODES_REUSED, code: 'CODES_REUSED' });
    const codes = freshCodes();
    secretsSeen.push(...codes);
    const res = await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: codes }) });
    expect(res.status).toBe(200);
    // The run took the new details by vault reference; the seller's answers never show one.
    const taken = ((await res.json()) as { run: ComfortRunView }).run;
    expect(taken.decisions.find((d) => d.event === 'resubmit')).toMatchObject({ by: seller.sellerId });
    expect(JSON.stringify(taken)).not.toContain('secret:');
    // The provider gets the new codes with the password kept from the first submission.
    const sent = await eventually(async () => {
      const c = (await (await fetch(`${sim.url}/test/transfer/orders/${run.runId}/credentials`)).json()).credentials;
      return c.backupCodes[0] === codes[0] ? c : null;
    }, 15_000, 'resubmitted credentials');
    expect(sent).toEqual({ email: body.email, password: body.password, backupCodes: codes, authSecret: null });
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after resubmit');
    expect(paid.coinsTransferred).toBe(200_000);
    expect(paid.decisions.map((d) => d.event)).toContain('resubmit');
    expect(JSON.stringify(paid)).not.toContain('secret:');
    expect(JSON.stringify(await app.db.db!.collection('live_events').find({ subject: run.runId }).toArray())).not.toContain('secret:');
    // A second resubmit now is refused in the table's words.
    const late = await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: freshCodes() }) });
    expect(late.status).toBe(409);
    await recordHistory(handle(run.runId), 'comfort-run--wrong-codes-resubmitted');
  });

  it('new backup codes after Wrong Gauth switch the run to backup codes: the provider gets them alone, the record says so', async () => {
    const body = track(submission({ authSecret: 'ABCDEFGHIJKLMNOP', backupCodes: undefined }));
    secretsSeen.push('ABCDEFGHIJKLMNOP');
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_gauth', afterChunks: 0 });
    const run = await submit(seller, body);
    const stopped = await runWhere(seller, run.runId, (r) => r.subState === 'wrong_gauth', 'wrong gauth');
    expect(stopped.loginMethod).toBe('auth_secret');
    const codes = freshCodes();
    secretsSeen.push(...codes);
    const res = await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ loginMethod: 'backup_codes', backupCodes: codes }) });
    expect(res.status).toBe(200);
    // On the code before, the record kept saying "auth_secret" for a run now logging in with codes.
    expect(((await res.json()) as { run: ComfortRunView }).run.loginMethod).toBe('backup_codes');
    const sent = await eventually(async () => {
      const c = (await (await fetch(`${sim.url}/test/transfer/orders/${run.runId}/credentials`)).json()).credentials;
      return c.backupCodes?.[0] === codes[0] ? c : null;
    }, 15_000, 'resubmitted credentials');
    expect(sent).toEqual({ email: body.email, password: body.password, backupCodes: codes, authSecret: null });
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after the switch');
    expect(paid.loginMethod).toBe('backup_codes');
  });

  it('a Temporal outage during a resubmit answers "try again" (503), not "not needed"; nothing is taken, the same details work after', async () => {
    const down = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, { temporalDown: true, comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    try {
      const body = track(submission());
      await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
      const run = await submit(seller, body);
      await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'wrong codes');
      const codes = freshCodes();
      secretsSeen.push(...codes);
      const viaDown = sellerFetch(down.url, seller.cookie, seller.csrf);
      const r = await viaDown(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ password: 'Outage-Pass-1', backupCodes: codes }) });
      expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: TRY_AGAIN } } });
      // Nothing was decided or kept: the run still waits for the seller, and the same details go through a working replica.
      expect(await readRun(seller, run.runId)).toMatchObject({ subState: 'wrong_backup_codes', waitingFor: 'seller' });
      const ok = await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ password: 'Outage-Pass-1', backupCodes: codes }) });
      expect(ok.status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('completes after support retries (Customer Online); support must say who and why', async () => {
    const body = track(submission({ authSecret: 'ABCDEFGHIJKLMNOP', backupCodes: undefined }));
    secretsSeen.push('ABCDEFGHIJKLMNOP');
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'customer_online', afterChunks: 2 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'customer_online', 'customer online');
    await expect(handle(run.runId).executeUpdate('retry', { args: [{ by: '', reason: '' }] })).rejects.toThrow();
    await support(run.runId, 'retry', 'seller logged out everywhere');
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after retry');
    expect(paid.coinsTransferred).toBe(200_000);
    await recordHistory(handle(run.runId), 'comfort-run--customer-online-support-retry');
  });

  it('retries plain errors with backoff, then waits for support when they keep failing', { timeout: 180_000 }, async () => {
    const once = track(submission());
    await steerTransfer(sim.url, 'rules', { email: once.email, error: 'provider_error', afterChunks: 1, times: 1 });
    const a = await submit(seller, once);
    const always = track(submission());
    await steerTransfer(sim.url, 'rules', { email: always.email, error: 'provider_error', afterChunks: 1, times: 50 });
    const b = await submit(seller, always);
    const paid = await runWhere(seller, a.runId, (r) => r.status === 'paid', 'paid after one retry');
    expect(paid.decisions.map((d) => [d.event, d.actor])).toEqual([['retryDue', 'system']]);
    const stalled = await runWhere(seller, b.runId, (r) => r.subState === 'retries_exhausted', 'stalled');
    expect(stalled).toMatchObject({ status: 'error', waitingFor: 'support', attempts: FAST_COMFORT.errorRetries + 1 });
    await support(b.runId, 'cancel', 'provider keeps failing');
    await runWhere(seller, b.runId, (r) => r.status === 'paid', 'cancelled stalled run paid for the 50K');
    await recordHistory(handle(b.runId), 'comfort-run--retries-exhausted-cancel-paid');
  });

  it("the simulator's hand page (GET /transfer) steers a real run: push, raise a sub-state, remainder, complete; cancel; bad forms change nothing", async () => {
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
    // A person turns automatic progress off on the page, then plays the game's side by hand.
    expect((await form('/transfer/auto', { auto: 'off' })).status).toBe(303);
    try {
      const body = track(submission({ coinAmount: 300_000 }));
      const run = await submit(seller, body);
      const page = await eventually(async () => { const h = await (await fetch(`${sim.url}/transfer`)).text(); return h.includes(body.email.toLowerCase()) ? h : null; }, 15_000, 'the order on the page');
      expect(page).toContain('Automatic progress is off');
      for (const control of ['value="push"', 'value="complete"', 'value="cancel"', 'value="raise"', 'value="remainder"', 'name="coins"']) expect(page).toContain(control);
      const at = `/transfer/${encodeURIComponent(run.runId)}`;

      const pushed = await form(at, { action: 'push' });
      expect([pushed.status, pushed.headers.get('location')]).toEqual([303, '/transfer']);
      await runWhere(seller, run.runId, (r) => r.coinsTransferred === 50_000 && r.successCount === 1, '50K moved by hand');
      expect((await form(at, { action: 'raise', error: 'tradepile_full' })).status).toBe(303);
      const waiting = await runWhere(seller, run.runId, (r) => r.subState === 'tradepile_full', 'Tradepile Full raised by hand');
      expect(waiting).toMatchObject({ status: 'error', waitingFor: 'support', guidance: guidanceOf('error', 'tradepile_full') });

      // Bad forms: a clear answer, and the order does not move.
      const before = (await (await fetch(`${sim.url}/test/transfer/orders`)).json()).orders.find((o: { orderId: string }) => o.orderId === run.runId);
      const bad = [
        [await form(at, { action: 'raise', error: 'nope' }), 400, 'Unknown sub-state'],
        [await form(at, { action: 'remainder', coins: '-5' }), 400, 'whole number'],
        [await form(at, { action: 'fly' }), 400, 'Unknown action'],
        [await form('/transfer/no-such-order', { action: 'push' }), 404, 'No order'],
        [await form('/transfer/auto', { auto: 'maybe' }), 400, 'auto must be'],
      ] as const;
      for (const [res, status, words] of bad) {
        expect(res.status).toBe(status);
        expect(await res.text()).toContain(words);
      }
      const after = (await (await fetch(`${sim.url}/test/transfer/orders`)).json()).orders.find((o: { orderId: string }) => o.orderId === run.runId);
      expect(after).toEqual(before);

      // Support retries; the person leaves 100K on the account and completes: 200K transferred, paid for them.
      await support(run.runId, 'retry', 'seller cleared the tradepile');
      await runWhere(seller, run.runId, (r) => r.status === 'transferring' && r.subState === 'none', 'transferring again');
      // The run records the retry before it asks the provider to resume: completing earlier would hit an order still in error.
      await eventually(async () => (await (await fetch(`${sim.url}/test/transfer/orders`)).json()).orders.find((o: { orderId: string }) => o.orderId === run.runId)?.state === 'transferring', 15_000, 'the provider resumed');
      expect((await form(at, { action: 'remainder', coins: '100000' })).status).toBe(303);
      expect(await (await fetch(`${sim.url}/transfer`)).text()).toContain('(remainder 100,000)');
      expect((await form(at, { action: 'complete' })).status).toBe(303);
      const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after completing by hand');
      expect(paid).toMatchObject({ coinsTransferred: 200_000, creditedCents: 500 });

      // Cancel on the page: the provider dropped the order; the run sees a plain error (Error, retried).
      const other = track(submission());
      const run2 = await submit(seller, other);
      await eventually(async () => (await (await fetch(`${sim.url}/transfer`)).text()).includes(other.email.toLowerCase()), 15_000, 'the second order');
      expect((await form(`/transfer/${encodeURIComponent(run2.runId)}`, { action: 'cancel' })).status).toBe(303);
      await runWhere(seller, run2.runId, (r) => r.status === 'error' && r.attempts >= 1, 'Error after the provider cancelled');
      await support(run2.runId, 'cancel', 'provider dropped the order');
    } finally {
      expect((await form('/transfer/auto', { auto: 'on' })).status).toBe(303);
    }
  });

  it('closes a run whose seller never sends new login details, and frees the game account', async () => {
    const t = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, { logger, comfortTrade: { taskQueue: queue, timings: { ...FAST_COMFORT, sellerFixMs: 800 } } });
    try {
      const body = track(submission());
      await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_password', afterChunks: 0 });
      const s2 = { ...seller, fetch: (p: string, i?: RequestInit) => seller.fetch(p, i) };
      const res = await fetch(`${t.url}/api/comfort-trade/runs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: seller.cookie, 'x-csrf-token': seller.csrf }, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      const run = ((await res.json()) as { run: ComfortRunView }).run;
      const closed = await runWhere(s2, run.runId, (r) => r.state === 'closed', 'expired');
      expect(closed).toMatchObject({ status: 'cancelled', subState: 'expired', creditedCents: null });
      await recordHistory(handle(run.runId), 'comfort-run--seller-fix-expired');
      // The account can be sold again.
      await submit(seller, { ...body, backupCodes: freshCodes() });
    } finally {
      await t.close();
    }
  });

  /** A run stopped on Wrong Password before any coins moved (the provider's automatic progress must be off). */
  const waitingForNewPassword = async () => {
    const body = track(submission());
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_password', afterChunks: 0 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_password', 'wrong password');
    return run;
  };
  const resubmitTo = (runId: string, body: Record<string, unknown>) =>
    seller.fetch(`/api/comfort-trade/runs/${runId}/resubmit`, { method: 'POST', body: JSON.stringify(body) });
  const sentCredentials = async (runId: string) =>
    (await (await fetch(`${sim.url}/test/transfer/orders/${runId}/credentials`)).json()).credentials as { email: string; password: string; backupCodes: string[] | null };
  const sentCodes = async (runId: string) => (await sentCredentials(runId)).backupCodes!;

  it('refuses backup codes the provider received before on the same game account: the first set after two wrong rounds, and in a new run', async () => {
    const db = app.db.db!;
    const body = track(submission());
    const first = body.backupCodes as string[];
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0, times: 2 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'first wrong codes');
    const second = freshCodes();
    secretsSeen.push(...second);
    expect((await resubmitTo(run.runId, { backupCodes: second })).status).toBe(200);
    await eventually(async () => (await sentCodes(run.runId))[0] === second[0], 15_000, 'second codes sent');
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'second wrong codes');
    // The first set again: the run's current secret holds the second set, yet the first was used too.
    const again = await resubmitTo(run.runId, { backupCodes: first });
    expect(again.status).toBe(400);
    expect((await again.json()).error.fields).toEqual(first.map((_, i) => ({ field: `backupCodes.${i}`, message: CODES_REUSED, code: 'CODES_REUSED' })));
    // One used code among new ones is named by its field.
    const mixed = [...freshCodes().slice(0, 5), second[4]!];
    const one = await resubmitTo(run.runId, { backupCodes: mixed });
    expect((await one.json()).error.fields).toEqual([{ field: 'backupCodes.5', message: CODES_REUSED, code: 'CODES_REUSED' }]);
    const third = freshCodes();
    secretsSeen.push(...third);
    expect((await resubmitTo(run.runId, { backupCodes: third })).status).toBe(200);
    await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid with the third codes');
    // A new run on the same game account: codes of either earlier round are refused and nothing is stored.
    const runsBefore = await db.collection('comfort_runs').countDocuments();
    const secretsBefore = await db.collection(SECRETS_COLLECTION).countDocuments();
    for (const codes of [first, third]) {
      const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify({ ...body, backupCodes: codes }) });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual(codes.map((_, i) => ({ field: `backupCodes.${i}`, message: CODES_REUSED, code: 'CODES_REUSED' })));
    }
    // The same account on another platform is another game account.
    const elsewhere = await submit(seller, { ...body, platform: 'xbox', backupCodes: first });
    expect(await db.collection('comfort_runs').countDocuments()).toBe(runsBefore + 1);
    expect(await db.collection(SECRETS_COLLECTION).countDocuments()).toBe(secretsBefore + 1);
    await runWhere(seller, elsewhere.runId, (r) => r.status === 'paid', 'other platform paid');
    // Only keyed digests are kept: no code in clear.
    const digests = JSON.stringify(await db.collection('comfort_used_codes').find().toArray());
    for (const c of [...first, ...second, ...third]) expect(digests).not.toContain(c);
  });

  it('destroys every sealed resubmit the run does not take: a double click and a resubmit while Transferring answer 409', async () => {
    const db = app.db.db!;
    // This run's uploads only: an earlier test's taken upload may still be on its way to being merged.
    const oneOff = (runId: string) => db.collection(SECRETS_COLLECTION).countDocuments({ sellerId: seller.sellerId, purpose: RESUBMIT_PURPOSE, subject: runId });
    await steerTransfer(sim.url, 'settings', { auto: false });
    try {
      const run = await waitingForNewPassword();
      // Wrong Account/Password asks the login again (the second factor is kept): two clicks with two passwords.
      const [a, b] = ['New-Pass-22', 'New-Pass-23'];
      secretsSeen.push(a, b);
      const answers = await Promise.all([a, b].map((password) => resubmitTo(run.runId, { password })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect((await refused.json()).error.code).toBe('resubmit_not_needed');
      const taken = answers[0]!.status === 200 ? a : b;
      await eventually(async () => (await sentCredentials(run.runId)).password === taken, 15_000, 'the taken password sent');
      expect((await readRun(seller, run.runId)).status).toBe('transferring');
      // Transferring again: new details now are not needed, and the seller is told so.
      const late = await resubmitTo(run.runId, { backupCodes: freshCodes() });
      expect(late.status).toBe(409);
      expect((await late.json()).error.code).toBe('resubmit_not_needed');
      // Every sealed copy was used by the run or destroyed.
      await eventually(async () => (await oneOff(run.runId)) === 0, 15_000, 'one-off copies gone');
      await steerTransfer(sim.url, `orders/${run.runId}`, { action: 'complete' });
      await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid');
      expect(await oneOff(run.runId)).toBe(0);
    } finally {
      await steerTransfer(sim.url, 'settings', { auto: true });
    }
  });

  it('destroys an hour-old resubmit upload no run took (a request that died after sealing), and the run refuses one sealed half an hour ago', async () => {
    const db = app.db.db!;
    const vault = await SecretVault.open(db, testKeyRing());
    await steerTransfer(sim.url, 'settings', { auto: false });
    try {
      const run = await waitingForNewPassword();
      const upload = () => {
        const codes = freshCodes();
        secretsSeen.push(...codes);
        return { password: null, backupCodes: codes };
      };
      // What an API request that died between sealing and asking the run leaves behind: for this run, and for a run that never started.
      const forRun = await vault.put({ sellerId: seller.sellerId, purpose: RESUBMIT_PURPOSE }, upload(), { subject: run.runId });
      const forNone = await vault.put({ sellerId: seller.sellerId, purpose: RESUBMIT_PURPOSE }, upload(), { subject: 'never-started' });
      const stored = async (ref: string) => (await db.collection(SECRETS_COLLECTION).countDocuments({ _id: ref.slice('secret:'.length) as never })) === 1;

      // Delivered late (an update held in Temporal past half the upload's life), it is refused and the run still waits.
      const late = handle(run.runId).executeUpdate(COMFORT_UPDATES.resubmit, { args: [{ by: seller.sellerId, newRef: forRun, sealedAt: Date.now() - RESUBMIT_UPLOAD_TTL_MS / 2 - 60_000 }] });
      await expect(late).rejects.toThrow();
      expect(await readRun(seller, run.runId)).toMatchObject({ subState: 'wrong_password', sellerActions: ['resubmit'] });

      // Younger than an hour: kept (its request may still be asking the run).
      await sweepResubmitUploads({ vault, temporal: temporal.client });
      expect([await stored(forRun), await stored(forNone)]).toEqual([true, true]);
      // An hour later: both go; the run's own login details stay.
      const swept = await sweepResubmitUploads({ vault, temporal: temporal.client }, Date.now() + RESUBMIT_UPLOAD_TTL_MS + 1_000);
      expect(swept.destroyed).toBeGreaterThanOrEqual(2);
      expect([await stored(forRun), await stored(forNone)]).toEqual([false, false]);
      const own = (await db.collection(RUNS_COLLECTION).findOne({ _id: run.runId as never }))!.credentialsRef as string;
      expect(await stored(own)).toBe(true);

      // The seller's own resubmit still works.
      secretsSeen.push('Sweep-Pass-31');
      expect((await resubmitTo(run.runId, { password: 'Sweep-Pass-31' })).status).toBe(200);
      await eventually(async () => (await sentCredentials(run.runId)).password === 'Sweep-Pass-31', 15_000, 'the new password sent');
      await steerTransfer(sim.url, `orders/${run.runId}`, { action: 'complete' });
      await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid');
    } finally {
      await steerTransfer(sim.url, 'settings', { auto: true });
    }
  });

  it('after Wrong Account/Password the seller corrects the email without new backup codes: the run is paid under the new email, the old account freed; a busy account is refused on the email field', async () => {
    const db = app.db.db!;
    const locksOf = async (runId: string) => (await db.collection(LOCKS_COLLECTION).find({ runId }).toArray()).map((l) => String(l._id)).sort();
    const oneOff = (runId: string) => db.collection(SECRETS_COLLECTION).countDocuments({ sellerId: seller.sellerId, purpose: RESUBMIT_PURPOSE, subject: runId });
    await steerTransfer(sim.url, 'settings', { auto: false });
    let busy: ComfortRunView | null = null;
    let reopened: ComfortRunView | null = null;
    try {
      // The seller typed a wrong address: the game refuses every login to it.
      const typo = gameEmail('typo');
      const right = gameEmail('right');
      const body = track(submission({ email: typo }));
      await steerTransfer(sim.url, 'rules', { email: typo, error: 'wrong_password', afterChunks: 0, times: 100 });
      const run = await submit(seller, body);
      await runWhere(seller, run.runId, (r) => r.subState === 'wrong_password', 'wrong account/password');
      const locksBefore = await locksOf(run.runId);
      const unchanged = async () => {
        expect(await readRun(seller, run.runId)).toMatchObject({ originEmail: typo, subState: 'wrong_password', sellerActions: ['resubmit'] });
        expect(await locksOf(run.runId)).toEqual(locksBefore);
        expect(await oneOff(run.runId)).toBe(0);
      };

      // Another open run of the seller holds a third account: moving onto it is refused on the email field, as a new submission is.
      const held = track(submission());
      await steerTransfer(sim.url, 'rules', { email: held.email, error: 'customer_online', afterChunks: 0 });
      busy = await submit(seller, held);
      secretsSeen.push('Right-Pass-41');
      const onBusy = await resubmitTo(run.runId, { email: held.email, password: 'Right-Pass-41' });
      expect(onBusy.status).toBe(400);
      expect((await onBusy.json()).error).toMatchObject({ code: 'account_busy', fields: [expect.objectContaining({ field: 'email', message: DUPLICATE_ACCOUNT })] });
      await unchanged();
      // The second factor is not what this error is about: refused on its field in clear words.
      const withCodes = await resubmitTo(run.runId, { email: right, password: 'Right-Pass-41', backupCodes: freshCodes() });
      expect(withCodes.status).toBe(400);
      expect((await withCodes.json()).error.fields).toEqual([{ field: 'backupCodes', message: SECOND_FACTOR_NOT_ASKED, code: 'SECOND_FACTOR_NOT_ASKED' }]);
      await unchanged();

      // The corrected address and password, no backup codes: the run takes them and logs in with the codes it kept.
      const fixed = await resubmitTo(run.runId, { email: right.toUpperCase(), password: 'Right-Pass-41' });
      expect(fixed.status).toBe(200);
      await eventually(async () => (await sentCredentials(run.runId)).email === right, 15_000, 'the corrected login sent');
      expect(await sentCredentials(run.runId)).toMatchObject({ email: right, password: 'Right-Pass-41', backupCodes: body.backupCodes });
      // The old account is free as soon as the run took the resubmit: its claims are gone, and it can be submitted again.
      const locksNow = await locksOf(run.runId);
      expect(locksNow).toHaveLength(2);
      expect(locksNow.some((k) => k.includes(typo))).toBe(false);
      expect(locksNow).toContain(`seller:${seller.sellerId}:${body.platform}:${right}`);
      expect(await readRun(seller, run.runId)).toMatchObject({ originEmail: right, status: 'transferring' });
      reopened = await submit(seller, { ...body, backupCodes: freshCodes() });

      await steerTransfer(sim.url, `orders/${run.runId}`, { action: 'complete' });
      const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid under the corrected email');
      expect(paid.originEmail).toBe(right);
      const listed = (await (await seller.fetch('/api/comfort-trade/runs?status=paid&page=1&size=50')).json()).items as ComfortRunView[];
      expect(listed.find((r) => r.runId === run.runId)?.originEmail).toBe(right);
      expect(await oneOff(run.runId)).toBe(0);
      await recordHistory(handle(run.runId), 'comfort-run--wrong-account-email-corrected');
    } finally {
      for (const r of [busy, reopened]) if (r) await support(r.runId, 'cancel', 'test over').catch(() => undefined);
      await steerTransfer(sim.url, 'settings', { auto: true });
    }
  });

  it('destroys an hour-old submission\'s login details no run owns (a request that died after sealing), keeping those of a running run and of a running batch row', async () => {
    const db = app.db.db!;
    const vault = await SecretVault.open(db, testKeyRing());
    const deps = { vault, temporal: temporal.client, runs: await ComfortRuns.open(db), startRecorded: recordedRunStarter({ client: temporal.client, taskQueue: queue }, FAST_COMFORT, vault) };
    const stored = async (ref: string) => (await db.collection(SECRETS_COLLECTION).countDocuments({ _id: ref.slice('secret:'.length) as never })) === 1;
    const ownRef = async (runId: string) => (await db.collection(RUNS_COLLECTION).findOne({ _id: runId as never }))!.credentialsRef as string;
    await steerTransfer(sim.url, 'settings', { auto: false });
    try {
      // Two live runs, held transferring: one submitted alone, one a batch row (the batch itself is over once its row started).
      const single = await submit(seller, track(submission()));
      const codes = freshCodes();
      secretsSeen.push('Pw-12345', ...codes);
      const csv = ['platform,coinAmount,transferTime,email,password,code1,code2,code3,code4,code5,code6,authSecret', `ps,150000,12h,${gameEmail('row')},Pw-12345,${codes.join(',')},`].join('\n');
      const up = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
      expect(up.status).toBe(201);
      const batch = (await up.json()) as { batchId: string; runs: ComfortRunView[] };
      const row = batch.runs[0]!;
      // The batch returns once its row's run started (its result, not a run seen running, says it is over); while
      // the runs still run, the sweep keeps asking about the row's details.
      expect(await temporal.client.workflow.getHandle(comfortBatchWorkflowId(batch.batchId)).result()).toMatchObject({ state: 'started', started: 1 });
      for (const id of [single.runId, row.runId]) expect((await handle(id).describe()).status.name).toBe('RUNNING');
      const own = [await ownRef(single.runId), await ownRef(row.runId)];

      // What a submission whose request died after sealing leaves behind, sealed as service.ts seals: for a run never recorded,
      // a second copy for a run another request of the same id recorded first, and a row of a batch never started.
      const seal = (subject: string) => {
        const body = track(submission());
        return vault.put({ sellerId: seller.sellerId, purpose: CREDENTIALS_PURPOSE }, { email: body.email, password: body.password, backupCodes: body.backupCodes, authSecret: null }, { subject });
      };
      const orphans = [await seal('never-recorded'), await seal(single.runId), await seal('batch:never-started')];

      // Younger than an hour: kept (their requests may still be recording their runs).
      await sweepSealedSecrets(deps);
      expect(await Promise.all(orphans.map(stored))).toEqual([true, true, true]);
      // An hour later: the orphans go; the running runs' login details stay.
      const swept = await sweepSealedSecrets(deps, Date.now() + SUBMITTED_CREDENTIALS_TTL_MS + 1_000);
      expect(await Promise.all(orphans.map(stored))).toEqual([false, false, false]);
      expect(swept.destroyed).toBeGreaterThanOrEqual(3);
      expect(await Promise.all(own.map(stored))).toEqual([true, true]);
      // Seen held by their runs, they are no longer the sweep's to ask about.
      const subjects = await db.collection(SECRETS_COLLECTION).find({ _id: { $in: own.map((r) => r.slice('secret:'.length)) as never[] } }).toArray();
      expect(subjects.map((d) => d.subject ?? null)).toEqual([null, null]);

      // Both runs still hand their details over and end, destroying them.
      for (const id of [single.runId, row.runId]) {
        await steerTransfer(sim.url, `orders/${id}`, { action: 'complete' });
        expect((await app.settled.comfortRuns.settled(id)).record.status).toBe('paid');
      }
      expect(await Promise.all(own.map(stored))).toEqual([false, false]);
    } finally {
      await steerTransfer(sim.url, 'settings', { auto: true });
    }
  });

  it('credits the coins the provider moved up to a support cancel while Transferring; a cancel with nothing moved closes', async () => {
    // Slow looks at the provider: coins move between two looks, and the cancel's answer is the only news of them.
    const t = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, { logger, comfortTrade: { taskQueue: queue, timings: { ...FAST_COMFORT, pollMs: 60_000, watchMs: 120_000 } } });
    await steerTransfer(sim.url, 'settings', { auto: false });
    const gets = async () => (await (await fetch(`${sim.url}/test/transfer/stats`)).json()).calls.get as number;
    // No other run is moving now: the provider's reads are this run's (the submit's check for an existing order, then the watch's first look).
    const start = async (body: Record<string, unknown>) => {
      const before = await gets();
      const res = await fetch(`${t.url}/api/comfort-trade/runs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: seller.cookie, 'x-csrf-token': seller.csrf }, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      const run = ((await res.json()) as { run: ComfortRunView }).run;
      await runWhere(seller, run.runId, (r) => r.totalCount > 0, 'order handed over');
      // The run's watch has looked once and now waits a minute.
      await eventually(async () => (await gets()) >= before + 2, 15_000, 'first look');
      return run;
    };
    try {
      const run = await start(track(submission({ coinAmount: 300_000 })));
      for (let i = 0; i < 2; i++) await steerTransfer(sim.url, `orders/${run.runId}`, { action: 'push' });
      const order = (await (await fetch(`${sim.url}/test/transfer/orders`)).json()).orders.find((o: { orderId: string }) => o.orderId === run.runId);
      expect(order.coinsTransferred).toBe(100_000);
      expect((await readRun(seller, run.runId)).coinsTransferred).toBe(0);
      await support(run.runId, 'cancel', 'seller asked to stop');
      const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after cancel');
      expect(paid).toMatchObject({ coinsTransferred: 100_000, successCount: 2, creditedCents: comfortIncomeCents(order.coinsTransferred, run.unitPriceCents) });
      const ledger = await wallets.ledger.find({ ref: run.runId }).sort({ seq: 1 }).toArray();
      expect(ledger.map((e) => [e.kind, e.delta])).toEqual([['comfort_credit_frozen', { frozen: paid.creditedCents }], ['comfort_review_released', { frozen: -paid.creditedCents!, available: paid.creditedCents }]]);
      await recordHistory(handle(run.runId), 'comfort-run--support-cancel-moved-settled-paid');

      const idle = await start(track(submission()));
      await support(idle.runId, 'cancel', 'seller asked to stop');
      const closed = await runWhere(seller, idle.runId, (r) => r.state === 'closed', 'closed after cancel');
      expect(closed).toMatchObject({ status: 'cancelled', subState: 'cancelled', coinsTransferred: 0, creditedCents: null });
      expect(await wallets.ledger.countDocuments({ ref: idle.runId })).toBe(0);
      await recordHistory(handle(idle.runId), 'comfort-run--support-cancel-nothing-moved');
    } finally {
      await steerTransfer(sim.url, 'settings', { auto: true });
      await t.close();
    }
  });

  it('closes a completed transfer that moved no coins, without money', async () => {
    await steerTransfer(sim.url, 'settings', { remainder: 200_000 });
    try {
      const run = await submit(seller, track(submission({ coinAmount: 200_000 })));
      const closed = await runWhere(seller, run.runId, (r) => r.state === 'closed', 'closed with nothing moved');
      expect(closed).toMatchObject({ status: 'cancelled', coinsTransferred: 0, creditedCents: null });
      expect(await wallets.ledger.countDocuments({ ref: run.runId })).toBe(0);
      await recordHistory(handle(run.runId), 'comfort-run--completed-nothing-transferred');
    } finally {
      await steerTransfer(sim.url, 'settings', { remainder: 0 });
    }
  });

  it('waits in Payment Error for the seller; support marking it resolved without usable settings brings it back there', async () => {
    const other = await createProvenSeller(app);
    const run = await submit(other, track(submission()));
    const r = await runWhere(other, run.runId, (x) => x.status === 'payment_error', 'payment error');
    expect(r).toMatchObject({ waitingFor: 'seller', creditedCents: null });
    expect(r.guidance).toMatch(/^Problem with payment address; contact support\. Or save a valid payment method and address in Settings/);
    expect((await wallets.get(other.sellerId)).total).toBe(0);
    // Contact details alone are not payout details: nothing resumes.
    const contact = await other.fetch('/api/member/settings/contact', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1' }) });
    expect(contact.status).toBe(200);
    await support(run.runId, 'markResolved', 'asked the seller to add PayPal');
    const back = await runWhere(other, run.runId, (x) => x.status === 'payment_error' && x.decisions.some((d) => d.event === 'markResolved'), 'payment error again');
    expect(back.creditedCents).toBeNull();
    await other.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: other.password }) });
    await runWhere(other, run.runId, (x) => x.status === 'paid', 'paid after payment fix');
    expect(await wallets.get(other.sellerId)).toMatchObject({ available: 500, frozen: 0 });
  });

  it('resumes every run in Payment Error when the seller saves valid payout details, on any replica, and the record says the payment is retried', async () => {
    const other = await createProvenSeller(app);
    const runs = [await submit(other, track(submission())), await submit(other, track(submission()))];
    for (const run of runs) await runWhere(other, run.runId, (x) => x.status === 'payment_error', 'payment error');
    // Another API replica on the same database answers the save: the runs are found in the records, not in memory.
    const replica = await startTestApp({ dbName: app.dbName, liveSecret: app.liveSecret }, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    try {
      const save = await sellerFetch(replica.url, other.cookie, other.csrf)('/api/member/settings/payout', {
        method: 'PUT', body: JSON.stringify({ paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller', currentPassword: other.password }),
      });
      expect(save.status).toBe(200);
      expect(await save.json()).toMatchObject({ paymentRetried: 2, settings: { paymentMethod: 'paypal', paymentAddress: 'pay@example.com' } });
    } finally {
      await replica.close();
    }
    for (const run of runs) {
      const paid = await runWhere(other, run.runId, (x) => x.status === 'paid', 'paid after the seller saved payout details');
      expect(paid.decisions.find((d) => d.event === 'payoutDetailsSaved')).toMatchObject({ actor: 'seller', by: other.sellerId });
      // On the way the run's record said the payment is being retried.
      const said = await app.db.db!.collection('comfort_run_events').findOne({ runId: run.runId, subState: 'payment_retry' });
      expect(said).toMatchObject({ status: 'transfer_completed' });
      expect(paid.subState).toBe('none');
    }
    expect(await wallets.get(other.sellerId)).toMatchObject({ available: 1000, frozen: 0 });
    await recordHistory(handle(runs[0]!.runId), 'comfort-run--payment-error-payout-saved');
  });

  it('refuses a bad submission field by field and stores nothing', async () => {
    const before = await app.db.db!.collection(SECRETS_COLLECTION).countDocuments();
    const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(submission({ email: 'nope', coinAmount: 99_999, backupCodes: ['1', '22222222', '', '44444444', '55555555', '66666666'] })) });
    expect(res.status).toBe(400);
    const fields = (await res.json()).error.fields;
    expect(fields).toEqual([
      { field: 'coinAmount', message: MIN_COINS_MESSAGE, code: 'MIN_COINS_MESSAGE' },
      { field: 'email', message: EMAIL_FORMAT, code: 'EMAIL_FORMAT' },
      { field: 'backupCodes.0', message: 'Please input correct code 1 (8 digits)', code: 'backupCode', data: { n: 1 } },
      { field: 'backupCodes.2', message: 'Please input correct code 3 (8 digits)', code: 'backupCode', data: { n: 3 } },
    ]);
    expect(await app.db.db!.collection(SECRETS_COLLECTION).countDocuments()).toBe(before);
    const same = submission();
    await submit(seller, same);
    const dup = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify({ ...same, backupCodes: freshCodes() }) });
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.fields).toEqual([{ field: 'email', message: 'This game account already has a comfort trade in progress', code: 'DUPLICATE_ACCOUNT' }]);
  });

  it('answers every bad row of a file by line and starts nothing; a clean XLSX starts one run per row', async () => {
    const header = 'platform,coinAmount,transferTime,email,password,code1,code2,code3,code4,code5,code6,authSecret';
    const good = (e: string) => `ps,150000,12h,${e},Pw-12345,11111111,22222222,33333333,44444444,55555555,66666666,`;
    const csv = [header, good(gameEmail()), `xbox,5000,12h,bad-mail,Pw,1,22222222,33333333,44444444,55555555,66666666,`, good(gameEmail()), `pc,150000,12h,${gameEmail()},,,,,,,,SHORT`].join('\n');
    const count = () => app.db.db!.collection('comfort_runs').countDocuments({ sellerId: seller.sellerId });
    const before = await count();
    const res = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual([
      { field: 'rows.3.coinAmount', message: MIN_COINS_MESSAGE, code: 'MIN_COINS_MESSAGE', data: { line: 3 } },
      { field: 'rows.3.email', message: EMAIL_FORMAT, code: 'EMAIL_FORMAT', data: { line: 3 } },
      { field: 'rows.3.code1', message: 'Please input correct code 1 (8 digits)', code: 'backupCode', data: { n: 1, line: 3 } },
      { field: 'rows.5.password', message: 'This information is required', code: 'REQUIRED', data: { line: 5 } },
      { field: 'rows.5.authSecret', message: 'Please enter the correct authSecret (16 characters)', code: 'AUTH_SECRET_MESSAGE', data: { line: 5 } },
    ]);
    expect(await count()).toBe(before);

    const tpl = await fetch(`${app.url}/api/comfort-trade/template.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const ws = wb.worksheets[0]!;
    const emails = [gameEmail('x1'), gameEmail('x2')];
    ws.addRow(BATCH_COLUMNS.map((c) => (c === 'email' ? emails[0] : BATCH_EXAMPLE[c])));
    ws.addRow(['xbox', '100000', '72h', emails[1], 'Pw-1', '12121212', '23232323', '34343434', '45454545', '56565656', '67676767', '']);
    const up = await seller.fetch('/api/comfort-trade/batches', {
      method: 'POST', headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, body: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(up.status).toBe(201);
    const runs = ((await up.json()) as { runs: ComfortRunView[] }).runs;
    expect(runs.map((r) => [r.originEmail, r.platform, r.coinAmount])).toEqual([[emails[0], 'ps', 200000], [emails[1], 'xbox', 100000]]);
    for (const r of runs) await runWhere(seller, r.runId, (x) => x.status === 'paid', 'batch row paid');
    // The same account again with the codes its run handed over: refused by line and column, nothing started.
    const again = [header, `xbox,100000,72h,${emails[1]},Pw-1,12121212,23232323,34343434,45454545,56565656,67676767,`].join('\n');
    const countAgain = await count();
    const reused = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: again });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error.fields).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ field: `rows.2.code${n}`, message: CODES_REUSED, code: 'CODES_REUSED', data: { line: 2 } })));
    expect(await count()).toBe(countAgain);
    const csvTpl = await (await fetch(`${app.url}/api/comfort-trade/template.csv`)).text();
    expect(csvTpl.startsWith(header)).toBe(true);
  });

  it('a batch file\'s bad values are answered with the allowed values; the templates hold instructions and no account to delete', async () => {
    const header = BATCH_COLUMNS.join(',');
    const codes = '11111111,22222222,33333333,44444444,55555555,66666666';
    const count = () => app.db.db!.collection('comfort_runs').countDocuments({ sellerId: seller.sellerId });
    const before = await count();
    const upload = (body: string | Uint8Array, type = 'text/csv') => seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': type }, body: body as BodyInit });
    const bad = await upload([header, `playstation,lots,2d,${gameEmail()},Pw-1,${codes},`].join('\n'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual([
      { field: 'rows.2.platform', message: 'Please use one of: ps, xbox, pc', code: 'chooseFrom', data: { allowed: 'ps, xbox, pc', line: 2 } },
      { field: 'rows.2.coinAmount', message: WHOLE_COINS, code: 'WHOLE_COINS', data: { line: 2 } },
      { field: 'rows.2.transferTime', message: chooseFrom(TRANSFER_TIMES), code: 'chooseFrom', data: { allowed: '12h, 24h, 48h, 72h', line: 2 } },
    ]);
    expect(chooseFrom(PLATFORMS)).toBe('Please use one of: ps, xbox, pc');

    // The CSV template: the header, then the instructions as note lines; no example account.
    const csv = await (await fetch(`${app.url}/api/comfort-trade/template.csv`)).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines.slice(1)).toEqual(BATCH_INSTRUCTIONS.map((n) => `"# ${n.replace(/"/g, '""')}"`));
    expect(csv).toContain('platform: one of ps, xbox, pc');
    expect(csv).toContain('transferTime: one of 12h, 24h, 48h, 72h');
    expect(csv).toContain('at least 100,000');
    expect(csv).not.toContain(BATCH_EXAMPLE.email);
    // Uploaded untouched it holds no account; with accounts written under the notes, their lines are the file's own.
    const empty = await upload(csv);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe('batch_empty');
    const line = lines.length + 1;
    const wrongRow = await upload(`${csv}ps,150000,12h,not-an-email,Pw-1,${codes},\r\n`);
    expect((await wrongRow.json()).error.fields).toEqual([{ field: `rows.${line}.email`, message: EMAIL_FORMAT, code: 'EMAIL_FORMAT', data: { line } }]);
    const email = gameEmail('tpl');
    const filled = await upload(`${csv}ps,150000,12h,${email},Pw-1,${codes},\r\n`);
    expect(filled.status).toBe(201);
    const started = (await filled.json()) as { batchId: string; runs: ComfortRunView[] };
    expect(started.runs.map((r) => r.originEmail)).toEqual([email]);
    // The batch writes its row's record, then starts its run: its result, not the record, says the run started.
    expect(await temporal.client.workflow.getHandle(comfortBatchWorkflowId(started.batchId)).result()).toMatchObject({ state: 'started', started: 1 });
    expect(await count()).toBe(before + 1);

    // The XLSX template: the accounts sheet holds the header and nothing to delete; the instructions sheet beside it.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await fetch(`${app.url}/api/comfort-trade/template.xlsx`)).arrayBuffer());
    const [accounts, help] = wb.worksheets;
    expect(accounts!.actualRowCount).toBe(1);
    expect(BATCH_COLUMNS.map((_, i) => accounts!.getRow(1).getCell(i + 1).text)).toEqual([...BATCH_COLUMNS]);
    expect(help!.name).toBe('instructions');
    expect(help!.getColumn(1).values.filter(Boolean)).toEqual([...BATCH_INSTRUCTIONS]);
    const untouched = await upload(new Uint8Array(await wb.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await untouched.json()).error.code).toBe('batch_empty');
  });

  it('lists the record by status with pagination', async () => {
    const all = await (await seller.fetch('/api/comfort-trade/runs?size=3&page=1')).json();
    expect(all.items).toHaveLength(3);
    expect(all.total).toBeGreaterThan(10);
    const paid = await (await seller.fetch('/api/comfort-trade/runs?status=paid&size=50')).json();
    expect(paid.items.length).toBeGreaterThan(5);
    expect(paid.items.every((r: ComfortRunView) => r.status === 'paid')).toBe(true);
    const visitor = await fetch(`${app.url}/api/comfort-trade/runs`);
    expect(visitor.status).toBe(401);
  });

  it('keeps every password and code out of the stored documents, live events, logs and workflow history (payloads decoded)', async () => {
    const db = app.db.db!;
    const docs = [
      ...(await db.collection('comfort_runs').find().toArray()),
      ...(await db.collection('comfort_run_events').find().toArray()),
      ...(await db.collection('live_events').find().toArray()),
    ];
    const stored = JSON.stringify(docs);
    const list = await db.collection('comfort_runs').find({ sellerId: seller.sellerId }).toArray();
    expect(list.length).toBeGreaterThan(20);
    // What the Temporal server holds, every payload opened with the key ring: a password in a workflow input would show here.
    const histories = await Promise.all(list.map((r) => decodedHistoryText(handle(String(r._id)), testKeyRing())));
    // The decoding is real: each decoded history names its game account, which the stored (encrypted) form never shows.
    const first = list[0]!;
    expect(histories[0]).toContain(String(first.originEmail));
    expect(histories[0]).toContain('secret:');
    expect(historyToJSON(await handle(String(first._id)).fetchHistory())).not.toContain(String(first.originEmail));
    const secrets = [...new Set(secretsSeen.filter((s) => s && s.length >= 8))];
    expect(secrets.length).toBeGreaterThan(20);
    // The logs are real: requests, activities and workflow steps of these runs were logged.
    const log = lines.join('');
    expect(lines.filter((l) => l.includes('"name":"api"')).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes('"name":"worker"') && l.includes('"activityType":"resubmitTransfer"')).length).toBeGreaterThan(0);
    for (const s of secrets) {
      expect(holdsSecret(stored, s), `a stored document holds a secret (${s.slice(0, 3)}…)`).toBe(false);
      expect(holdsSecret(log, s), `log holds a secret (${s.slice(0, 3)}…)`).toBe(false);
      for (const h of histories) expect(holdsSecret(h, s), `history holds a secret (${s.slice(0, 3)}…)`).toBe(false);
    }
    // The vault holds ciphertext only; finished runs destroyed theirs.
    const vault = JSON.stringify(await db.collection(SECRETS_COLLECTION).find().toArray());
    for (const s of secrets) expect(holdsSecret(vault, s), `the vault holds a secret (${s.slice(0, 3)}…)`).toBe(false);
  });
});
