/**
 * Cost per business operation, for the benchmarks: what a run costs in work, not only in time, so a
 * figure taken on a loaded machine still compares. Counts that do not depend on load: history events,
 * workflow tasks, activities (server-dispatched and local), search-attribute upserts (from each
 * workflow's history), database commands (the driver's command-started events, per connection).
 * And CPU milliseconds per process (Temporal, PostgreSQL with its backends, FerretDB, mongod, this
 * Node process), read from /proc before and after, with the load average at the time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Client } from '@temporalio/client';
import protos from '@temporalio/proto';
import type { Connection } from 'mongoose';
import { tallyHistory, type HistoryCost } from '../support/history-cost.js';

const E = protos.temporal.api.enums.v1.EventType;

export { tallyHistory, type HistoryCost };

const ZERO: HistoryCost = { events: 0, workflowTasks: 0, activities: 0, localActivities: 0, upserts: 0, timers: 0, childStarts: 0 };

/**
 * The histories of `workflowIds`, tallied: the mean per workflow and the highest. With `idleOnTimer`,
 * a history is read once its last event is a started timer (a run waiting out its freeze), so a step
 * still in flight when the bench saw the state it waited for is counted too.
 */
export async function historyCost(client: Client, workflowIds: string[], opts: { idleOnTimer?: boolean } = {}): Promise<{ n: number; mean: HistoryCost; max: HistoryCost }> {
  const fetchOne = async (id: string) => {
    for (let i = 0; ; i++) {
      const events = (await client.workflow.getHandle(id).fetchHistory()).events ?? [];
      if (!opts.idleOnTimer || events.at(-1)?.eventType === E.EVENT_TYPE_TIMER_STARTED || i >= 100) return events;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const all: HistoryCost[] = [];
  // A few at a time: fetching is cheap, but 100 at once would be its own load.
  for (let i = 0; i < workflowIds.length; i += 10) {
    const got = await Promise.all(workflowIds.slice(i, i + 10).map(async (id) => tallyHistory(await fetchOne(id))));
    all.push(...got);
  }
  const keys = Object.keys(ZERO) as (keyof HistoryCost)[];
  const mean = Object.fromEntries(keys.map((k) => [k, all.reduce((s, c) => s + c[k], 0) / Math.max(1, all.length)])) as unknown as HistoryCost;
  const max = Object.fromEntries(keys.map((k) => [k, Math.max(0, ...all.map((c) => c[k]))])) as unknown as HistoryCost;
  return { n: all.length, mean, max };
}

export const formatHistoryCost = (what: string, h: { n: number; mean: HistoryCost; max: HistoryCost }) => {
  const f = (k: keyof HistoryCost) => `${+h.mean[k].toFixed(1)}${h.max[k] !== h.mean[k] ? ` (max ${h.max[k]})` : ''}`;
  return `cost per ${what} (${h.n} histories): ${f('events')} history events, ${f('workflowTasks')} workflow tasks, ${f('activities')} activities `
    + `+ ${f('localActivities')} local activities, ${f('upserts')} search-attribute upserts, ${f('timers')} timers${h.mean.childStarts ? `, ${f('childStarts')} child starts` : ''}`;
};

/** Counts the database commands a connection sends (it must be opened with `monitorCommands: true`). */
export function countCommands(conn: Connection): { total(): number; byName(): Record<string, number>; byTarget(): Record<string, number> } {
  const by: Record<string, number> = {};
  // "find accounts", "insert comfort_events": the command with the collection it names.
  const byTarget: Record<string, number> = {};
  conn.getClient().on('commandStarted', (e: { commandName: string; command: Record<string, unknown> }) => {
    by[e.commandName] = (by[e.commandName] ?? 0) + 1;
    const coll = e.command[e.commandName];
    const key = `${e.commandName} ${typeof coll === 'string' ? coll : '-'}`;
    byTarget[key] = (byTarget[key] ?? 0) + 1;
  });
  return { total: () => Object.values(by).reduce((a, b) => a + b, 0), byName: () => ({ ...by }), byTarget: () => ({ ...byTarget }) };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Proc { pid: number; ppid: number; cmd: string; ticks: number; childTicks: number }

function procs(): Proc[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      return {
        pid: Number(p), ppid: Number(f[1]), cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' '),
        ticks: Number(f[11]) + Number(f[12]), childTicks: Number(f[13]) + Number(f[14]),
      };
    } catch { return null; }
  }).filter((x): x is Proc => x !== null);
}

const KINDS = [['temporal', 'start-dev'], ['ferretdb', 'ferretdb'], ['postgres', 'postgres'], ['mongod', 'mongod']] as const;

/** CPU ticks of the servers started under `dataDir`, by kind (PostgreSQL: the postmaster, the backends it reaped, the live ones). */
function serverTicks(dataDir: string): Record<string, number> {
  const all = procs();
  const out: Record<string, number> = {};
  for (const [kind, mark] of KINDS) {
    const mine = all.filter((p) => p.cmd.includes(dataDir) && p.cmd.includes(mark) && p.pid !== process.pid);
    if (!mine.length) continue;
    const ids = new Set(mine.map((p) => p.pid));
    const children = kind === 'postgres' ? all.filter((p) => ids.has(p.ppid)) : [];
    out[kind] = mine.reduce((s, p) => s + p.ticks + (kind === 'postgres' ? p.childTicks : 0), 0) + children.reduce((s, p) => s + p.ticks, 0);
  }
  return out;
}

/**
 * CPU milliseconds each process spent between `start()` and `stop()`, and the load average at both
 * ends. `node` is this process (the bench's client and, in the in-process benches, the API and worker).
 */
export function cpuMeter(dataDir: string) {
  let servers0: Record<string, number> = {};
  let node0 = process.cpuUsage();
  let load0 = loadavg();
  return {
    start() { servers0 = serverTicks(dataDir); node0 = process.cpuUsage(); load0 = loadavg(); },
    stop() {
      const servers1 = serverTicks(dataDir);
      const node = process.cpuUsage(node0);
      const ms: Record<string, number> = { node: (node.user + node.system) / 1000 };
      for (const [k, v] of Object.entries(servers1)) ms[k] = (v - (servers0[k] ?? 0)) * TICK_MS;
      return { ms, load: { start: load0, end: loadavg() } };
    },
  };
}

export const formatCpu = (r: ReturnType<ReturnType<typeof cpuMeter>['stop']>, perOps: number, what: string) => {
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join('/');
  const parts = Object.entries(r.ms).map(([k, v]) => `${k} ${(v / perOps).toFixed(1)}`);
  return `CPU ms per ${what}: ${parts.join(', ')} (total ${Object.values(r.ms).reduce((a, b) => a + b, 0).toFixed(0)} ms); load average 1/5/15 min at start ${la(r.load.start)}, at end ${la(r.load.end)}`;
};

export const formatCommands = (counters: Record<string, { total(): number }>, perOps: number, what: string) =>
  `database commands per ${what}: ${Object.entries(counters).map(([k, c]) => `${k} ${(c.total() / perOps).toFixed(1)}`).join(', ')}`;

/**
 * One workflow's history as a timeline: each event's offset from `since` (ms), its type and, for an
 * activity, its name; where a run's time goes (a fixed wait shows as one long gap between two events).
 */
export async function historyTimeline(client: Client, workflowId: string, since: number): Promise<string> {
  const events = (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
  const names = new Map<string, string>();
  return events.map((e) => {
    const at = Number(e.eventTime?.seconds ?? 0) * 1000 + Math.floor((e.eventTime?.nanos ?? 0) / 1e6);
    const type = (E[e.eventType ?? 0] ?? String(e.eventType)).replace('EVENT_TYPE_', '');
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) names.set(String(e.eventId), scheduled.activityType?.name ?? '?');
    const ref = e.activityTaskStartedEventAttributes?.scheduledEventId ?? e.activityTaskCompletedEventAttributes?.scheduledEventId
      ?? e.activityTaskFailedEventAttributes?.scheduledEventId ?? e.activityTaskTimedOutEventAttributes?.scheduledEventId;
    const name = scheduled?.activityType?.name ?? (ref != null ? names.get(String(ref)) : undefined)
      ?? e.markerRecordedEventAttributes?.markerName ?? e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowType?.name;
    return `  +${String(at - Math.round(since)).padStart(7)} ms ${type}${name ? ` ${name}` : ''}`;
  }).join('\n');
}
