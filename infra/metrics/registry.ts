/**
 * One registry per process (per app in tests, which run an API and a worker in one process), with
 * Node's default metrics: CPU, memory, GC, handles, and the event loop's delay
 * (`nodejs_eventloop_lag_*_seconds`, a histogram prom-client resets at each scrape, so each figure
 * covers the time since the previous scrape).
 */
import { Registry, collectDefaultMetrics } from 'prom-client';

export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Every metric this project defines is named `coinmarket_…`; Node's and Temporal's keep their own prefixes. */
export const PREFIX = 'coinmarket_';

/**
 * A figure computed from the database at most once per `ttlMs`, however many scrapers ask (two
 * Prometheus replicas, a person with curl): concurrent scrapes share one query.
 */
export function cachedFor<T>(ttlMs: number, compute: () => Promise<T>): () => Promise<T> {
  let at = -Infinity;
  let last: Promise<T> | null = null;
  return () => {
    const now = performance.now();
    if (!last || now - at >= ttlMs) {
      at = now;
      last = compute();
      // A failed computation is not kept: the next scrape asks again.
      last.catch(() => { if (at === now) last = null; });
    }
    return last;
  };
}
