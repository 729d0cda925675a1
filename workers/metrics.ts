/**
 * The worker's metrics: Node's defaults (event loop delay included), the counters of what its
 * activities did, and the business and backlog gauges read from the records at scrape. Built once per
 * process (the worker itself is created again after a Temporal outage; its counters carry on).
 */
import type { Db } from 'mongodb';
import type { Logger } from '../infra/logger.js';
import { createBusinessCounters, type BusinessCounters } from '../infra/metrics/counters.js';
import { registerBusinessGauges, type BusinessOptions } from '../infra/metrics/business.js';
import { createRegistry } from '../infra/metrics/registry.js';
import { serveMetrics, type Health } from '../infra/metrics/server.js';
import { registerSweepGauges } from '../infra/sweeps/metrics.js';
import type { MetricsListen } from '../infra/metrics/settings.js';

export async function startWorkerMetrics(db: Db, listen: MetricsListen, logger: Logger, options: BusinessOptions = {}, health?: Health): Promise<{ counters: BusinessCounters; url: string; close(): Promise<void> }> {
  const registry = createRegistry();
  const counters = createBusinessCounters(registry);
  registerBusinessGauges(registry, db, logger, options);
  await registerSweepGauges(registry, db, options.ttlMs);
  const server = await serveMetrics(registry, listen, logger, health);
  return { counters, url: server.url, close: server.close };
}
