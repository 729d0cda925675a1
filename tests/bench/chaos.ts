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
import { startStack } from './_stack.js';
import { createTrafficSeller, Meter, runTraffic, startReceiver, type TrafficSeller } from './_traffic.js';
import { feedVerdict, finalVerdict, moneyVerdicts, payoutVerdict, readSeller, vaultVerdict, waitingOf, webhookVerdict, type SellerRecords, type SimPayout, type Verdict } from './_invariants.js';
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

  // Faults one after another at random moments, spread over the run.
  const faults: { at: number; part: string; downMs: number; backMs: number; error?: string }[] = [];
  const gap = (MINUTES * 60_000) / FAULTS;
  for (let n = 0; n < FAULTS && Date.now() < endAt; n++) {
    await sleep(Math.random() * gap * 0.8);
    const part = pick(['worker', 'api', 'simulator', 'temporal', 'db-proxy'] as const);
    const name = part === 'worker' ? `worker-${Math.floor(Math.random() * WORKERS)}` : part === 'api' ? `api-${Math.floor(Math.random() * APIS)}` : part;
    const downMs = Math.round(200 + Math.random() * 3_000);
    if (name === 'simulator') await readPayouts();
    const at = Date.now();
    await stack.kill(name);
    await sleep(downMs);
    const b0 = Date.now();
    let error: string | undefined;
    for (let attempt = 0; ; attempt++) {
      try { await stack.restart(name); break; } catch (err) {
        error = (err as Error).message.slice(0, 300);
        if (attempt >= 2) { console.log(`${stamp()} ${name} did not come back: ${error}`); break; }
      }
    }
    faults.push({ at: at - t0, part: name, downMs, backMs: Date.now() - b0, error });
    console.log(`${stamp()} fault ${n + 1}: SIGKILL ${name}, down ${downMs} ms, back after ${Date.now() - b0} ms`);
    const rest = gap - (Date.now() - at);
    if (rest > 0) await sleep(Math.random() * rest);
  }
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
  await sleep(5_000);
  await readPayouts();
  clearInterval(payoutPoll);

  const verdicts: Verdict[] = [
    ...moneyVerdicts(records), payoutVerdict(records, payouts), finalVerdict(records),
    await vaultVerdict(db.db!, sellers.map((s) => s.sellerId)), await feedVerdict(sellers, stack.url), webhookVerdict(receiver.hits),
  ];
  const byPart: Record<string, number> = {};
  for (const f of faults) byPart[f.part.replace(/-\d+$/, '')] = (byPart[f.part.replace(/-\d+$/, '')] ?? 0) + 1;
  const back = summarize(faults.map((f) => f.backMs));
  const lat = summarize(meter.samples.map((s) => s.ms));
  const failed = meter.samples.filter((s) => !s.ok).length;
  console.log(`\nfaults injected: ${faults.length} (${Object.entries(byPart).map(([k, v]) => `${k} ${v}`).join(', ')}); restart to answering p50 ${fmt(back.p50)} max ${fmt(back.max)}${faults.some((f) => f.error) ? `; ${faults.filter((f) => f.error).length} restarts needed a retry` : ''}`);
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
