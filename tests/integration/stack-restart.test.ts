/**
 * The second day as a user lives it (issue 21): `npm start` (scripts/start.ts, its own data directory
 * and ports), data made in every process through the public HTTP and socket APIs, Ctrl-C, `npm start`
 * again on the same data. Every run goes on from where it was: a frozen purchase is released when its
 * freeze ends, a comfort run waiting for the seller takes the resubmit and is paid, a pending
 * withdrawal is paid, and the live socket reconnects and resyncs without a gap. On the way: the start
 * output states the demo clock (DEMO_TIME_SCALE, default 1000), and `npm run support` finds the
 * running stack's servers with none of its variables set (scripts/local-stack.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { verifySignature } from '../../examples/webhook-receiver.js';
import { retryWhenUnavailable } from '../../web/src/live/retry.js';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '../../domain/live-events.js';
import { withdrawalWorkflowId } from '../../domain/withdrawal.js';
import { freshCodes, readRun, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { buyListedCard } from '../support/player-trade.js';
import { createProvenSeller } from '../support/proven.js';
import { reauthenticate } from '../support/reauth.js';
import type { SignedInSeller } from '../support/sellers.js';
import { npmStartStack } from '../support/npm-start.js';
import type { AppProcess } from '../support/processes.js';
import { eventually, stopwatch } from '../support/wait.js';
import { savePayoutSettings, withdraw } from '../support/withdrawals.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Long enough to be running when the stack stops, short enough to end in the test. */
const FREEZE_MS = 25_000;
/** /ready's own budget: it answers within a second, up or not (docs/platform.md). */
const READY_BUDGET_MS = 1_000;

const npmStart = await npmStartStack('restart', {
  PLAYER_FREEZE_MS: String(FREEZE_MS),
  MARKET_SYNC_MS: '2000',
  SIMULATOR_TRANSFER_CHUNK_MS: '150',
});
const { url, simUrl, dataDir } = npmStart;

/** Spawns the start script and waits until /ready answers 200; prints the time from spawn to ready. */
async function startStack(label: string): Promise<AppProcess> {
  const ms = await npmStart.start();
  stack = npmStart.proc!;
  console.log(`[stack-restart] ${label}: spawn to /ready 200 in ${(ms / 1000).toFixed(1)} s`);
  // Once up, /ready keeps its own budget: asked with that deadline, it still answers 200.
  expect((await fetch(`${url}/ready`, { signal: AbortSignal.timeout(READY_BUDGET_MS) })).status).toBe(200);
  return stack;
}

/** `npm run support -- <args>` as an operator types it beside npm start: none of its settings in the environment. */
async function support(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const unset = { MONGODB_URI: undefined, MONGODB_DB: undefined, TEMPORAL_ADDRESS: undefined, TEMPORAL_NAMESPACE: undefined, TEMPORAL_TASK_QUEUE: undefined, SECRETS_KEY: undefined };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/support.ts', ...args], { env: { ...process.env, ...unset, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr.on('data', (c: Buffer) => { err += c.toString(); });
  const code = await new Promise<number | null>((r) => proc.once('exit', r));
  return { code, out, err };
}

/** Ctrl-C: the start script stops children, FerretDB, PostgreSQL and Temporal, and exits 0. */
async function stopStack(s: AppProcess): Promise<void> {
  const took = stopwatch();
  await s.kill('SIGINT');
  console.log(`[stack-restart] Ctrl-C to exit in ${(took() / 1000).toFixed(1)} s`);
  expect(s.proc.exitCode).toBe(0);
  expect(s.output()).toContain('[start] stopped; data kept in');
}

let stack: AppProcess | null = null;
let socket: Client | null = null;
const servers: Server[] = [];

afterAll(async () => {
  socket?.close();
  for (const server of servers) server.close();
  // A failed run still stops what it started (SIGKILL only if Ctrl-C is not obeyed).
  await npmStart.close();
});

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const PAYPAL = (s: SignedInSeller) => `pp-${s.sellerId.slice(-6)}@example.com`;

/** A seller with proven address and PayPal settings whose comfort run of `coins` was paid (money available). */
async function sellerWithIncome(coins: number): Promise<SignedInSeller> {
  const s = await createProvenSeller({ url });
  await savePayoutSettings(s, { paymentAddress: PAYPAL(s) });
  const run = await submit(s, submission({ coinAmount: coins }));
  await runWhere(s, run.runId, (r) => r.status === 'paid', 'income paid', 60_000);
  return s;
}

const wallet = async (s: SignedInSeller) => (await json(await s.fetch('/api/wallet'))).body as { wallet: { available: number; frozen: number }; frozenItems: { purchaseId: string; releaseAt: number }[] };
const withdrawalOf = async (s: SignedInSeller, id: string) => (await json(await s.fetch(`/api/withdrawals/${id}`))).body.withdrawal as { state: string };

/** A seller's webhook receiver that answers 503 while `down`, else 204; records every attempt (signature checked as the example does). */
async function webhookReceiver() {
  const attempts: { deliveryId: string; status: number }[] = [];
  const r = { attempts, down: true, secret: '', url: '' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const signed = verifySignature(r.secret, req.headers['coin-market-signature'] as string | undefined, Buffer.concat(chunks).toString('utf8'));
      const status = !signed ? 401 : r.down ? 503 : 204;
      attempts.push({ deliveryId: String(req.headers['coin-market-delivery']), status });
      res.writeHead(status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return r;
}

describe('the whole stack restarted on the same data (npm start, Ctrl-C, npm start)', () => {
  it('goes on with every run from where it was, and answers within its budget', { timeout: 420_000 }, async () => {
    await startStack('first start (empty data)');
    // The demo clock as the output states it: npm start's default factor, the durations set above kept.
    const demoLine = await eventually(async () => stack!.output().match(/Demo time: +(.*)\n +(.*)\n/), 15_000, 'demo time printed');
    expect(demoLine[1]).toBe('1000x faster than real (DEMO_TIME_SCALE; 1 = real time)');
    expect(demoLine[2]).toBe('player freeze 25 s (yours), comfort review 1.5 s (yours), wait for the seller 5 min, reminder before a deadline 86 s, payout overdue 4.3 min');

    // ---- Day one: data in every process, through the public APIs only.
    const payer = sellerWithIncome(1_000_000).then(async (p) => {
      const paid = await withdraw(p, 2000);
      expect(paid.res.status).toBe(201);
      await eventually(async () => (await withdrawalOf(p, paid.withdrawalId)).state === 'paid', 60_000, 'withdrawal paid before the restart');
      return { seller: p, withdrawalId: paid.withdrawalId };
    });
    const s = await sellerWithIncome(1_000_000);

    // The seller's live socket, as the web app opens it (session cookie), reconnecting on its own.
    const received: LiveEvent[] = [];
    let connects = 0;
    socket = connect(url, { extraHeaders: { cookie: s.cookie }, transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1_000 });
    socket.on('live:event', (e) => received.push(e));
    socket.on('connect', () => { connects++; });
    // As the page does (web/src/live/retry.ts): socket.io never retries a handshake the server refused,
    // and one that reaches the second start before its database answers is refused `unavailable`
    // (the final CI run of 2026-11-29 waited 30 s for a reconnect that socket.io would never make).
    const refusals: string[] = [];
    retryWhenUnavailable(socket, { retrying: () => undefined, refused: (code) => refusals.push(code) });
    const dropped: string[] = [];
    socket.on('disconnect', (reason) => dropped.push(reason));
    await eventually(async () => connects === 1, 15_000, 'socket connected');

    // A comfort run waiting for the seller: the provider says Wrong Backup Codes at login.
    const waitingBody = submission({ coinAmount: 200_000 });
    await steerTransfer(simUrl, 'rules', { email: waitingBody.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const waiting = await submit(s, waitingBody);
    await runWhere(s, waiting.runId, (r) => r.subState === 'wrong_backup_codes' && r.waitingFor === 'seller', 'waiting for new backup codes');

    // A withdrawal the provider has taken and not paid yet.
    await fetch(`${simUrl}/test/payouts/steering`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: PAYPAL(s), outcome: 'pending' }) });
    const pending = await withdraw(s, 2000);
    expect(pending.res.status).toBe(201);
    await eventually(async () => {
      const { payouts } = (await (await fetch(`${simUrl}/test/payouts`)).json()) as { payouts: { key: string; state: string }[] };
      return payouts.some((p) => p.key === withdrawalWorkflowId(pending.withdrawalId) && p.state === 'pending');
    }, 30_000, 'payout taken by the provider');

    // Webhooks pending retry: the seller's receiver is down from here until after the restart.
    const hook = await webhookReceiver();
    await reauthenticate(s); // a webhook's secret needs the seller to confirm it is them (docs/security.md, item 25)
    const registered = await json(await s.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: hook.url }) }));
    expect(registered.status).toBe(201);
    hook.secret = registered.body.secret;

    const paidBefore = await payer;

    // A player purchase bought, verified and frozen.
    const purchaseId = await buyListedCard(s, simUrl, 'Restart-Club');
    const frozen = await eventually(async () => (await wallet(s)).frozenItems.find((f) => f.purchaseId === purchaseId), 30_000, 'purchase frozen');

    // Last, a comfort run moving coins (120 chunks, 18 s) when the stack stops.
    const moving = await submit(s, submission({ coinAmount: 6_000_000 }));
    await runWhere(s, moving.runId, (r) => r.coinsTransferred > 0, 'coins moving');
    expect(frozen.releaseAt).toBeGreaterThan(Date.now());
    expect((await readRun(s, waiting.runId)).waitingFor).toBe('seller');
    expect((await withdrawalOf(s, pending.withdrawalId)).state).not.toBe('paid');
    const movingAtStop = await readRun(s, moving.runId);
    expect(movingAtStop.status).toBe('transferring');
    await eventually(async () => hook.attempts.some((a) => a.status === 503), 15_000, 'a webhook delivery failed before the restart');
    await eventually(async () => received.some((e) => e.sellerId === s.sellerId), 15_000, 'live events before the restart');
    const lastSeen = received.filter((e) => e.sellerId === s.sellerId).at(-1)!.id;
    const seenBefore = received.length;

    // The support tool finds this stack by itself: the seller and runs from MongoDB, the waiting list from Temporal.
    const report = await support('seller', s.email);
    expect(report.err).toContain('(the servers npm start runs: MONGODB_URI, MONGODB_DB, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, SECRETS_KEY from ');
    expect(report.code, report.err).toBe(0);
    expect(report.out).toContain(`Seller ${s.sellerId}  ${s.email}`);
    expect(report.out).toMatch(new RegExp(`${waiting.runId}.*wrong_backup_codes`));
    const listed = await support('waiting', '--seller', s.sellerId);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain(`SellerId="${s.sellerId}"`);

    // ---- Ctrl-C, and npm start again on the same data.
    await stopStack(stack!);
    // Stopped, the stack is not offered to the support tool any more.
    expect(existsSync(join(dataDir, 'local-stack.json'))).toBe(false);
    const failedBefore = [...new Set(hook.attempts.map((a) => a.deliveryId))];
    hook.down = false;
    await eventually(async () => socket!.disconnected, 15_000, 'socket dropped');
    // The API went away; it did not tell the client to stay away ("io server disconnect" is never retried).
    expect(dropped).toEqual(['transport close']);
    await startStack('second start (same data)');
    const upAgain = Date.now();

    // The socket comes back by itself and a resync from its last position fills what it missed.
    await eventually(async () => connects === 2, 30_000, 'socket reconnected');
    expect(refusals, 'no handshake refused for good').toEqual([]);
    const missed = await socket.emitWithAck('live:resync', lastSeen);
    if (!('data' in missed)) throw new Error(`resync refused: ${JSON.stringify(missed)}`);

    // The seller's session survived; the comfort run takes the resubmit and goes on to be paid.
    const resubmit = await s.fetch(`/api/comfort-trade/runs/${waiting.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: freshCodes() }) });
    expect(resubmit.status).toBe(200);
    const paidRun = await runWhere(s, waiting.runId, (r) => r.status === 'paid', 'resubmitted run paid', 60_000);
    expect(paidRun.decisions.map((d) => d.event)).toContain('resubmit');

    // The provider pays the pending withdrawal now; the API and worker of the second day take it.
    const settled = await fetch(`${simUrl}/test/payouts/${encodeURIComponent(withdrawalWorkflowId(pending.withdrawalId))}/settle`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: 'paid' }),
    });
    expect(settled.status).toBe(200);
    await eventually(async () => (await withdrawalOf(s, pending.withdrawalId)).state === 'paid', 60_000, 'pending withdrawal paid after the restart');
    expect((await withdrawalOf(paidBefore.seller, paidBefore.withdrawalId)).state).toBe('paid');

    // The run that was moving coins finishes them and is paid in full.
    const moved = await runWhere(s, moving.runId, (r) => r.status === 'paid', 'moving run paid', 90_000);
    expect(moved.coinsTransferred).toBe(6_000_000);

    // The freeze ends on its own clock, whichever process is alive then.
    await eventually(async () => {
      const p = await json(await s.fetch(`/api/player-trade/purchases/${purchaseId}`));
      return p.body.purchase?.state === 'available';
    }, Math.max(0, frozen.releaseAt - Date.now()) + 60_000, 'purchase released');
    expect((await wallet(s)).frozenItems.find((f) => f.purchaseId === purchaseId)).toBeUndefined();

    // Every webhook delivery is answered 2xx once and never sent again after that, those failed before the stop included.
    await eventually(async () => failedBefore.every((id) => hook.attempts.some((a) => a.deliveryId === id && a.status === 204)), 120_000, 'deliveries retried after the restart');
    for (const id of new Set(hook.attempts.map((a) => a.deliveryId))) {
      const tries = hook.attempts.filter((a) => a.deliveryId === id);
      expect(tries.filter((a) => a.status === 204), id).toHaveLength(1);
      expect(tries.at(-1)!.status, id).toBe(204);
    }
    expect(hook.attempts.every((a) => a.status !== 401)).toBe(true);

    console.log(`[stack-restart] carried across: ${failedBefore.length} webhook deliveries pending retry, a run at ${movingAtStop.coinsTransferred.toLocaleString('en-US')} of 6,000,000 coins, a freeze ending ${((frozen.releaseAt - upAgain) / 1000).toFixed(1)} s after the second start`);

    // Nothing missed: from the socket's first event on, the seller's log is what came live (before the
    // stop, and after the reconnect) plus what the resync from the last position returned.
    const pos = (e: LiveEvent) => BigInt(e.id);
    const mine = () => received.filter((e) => e.sellerId === s.sellerId);
    const first = pos(mine()[0]!);
    const log = await eventually(async () => {
      const full = await socket!.emitWithAck('live:resync', null);
      if (!('data' in full)) return null;
      const got = new Set([...mine(), ...missed.data].map((e) => e.id));
      return full.data.filter((e) => pos(e) >= first).every((e) => got.has(e.id)) ? full.data : null;
    }, 15_000, 'every logged event delivered live or by the resync');
    const ids = log.map(pos);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(ids).size).toBe(ids.length);
    const beforeStop = received.slice(0, seenBefore).filter((e) => e.sellerId === s.sellerId).map((e) => e.id);
    expect(beforeStop).toEqual(log.filter((e) => pos(e) >= first && pos(e) <= BigInt(lastSeen)).map((e) => e.id));
    // The second day's positions go on after the first day's, and the missed ones came by resync.
    expect(log.filter((e) => pos(e) > BigInt(lastSeen)).length).toBeGreaterThan(0);
    expect(missed.data.every((e) => pos(e) > BigInt(lastSeen) && e.sellerId === s.sellerId)).toBe(true);

    await stopStack(stack!);
  });
});
