/**
 * `npm run soak` (issue 21, section 2): SOAK_MINUTES (60) of mixed traffic from SOAK_SELLERS (12)
 * sellers through the public HTTP and socket APIs only (tests/bench/_traffic.ts), on the stack of
 * `npm run chaos` without faults. Every minute it prints requests answered, p99 latency, the memory
 * of every process (RSS; PostgreSQL: the sum of its processes' proportional set size, PSS, so shared
 * buffers count once) and the open database connections (clients of FerretDB, FerretDB's connections
 * to PostgreSQL). Fails (exit 1) on growth that does not level off: a series whose mean over the last
 * third of the run is more than SOAK_GROWTH_PCT (20) % and SOAK_GROWTH_MB (30) MB (connections: 20 %
 * and 5) above its mean over the middle third.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { connectDatabase } from '../../infra/db.js';
import { startStack } from './_stack.js';
import { watchTemporal } from '../../scripts/watch-temporal.js';
import { createTrafficSeller, Meter, runTraffic, startReceiver, type TrafficSeller } from './_traffic.js';
import { fmt, summarize } from './stats.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 60);
const SELLERS = Number(process.env.SOAK_SELLERS ?? 12);
const GROWTH_PCT = Number(process.env.SOAK_GROWTH_PCT ?? 20);
const GROWTH_MB = Number(process.env.SOAK_GROWTH_MB ?? 30);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60) * 1000;

/** Memory of a process in MB: PSS when the kernel gives it (shared pages split among sharers), else RSS. */
function memoryMb(pid: number, pss: boolean): number {
  try {
    if (pss) return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]) / 1024;
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch { return 0; }
}
/** Established TCP connections whose remote end is 127.0.0.1:`port` (clients of that server). */
function connectionsTo(port: number): number {
  const hex = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let n = 0;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[2] === hex && f[3] === '01') n++;
  }
  return n;
}

console.log(`soak: ${MINUTES} min, ${SELLERS} sellers, 2 API replicas behind Caddy, 2 workers; ${cpus().length} cores; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const stack = await startStack({ apis: 2, workers: 2 });
const db = await connectDatabase(stack.mongo.uri, 'coinmarket');
// As npm start does: the dev server's SQLite broke at minute 28-31 of two soaks (`interrupted (9)` on
// every call); the watchdog restarts it on its file and says so in this log.
const stopWatchingTemporal = watchTemporal({
  address: stack.temporalAddress, choice: { service: 'Temporal', chosen: "the soak's dev server", skipped: [] },
  restart: async () => { await stack.kill('temporal'); await stack.restart('temporal'); },
}, 'default', (line) => console.log(`[watch] ${new Date().toISOString()} ${line}`));
const receiver = await startReceiver();
const meter = new Meter();
const ferretPort = Number(/127\.0\.0\.1:(\d+)/.exec(stack.mongo.uri)![1]);
const pgPort = Number(/ -p (\d+)/.exec(readFileSync(`/proc/${stack.pids().postgres[0]}/cmdline`, 'utf8').replaceAll('\0', ' '))![1]);
let exitCode = 0;
try {
  const sellers: TrafficSeller[] = [];
  for (let i = 0; i < SELLERS; i += 4) {
    sellers.push(...(await Promise.all(Array.from({ length: Math.min(4, SELLERS - i) }, (_, k) =>
      createTrafficSeller(i + k, { url: stack.url, mailUrl: stack.mailUrl, db: db.db!, hookUrl: receiver.url, meter })))));
  }
  const endAt = Date.now() + MINUTES * 60_000;
  const counts: Record<string, number> = {};
  const traffic = runTraffic(sellers, stack.simUrl, () => Date.now() >= endAt, counts);
  const series: Record<string, number[]> = {};
  const add = (k: string, v: number) => { (series[k] ??= []).push(v); };
  let from = Date.now();
  for (let minute = 1; Date.now() < endAt; minute++) {
    await new Promise((r) => setTimeout(r, Math.min(SAMPLE_MS, endAt - Date.now())));
    const now = Date.now();
    const window = meter.since(from, true).filter((s) => s.at < now);
    const lat = summarize(window.map((s) => s.ms));
    const mem: Record<string, number> = {};
    for (const [part, pids] of Object.entries(stack.pids())) {
      if (!pids.length) continue;
      mem[part] = pids.reduce((t, p) => t + memoryMb(p, part === 'postgres'), 0);
      add(`${part} MB`, mem[part]);
    }
    const conns = { 'FerretDB clients': connectionsTo(ferretPort), 'PostgreSQL connections': connectionsTo(pgPort) };
    for (const [k, v] of Object.entries(conns)) add(k, v);
    add('p99 ms', lat.p99);
    // Which operations the slow requests were (p99 per operation, the three slowest).
    const ops = [...new Set(window.map((w) => w.op))].map((op) => [op, summarize(window.filter((w) => w.op === op).map((w) => w.ms)).p99] as const)
      .sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(`min ${String(minute).padStart(3)}: ${window.length} requests (${(window.length / ((now - from) / 1000)).toFixed(1)}/s, ${window.filter((s) => !s.ok).length} errors), p99 ${fmt(lat.p99)}; `
      + `memory MB ${Object.entries(mem).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}; `
      + `connections: ${Object.entries(conns).map(([k, v]) => `${k} ${v}`).join(', ')}; load ${loadavg()[0]!.toFixed(2)}; `
      + `slowest p99: ${ops.map(([op, ms]) => `${op} ${fmt(ms)}`).join(', ')}`);
    from = now;
  }
  await traffic;
  console.log(`traffic: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);

  // Growth that does not level off: the last third's mean against the middle third's.
  const grew: string[] = [];
  for (const [k, xs] of Object.entries(series)) {
    if (k === 'p99 ms' || xs.length < 3) continue;
    const third = Math.floor(xs.length / 3);
    const mean = (a: number[]) => a.reduce((t, x) => t + x, 0) / Math.max(1, a.length);
    const mid = mean(xs.slice(third, 2 * third));
    const last = mean(xs.slice(2 * third));
    const floor = k.endsWith('MB') ? GROWTH_MB : 5;
    const verdict = last > mid * (1 + GROWTH_PCT / 100) && last - mid > floor;
    if (verdict) grew.push(k);
    console.log(`  ${verdict ? 'GROWS' : 'level'} ${k}: middle third ${mid.toFixed(1)}, last third ${last.toFixed(1)} (${mid ? (((last - mid) / mid) * 100).toFixed(1) : '-'} %)`);
  }
  console.log(grew.length ? `FAIL: growth that does not level off: ${grew.join(', ')}` : 'PASS: every memory and connection series levels off');
  exitCode = grew.length ? 1 : 0;
  for (const s of sellers) s.socket.close();
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await receiver.close();
  await db.close().catch(() => undefined);
  await stopWatchingTemporal();
  await stack.stop();
}
process.exit(exitCode);
