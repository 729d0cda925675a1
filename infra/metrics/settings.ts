/**
 * Where a process serves its Prometheus metrics: the only place that reads METRICS_PORT,
 * METRICS_HOST and TEMPORAL_METRICS_PORT. Loopback by default: the port is for the operator's
 * scraper, never the public (Caddy routes only the API's own port); compose sets METRICS_HOST so
 * Prometheus on the private network reaches it, without publishing the port.
 */
import { ConfigError } from '../config-error.js';

export interface MetricsListen { port: number; host: string }

/** Each process's own default port, so `npm start` runs them side by side; 0 turns a port off (the tests' setting). */
export const METRICS_DEFAULT_PORTS = { api: 9464, worker: 9465, temporal: 9466 } as const;

export class MetricsConfigError extends ConfigError {}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new MetricsConfigError(`${name} must be a port from 0 (off) to 65535, not "${v}"`);
  return Number(v);
}

/**
 * The metrics address of `kind` (`api`, `worker`, or `temporal`: the Temporal SDK's own exporter in
 * the worker), or null when its port is 0. METRICS_PORT sets the API's and the worker's (one process
 * each per container), TEMPORAL_METRICS_PORT the SDK's.
 */
export function metricsListenFromEnv(env: NodeJS.ProcessEnv, kind: keyof typeof METRICS_DEFAULT_PORTS): MetricsListen | null {
  const port = kind === 'temporal'
    ? portFrom(env, 'TEMPORAL_METRICS_PORT', METRICS_DEFAULT_PORTS.temporal)
    : portFrom(env, 'METRICS_PORT', METRICS_DEFAULT_PORTS[kind]);
  return port === 0 ? null : { port, host: env.METRICS_HOST || '127.0.0.1' };
}

/** `host:port` (an IPv6 host in brackets). */
export const hostPort = (l: MetricsListen): string => `${l.host.includes(':') ? `[${l.host}]` : l.host}:${l.port}`;
/** `http://host:port/metrics` as an operator types it. */
export const metricsUrl = (l: MetricsListen): string => `http://${hostPort(l)}/metrics`;
