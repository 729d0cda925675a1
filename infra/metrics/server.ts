/**
 * The metrics port: GET /metrics in Prometheus's text format and nothing else, on its own
 * listener so the public site (Caddy → the API's port) never serves it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { metricsUrl, type MetricsListen } from './settings.js';

export interface MetricsServer { url: string; close(): Promise<void> }

export async function serveMetrics(registry: Registry, listen: MetricsListen, logger: Pick<Logger, 'warn'>): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
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
