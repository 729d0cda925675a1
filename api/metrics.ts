/**
 * The API's metrics and access log. Each request is measured and logged once, when its answer has
 * been sent, by its route pattern (`/api/member/withdrawals/:id`), never its raw URL: the URL may hold
 * a token in its query string, and raw paths would make one series per id.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Logger } from '../infra/logger.js';
import { PREFIX } from '../infra/metrics/registry.js';
import { readiness } from './routes/health.js';
import type { LiveServer } from './socket.js';

/** The route label of a request no route matched (a 404 from the router): one series, whatever was asked. */
export const NO_ROUTE = '(no route)';

/** Short random request ids: unique across replicas, so one id finds one line however many run. */
export const newRequestId = (): string => randomBytes(8).toString('hex');

/** The route pattern a request matched (never its raw URL), or NO_ROUTE. */
export const routeOf = (req: FastifyRequest): string => req.routeOptions?.url ?? NO_ROUTE;

/** The seller behind a request when known: a session's or an API key's. */
export const sellerIdOf = (req: FastifyRequest): string | undefined => req.seller?.id ?? req.apiKey?.sellerId;

/**
 * One line per request: id, method, route pattern, status, duration and the seller when known (a
 * session's or an API key's). Never the URL, headers, body or cookies: what a request carried stays
 * out of the log whatever it was.
 */
export function registerAccessLog(http: FastifyInstance, logger: Logger): void {
  http.addHook('onResponse', async (req, reply) => {
    const sellerId = sellerIdOf(req);
    logger.info({
      reqId: req.id, method: req.method, route: routeOf(req), status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100, ...(sellerId ? { sellerId } : {}),
    }, 'request');
  });
}

/** Request rate, latency and status per route: `coinmarket_http_request_duration_seconds` (its `_count` is the rate). */
export function registerHttpMetrics(http: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'API requests by method, route pattern and status: the time from the request to the answer sent (_count: requests)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  http.addHook('onResponse', async (req, reply) => {
    duration.observe({ method: req.method, route: routeOf(req), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** Open sockets per Socket.IO namespace (`/`: the web app's live feed, `/v1`: API sellers' status sockets), read at scrape. */
export function registerSocketMetrics(io: LiveServer, registry: Registry): void {
  const open: Gauge = new Gauge({
    name: `${PREFIX}sockets_open`, help: 'Signed-in sockets open on this replica, by Socket.IO namespace', labelNames: ['namespace'], registers: [registry],
    collect: () => {
      open.reset();
      for (const [name, nsp] of (io as unknown as { _nsps: Map<string, { sockets: Map<string, unknown> }> })._nsps) open.set({ namespace: name }, nsp.sockets.size);
    },
  });
}

/** Newest event's age when this replica emitted it to sockets: the live feed's lag (the log's write to the seller's socket). */
export function liveLagHistogram(registry: Registry): (seconds: number) => void {
  const lag = new Histogram({
    name: `${PREFIX}live_event_lag_seconds`,
    help: 'Time from a live event written to the log to this replica emitting it to sockets',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return (seconds) => lag.observe(seconds);
}

/**
 * `coinmarket_ready{dependency}`: 1 when this replica reaches MongoDB / Temporal, read at scrape with
 * the same checks and deadline as `/ready`, so the ApiNotReady alert sees what a load balancer sees.
 */
export function registerReadyGauge(registry: Registry, checks: Record<string, () => Promise<boolean>>): void {
  const ready: Gauge = new Gauge({
    name: `${PREFIX}ready`, help: '1 when this API replica reaches the dependency now (as /ready checks it), 0 when not', labelNames: ['dependency'], registers: [registry],
    collect: async () => {
      for (const [dependency, up] of Object.entries(await readiness(checks))) ready.set({ dependency }, up ? 1 : 0);
    },
  });
}
