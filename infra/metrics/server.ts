/**
 * The metrics port: GET /metrics in Prometheus's text format (and, when the process has one, GET
 * /health: the worker's, for compose's healthcheck), on its own listener so the public site
 * (Caddy → the API's port) never serves it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { metricsUrl, type MetricsListen } from './settings.js';

export interface MetricsServer { url: string; close(): Promise<void> }

/** Whether the process does its work (the worker: its Temporal workers run); answered 200 or 503 at GET /health. */
export type Health = () => boolean;

export async function serveMetrics(registry: Registry, listen: MetricsListen, logger: Pick<Logger, 'warn'>, health?: Health): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (health && req.method === 'GET' && path === '/health') {
      const ok = health();
      res.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' }).end(ok ? 'ok\n' : 'not running: waiting for Temporal or the database\n');
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        // A gauge whose query failed fails the scrape: Prometheus marks the target down (`up` 0) rather than show stale figures.
        logger.warn({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => { server.off('error', reject); resolve(); });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: metricsUrl({ host: address, port }),
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
