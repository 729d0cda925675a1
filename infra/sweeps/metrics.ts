/**
 * Per sweep: rounds and failures (counters, per process: the replica that ran the round counts it)
 * and, from the sweep log (cluster-wide), its period and when it last succeeded, so an alert can say
 * "not succeeded for three periods" whichever replica ran it and across restarts.
 */
import type { Db } from 'mongodb';
import { Gauge, type Registry } from 'prom-client';
import { PREFIX, cachedFor } from '../metrics/registry.js';
import { SweepLog } from './sweep-log.js';

export async function registerSweepGauges(registry: Registry, db: Db, ttlMs = 5_000): Promise<void> {
  const log = await SweepLog.open(db);
  const docs = cachedFor(ttlMs, () => log.all());
  new Gauge({
    name: `${PREFIX}sweep_last_success_timestamp_seconds`, labelNames: ['sweep', 'task_queue'], registers: [registry],
    help: 'When the sweep last succeeded (Unix seconds); a sweep that never did counts from when its schedule was made',
    async collect() {
      this.reset();
      for (const d of await docs()) this.set({ sweep: d.name, task_queue: d.taskQueue }, (d.lastSuccessAt ?? d.since).getTime() / 1000);
    },
  });
  new Gauge({
    name: `${PREFIX}sweep_interval_seconds`, labelNames: ['sweep', 'task_queue'], registers: [registry],
    help: 'The period of the sweep\'s Temporal Schedule',
    async collect() {
      this.reset();
      for (const d of await docs()) this.set({ sweep: d.name, task_queue: d.taskQueue }, d.everyMs / 1000);
    },
  });
}
