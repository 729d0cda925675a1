/**
 * `npm run chaos` (issue 21, section 3): mixed traffic from many sellers through the public APIs
 * (tests/bench/_traffic.ts) while a driver SIGKILLs, at random moments, a worker, an API replica,
 * the provider simulator, the Temporal dev server or the database proxy, and starts it again. Then
 * the traffic stops, the stack drains, and the invariants are checked from the outside
 * (tests/bench/_invariants.ts). Prints every fault and each invariant's result; exits 1 on a violation.
 * Size: CHAOS_MINUTES (30), CHAOS_FAULTS (200), CHAOS_SELLERS (12), CHAOS_APIS (2), CHAOS_WORKERS (2),
 * CHAOS_DRAIN_MINUTES (5).
 */
import { cpus, loadavg } from 'node:os';
import { connectDatabase } from '../../infra/db.js';
import { connectTemporal } from '../../infra/temporal.js';
import { keyRingFrom, SecretVault } from '../../infra/secrets/vault.js';
import { ComfortRuns } from '../../infra/comfort/runs.js';
import { sweepSealedSecrets } from '../../infra/comfort/secret-sweeper.js';
import { recordedRunStarter } from '../../infra/comfort/unstarted.js';
import { comfortTimingsFromEnv } from '../../infra/comfort/trade-settings.js';
import { RESUBMIT_UPLOAD_TTL_MS, SUBMITTED_CREDENTIALS_TTL_MS } from '../../domain/comfort-trade.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { startStack } from './_stack.js';
import { createTrafficSeller, Meter, runTraffic, startReceiver, type TrafficSeller } from './_traffic.js';
import { feedVerdict, finalVerdict, moneyVerdicts, payoutVerdict, readSeller, readSellerSettled, vaultVerdict, waitingOf, webhookVerdict, type SellerRecords, type SimPayout, type Verdict } from './_invariants.js';
import { fmt, summarize } from './stats.js';

const MINUTES = Number(process.env.CHAOS_MINUTES ?? 30);
const FAULTS = Number(process.env.CHAOS_FAULTS ?? 200);
const SELLERS = Number(process.env.CHAOS_SELLERS ?? 12);
const APIS = Number(process.env.CHAOS_APIS ?? 2);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 2);
const DRAIN_MS = Number(process.env.CHAOS_DRAIN_MINUTES ?? 5) * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const la = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const t0 = Date.now();
const stamp = () => `${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s`;
console.log(`chaos: ${MINUTES} min, ${FAULTS} faults, ${SELLERS} sellers, ${APIS} API replicas behind Caddy, ${WORKERS} workers; ${cpus().length} cores; load ${la()}`);
const stack = await startStack({ apis: APIS, workers: WORKERS });
const db = await connectDatabase(stack.mongo.uri, 'coinmarket');
const receiver = await startReceiver();
const meter = new Meter();
let exitCode = 0;
try {
  console.log(`${stamp()} stack up (${stack.names().join(', ')}, FerretDB, PostgreSQL, Temporal)`);
  const sellers: TrafficSeller[] = [];
  for (let i = 0; i < SELLERS; i += 4) {
    sellers.push(...(await Promise.all(Array.from({ length: Math.min(4, SELLERS - i) }, (_, k) =>
      createTrafficSeller(i + k, { url: stack.url, mailUrl: stack.mailUrl, db: db.db!, hookUrl: receiver.url, meter })))));
  }
  console.log(`${stamp()} ${sellers.length} sellers ready`);

  // The provider's payouts, as it reported them; kept across its restarts (its memory is its process).
  const payouts = new Map<string, SimPayout>();
  const readPayouts = async () => {
    const r = await fetch(`${stack.simUrl}/test/payouts`, { signal: AbortSignal.timeout(5_000) }).then((x) => x.json() as Promise<{ payouts: SimPayout[] }>, () => null);
    for (const p of r?.payouts ?? []) if (!payouts.has(p.key) || payouts.get(p.key)!.state === 'pending') payouts.set(p.key, p);
  };
  const payoutPoll = setInterval(() => void readPayouts(), 1_000);

  const endAt = Date.now() + MINUTES * 60_000;
  const counts: Record<string, number> = {};
  const traffic = runTraffic(sellers, stack.simUrl, () => Date.now() >= endAt, counts);

  // Faults at random moments spread over the run; each killed part comes back on its own after a
  // random 0.2-3.2 s (API replicas then need their start time), so faults overlap as real ones do.
  const faults: { at: number; part: string; downMs: number; backMs?: number; error?: string }[] = [];
  const down = new Set<string>();
  const restarts: Promise<void>[] = [];
  const moments = Array.from({ length: FAULTS }, () => Math.random() * MINUTES * 60_000).sort((a, b) => a - b);
  const startedAt = Date.now();
  for (const moment of moments) {
    await sleep(Math.max(0, startedAt + moment - Date.now()));
    // A kind of part at random, then one of its processes that is up; one API replica always stays up
    // (the proxy needs somewhere to send), so with every other one down an API fault picks another kind.
    const apisUp = Array.from({ length: APIS }, (_, k) => `api-${k}`).filter((n) => !down.has(n));
    const kinds = [
      Array.from({ length: WORKERS }, (_, k) => `worker-${k}`), apisUp.length > 1 ? apisUp : [], ['simulator'], ['temporal'], ['db-proxy'],
    ].map((names) => names.filter((n) => !down.has(n))).filter((names) => names.length);
    if (!kinds.length) continue;
    const name = pick(pick(kinds));
    const fault: (typeof faults)[number] = { at: Date.now() - t0, part: name, downMs: Math.round(200 + Math.random() * 3_000) };
    faults.push(fault);
    down.add(name);
    if (name === 'simulator') await readPayouts();
    await stack.kill(name);
    console.log(`${stamp()} fault ${faults.length}: SIGKILL ${name} (down ${fault.downMs} ms)`);
    restarts.push((async () => {
      await sleep(fault.downMs);
      const b0 = Date.now();
      for (let attempt = 0; attempt < 3; attempt++) {
        try { await stack.restart(name); fault.error = undefined; break; } catch (err) { fault.error = (err as Error).message.slice(0, 300); }
      }
      fault.backMs = Date.now() - b0;
      if (fault.error) console.log(`${stamp()} ${name} did not come back: ${fault.error}`);
      down.delete(name);
    })());
  }
  await Promise.all(restarts);
  await traffic;
  console.log(`${stamp()} traffic stopped (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}); draining`);

  // Drain: until nothing waits for the system (or the drain time is up).
  let records = new Map<TrafficSeller, SellerRecords>();
  for (const drainEnd = Date.now() + DRAIN_MS; ;) {
    records = new Map(await Promise.all(sellers.map(async (s) => [s, await readSeller(s)] as const)));
    const open = [...records.values()].flatMap((r) => [
      ...r.runs.filter((x) => waitingOf('run', x) === 'system'), ...r.withdrawals.filter((x) => waitingOf('withdrawal', x) === 'system'),
      ...r.purchases.filter((x) => waitingOf('purchase', x) === 'system'),
    ]).length;
    if (open === 0 || Date.now() > drainEnd) { console.log(`${stamp()} drained (${open} still moving)`); break; }
    await sleep(10_000);
  }
  // What still moves, and what the provider says about it (a run's provider order id is its run id).
  const orders = await fetch(`${stack.simUrl}/test/transfer/orders`).then((r) => r.json() as Promise<{ orders: { orderId: string; state: string; error: string | null }[] }>, () => ({ orders: [] }));
  for (const [s, r] of records) {
    for (const run of r.runs.filter((x) => waitingOf('run', x) === 'system')) {
      const o = orders.orders.find((x) => x.orderId === run.runId);
      console.log(`  still moving: seller ${s.i} run ${run.runId} ${run.state}/${run.subState} ${run.coinsTransferred}/${run.coinAmount} coins; provider order: ${o ? `${o.state} ${o.error ?? ''}` : 'unknown to the (restarted) simulator'}`);
    }
    for (const w of r.withdrawals.filter((x) => waitingOf('withdrawal', x) === 'system')) console.log(`  still moving: seller ${s.i} withdrawal ${w.withdrawalId} ${w.state}; provider: ${payouts.get(`withdrawal:${w.withdrawalId}`)?.state ?? 'no payout'}`);
    for (const p of r.purchases.filter((x) => waitingOf('purchase', x) === 'system')) console.log(`  still moving: seller ${s.i} purchase ${p.purchaseId} ${p.state}`);
  }
  await sleep(5_000);
  await readPayouts();
  clearInterval(payoutPoll);
  records = new Map(await Promise.all(sellers.map(async (s) => [s, await readSellerSettled(s)] as const)));

  // Each invariant on its own: one that cannot be checked is a failure that says why, and the others still run.
  const checks: [string, () => Verdict | Verdict[] | Promise<Verdict>][] = [
    ['money', () => moneyVerdicts(records)], ['payouts', () => payoutVerdict(records, payouts)], ['states', () => finalVerdict(records)],
    ['vault', async () => {
      const keys = keyRingFrom(TEST_SECRETS_KEY);
      const temporal = await connectTemporal(stack.env.TEMPORAL_ADDRESS!, keys);
      try {
        const vault = await SecretVault.open(db.db!, keys);
        // As the worker's sealed-secrets schedule sweeps: a recorded run whose request died is started, not stripped of its details.
        const startRecorded = recordedRunStarter({ client: temporal.client, taskQueue: stack.env.TEMPORAL_TASK_QUEUE! }, comfortTimingsFromEnv(stack.env), vault);
        const deps = { vault, temporal: temporal.client, runs: await ComfortRuns.open(db.db!), startRecorded };
        return await vaultVerdict(db.db!, sellers.map((s) => s.sellerId), () => sweepSealedSecrets(deps, Date.now() + Math.max(RESUBMIT_UPLOAD_TTL_MS, SUBMITTED_CREDENTIALS_TTL_MS) + 1_000));
      } finally {
        await temporal.connection.close();
      }
    }], ['feed', () => feedVerdict(sellers, stack.url, db.db!)], ['webhooks', () => webhookVerdict(receiver.hits)],
  ];
  const verdicts: Verdict[] = [];
  for (const [name, check] of checks) {
    try { verdicts.push(...[await check()].flat()); } catch (err) { verdicts.push({ name, ok: false, detail: `could not be checked: ${(err as Error).message}` }); }
  }
  const byPart: Record<string, number> = {};
  for (const f of faults) byPart[f.part.replace(/-\d+$/, '')] = (byPart[f.part.replace(/-\d+$/, '')] ?? 0) + 1;
  const back = summarize(faults.map((f) => f.backMs ?? 0));
  const lat = summarize(meter.samples.map((s) => s.ms));
  const failed = meter.samples.filter((s) => !s.ok).length;
  console.log(`\nfaults injected: ${faults.length} (${Object.entries(byPart).map(([k, v]) => `${k} ${v}`).join(', ')}); restart to answering (API replicas: /ready; workers: spawned) p50 ${fmt(back.p50)} max ${fmt(back.max)}${faults.some((f) => f.error) ? `; ${faults.filter((f) => f.error).length} restarts needed a retry` : ''}`);
  console.log(`requests: ${meter.samples.length} (${failed} errors or 5xx during faults, retried with the same key), p50 ${fmt(lat.p50)} p99 ${fmt(lat.p99)}; load average now ${la()}`);
  console.log(`refusals (4xx): ${Object.entries(meter.refusals).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'}`);
  console.log('invariants:');
  for (const v of verdicts) console.log(`  ${v.ok ? 'PASS' : 'FAIL'} ${v.name}: ${v.detail}`);
  exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
  for (const s of sellers) s.socket.close();
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await receiver.close();
  await db.close().catch(() => undefined);
  await stack.stop();
}
process.exit(exitCode);
