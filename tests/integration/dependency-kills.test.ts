/**
 * Issue 34: `npm start` (scripts/start.ts, as tests/integration/stack-restart.test.ts runs it) under
 * API sellers' traffic, while the database (PostgreSQL and FerretDB), the Temporal dev server, the
 * worker and the API are SIGKILLed one after the other. The stack comes back by itself, and every
 * comfort run and withdrawal ends once: each run Paid, each withdrawal paid with one payout at the
 * provider, every balance equal to its credits minus its withdrawals to the cent. Each kill comes when
 * the stack has shown it took the one before (an event, never a timer): the worker is killed while
 * Temporal is down (the issue's crash loop: it died at start with TransportError until npm start
 * stopped everything), the API as soon as Temporal answers again. On the code before, the database
 * never answered again (FerretDB was restarted after 15 s of misses, PostgreSQL never).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localStackFile } from '../../scripts/local-stack.js';
import { freshCodes } from '../support/comfort.js';
import { npmStartStack } from '../support/npm-start.js';
import type { AppProcess } from '../support/processes.js';
import { stopwatch } from '../support/wait.js';
import { createTrafficSeller, Meter, startReceiver, type TrafficSeller } from '../bench/_traffic.js';
import { finalVerdict, moneyVerdicts, payoutVerdict, readSellerSettled, type SimPayout } from '../bench/_invariants.js';

const SELLERS = 3;

const npmStart = await npmStartStack('kills', {
  // FerretDB on PostgreSQL, the servers npm start restarts (a memory server's mongod is not npm start's to restart).
  COINMARKET_NO_MEMORY_SERVER: '1',
  MARKET_SYNC: '0',
  // A 300K run moves its coins in six chunks over 3 s: runs are moving when the kills come.
  SIMULATOR_TRANSFER_CHUNK_MS: '500',
});
const { url, simUrl, dataDir } = npmStart;

let stack: AppProcess | null = null;
let db: MongoClient | null = null;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
const sellers: TrafficSeller[] = [];

afterAll(async () => {
  for (const s of sellers) s.socket.close();
  await receiver?.close();
  await db?.close();
  await npmStart.close();
});

/** The process of npm start's children whose command line contains `pattern`. */
function childOf(parent: number, pattern: string): number {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // "pid (comm) state ppid …": the command name may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(pattern)) return Number(d);
    } catch { /* gone meanwhile */ }
  }
  throw new Error(`no child of npm start runs ${pattern}:\n${stack!.output()}`);
}

/** Waits for `fn` to be truthy; fails at once when npm start has exited (the stack stopped: the bug), else after `ms`. */
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000) => npmStart.until(what, fn, ms);

const ready = async () => (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })).status === 200;

/** One comfort run, submitted (and retried on 5xx or no answer) with one idempotency key: its runId. */
async function comfortRun(s: TrafficSeller): Promise<string> {
  const idem = randomUUID();
  const body = { platform: 'ps', coinAmount: 300_000, transferTime: '24h', email: `g-${idem.slice(0, 8)}@example.com`, password: 'Game-Pass-1', backupCodes: freshCodes() };
  const r = await s.settled('comfort submit', () => s.call('/comfort-runs', { body, idem }), 200);
  if (r?.status !== 201) throw new Error(`comfort run not accepted: ${JSON.stringify(r)}`);
  return r.body.run.runId;
}

/**
 * Until when each seller's key is refused (429, its per-key limit of 120 a minute): the test's own
 * polling (every 100 ms) waits for Retry-After instead of calling, so it never takes the calls the
 * seller's traffic needs, and a poll is never read as "not done" because it was refused.
 */
const limitedUntil = new Map<TrafficSeller, number>();

/** A v1 read as the seller makes it: its JSON, or null while the API does not answer or the key is limited. */
async function read<T>(s: TrafficSeller, path: string): Promise<T | null> {
  if ((limitedUntil.get(s) ?? 0) > Date.now()) return null;
  const r = await s.call(path);
  if (r.status === 429) limitedUntil.set(s, Date.now() + Number(r.headers.get('retry-after') ?? 1) * 1000);
  return r.ok ? ((await r.json()) as T) : null;
}

/** A run as the seller reads it (null while the API does not answer). */
const runOf = async (s: TrafficSeller, runId: string): Promise<{ status: string; coinsTransferred: number } | null> =>
  (await read<{ run: { status: string; coinsTransferred: number } }>(s, `/comfort-runs/${runId}`))?.run ?? null;

describe('dependencies killed under traffic on npm start', () => {
  it('comes back by itself and ends every run and withdrawal once', { timeout: 300_000 }, async () => {
    const readyMs = await npmStart.start();
    stack = npmStart.proc!;
    console.log(`[dependency-kills] npm start ready in ${(readyMs / 1000).toFixed(1)} s`);
    const start = stack.proc.pid!;

    // The database's address with its password, as npm start hands it to the support tool (scripts/local-stack.ts).
    const local = await until('local-stack.json', async () => JSON.parse(readFileSync(localStackFile(dataDir), 'utf8')) as { MONGODB_URI: string });
    db = await MongoClient.connect(local.MONGODB_URI);
    receiver = await startReceiver();
    const meter = new Meter();
    const ctx = { url, mailUrl: inject('mailInboxUrl'), db: db.db('coinmarket'), hookUrl: receiver.url, meter };
    sellers.push(...(await Promise.all(Array.from({ length: SELLERS }, (_, i) => createTrafficSeller(i, ctx)))));

    // Traffic: every seller submits a run now and one more at each step of the schedule; one
    // withdrawal each, asked for while the database is down. Each is retried through the outages.
    const runs = new Map<TrafficSeller, Promise<string>[]>(sellers.map((s) => [s, []]));
    const submitRound = () => { for (const s of sellers) runs.get(s)!.push(comfortRun(s)); };
    submitRound();
    const firstRuns = await Promise.all(sellers.map((s) => runs.get(s)![0]!));
    await until('a run moving coins', async () => (await Promise.all(sellers.map(async (s, i) => (await runOf(s, firstRuns[i]!))?.coinsTransferred ?? 0))).some((c) => c > 0));

    // Times for the log lines (what the reliability doc reports); nothing below bounds them.
    const sinceFirstKill = stopwatch();
    const at = () => `+${(sinceFirstKill() / 1000).toFixed(1)} s`;
    const recovered: Record<string, number> = {};

    // 1. The database: PostgreSQL and FerretDB at once.
    process.kill(childOf(start, 'bin/postgres'), 'SIGKILL');
    process.kill(childOf(start, 'ferretdb'), 'SIGKILL');
    let sinceKill = stopwatch();
    console.log(`[dependency-kills] ${at()} PostgreSQL and FerretDB killed`);
    // Retried through every outage below (the API's own restart took up to 30 s on the loaded machine).
    const withdrawals = Promise.all(sellers.map((s) => s.withdraw({ code: 200, confirm: 200 })));
    submitRound();
    await until('the API ready again after the database kill', ready);
    recovered.database = sinceKill();
    console.log(`[dependency-kills] ${at()} /ready 200 again (database back in ${(recovered.database / 1000).toFixed(1)} s)`);

    // 2. Temporal, and the worker right after: the restarted worker starts while Temporal is down.
    process.kill(childOf(start, 'start-dev'), 'SIGKILL');
    sinceKill = stopwatch();
    process.kill(childOf(start, 'dist/worker.js'), 'SIGKILL');
    const sinceWorkerKill = stopwatch();
    console.log(`[dependency-kills] ${at()} Temporal dev server and worker killed`);
    submitRound();
    await until('the API ready again after the Temporal kill', ready);
    recovered.temporal = sinceKill();
    console.log(`[dependency-kills] ${at()} /ready 200 again (Temporal back in ${(recovered.temporal / 1000).toFixed(1)} s)`);

    // 3. The API, as soon as Temporal answered (the new worker may still be starting: the four kills
    // stay within seconds of each other however slowly a loaded machine loads a process).
    process.kill(childOf(start, 'dist/api.js'), 'SIGKILL');
    const sinceApiKill = stopwatch();
    console.log(`[dependency-kills] ${at()} API killed; four kills in ${(sinceFirstKill() / 1000).toFixed(1)} s`);
    submitRound();
    await until('the API ready again after its kill', ready, 90_000);
    recovered.api = sinceApiKill();
    console.log(`[dependency-kills] ${at()} /ready 200 again (API back in ${(recovered.api / 1000).toFixed(1)} s)`);

    // The worker answered again: a run submitted after its kill moves coins (only a worker moves them).
    const afterWorkerKill = await Promise.all(sellers.map((s) => runs.get(s)![2]!));
    await until('a run submitted after the worker kill moving coins', async () =>
      (await Promise.all(sellers.map(async (s, i) => (await runOf(s, afterWorkerKill[i]!))?.coinsTransferred ?? 0))).some((c) => c > 0), 120_000);
    recovered.worker = sinceWorkerKill();
    console.log(`[dependency-kills] ${at()} the worker moves coins again (${(recovered.worker / 1000).toFixed(1)} s after its kill)`);

    // Every run and withdrawal ends: each run Paid, each withdrawal paid.
    const submitted = new Map(await Promise.all(sellers.map(async (s) => [s, await Promise.all(runs.get(s)!)] as const)));
    const asked = await withdrawals;
    for (const w of asked) expect(w?.status, JSON.stringify(w)).toBe(201);
    for (const s of sellers) {
      // One read for all of a seller's runs (its record, newest first).
      await until(`seller ${s.i}'s runs paid`, async () => {
        const page = await read<{ items: { runId: string; status: string }[] }>(s, '/comfort-runs?limit=100');
        const states = new Map(page?.items.map((x) => [x.runId, x.status]) ?? []);
        return page !== null && submitted.get(s)!.every((id) => states.get(id) === 'paid');
      }, 120_000);
      await until(`seller ${s.i}'s withdrawal paid`, async () => {
        const items = (await read<{ items: { state: string }[] }>(s, '/withdrawals'))?.items;
        return items?.length === 1 && items[0]!.state === 'paid';
      }, 120_000);
    }
    const endedAfter = sinceFirstKill();

    // Once: each seller has exactly the runs it submitted (a retried submission made none twice), one
    // withdrawal, one payout for it at the provider, and balances to the cent.
    const records = new Map(await Promise.all(sellers.map(async (s) => [s, await readSellerSettled(s)] as const)));
    const payouts = new Map<string, SimPayout>();
    for (const p of ((await (await fetch(`${simUrl}/test/payouts`)).json()) as { payouts: SimPayout[] }).payouts) {
      expect(payouts.has(p.key), `payout ${p.key} twice at the provider`).toBe(false);
      payouts.set(p.key, p);
    }
    for (const [s, r] of records) {
      expect(r.settled).toBe(true);
      expect(r.runs.map((x: { runId: string }) => x.runId).sort()).toEqual([...submitted.get(s)!].sort());
      expect(r.runs.every((x: { status: string }) => x.status === 'paid')).toBe(true);
      expect(r.withdrawals.map((w: { state: string }) => w.state)).toEqual(['paid']);
    }
    for (const v of [...moneyVerdicts(records), payoutVerdict(records, payouts), finalVerdict(records)]) expect(v.ok, `${v.name}: ${v.detail}`).toBe(true);
    expect(payouts.size).toBe(SELLERS);

    const runCount = [...submitted.values()].reduce((t, l) => t + l.length, 0);
    console.log(`[dependency-kills] ${runCount} runs and ${SELLERS} withdrawals ended ${(endedAfter / 1000).toFixed(1)} s after the first kill; `
      + `recovery: database ${(recovered.database / 1000).toFixed(1)} s, Temporal ${(recovered.temporal / 1000).toFixed(1)} s, worker ${(recovered.worker / 1000).toFixed(1)} s, API ${(recovered.api / 1000).toFixed(1)} s`);
    expect(stack.output()).not.toContain('stopping everything');
  });
});
