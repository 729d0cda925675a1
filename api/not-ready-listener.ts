/**
 * The API's port while its start waits for the database: /ready answers 503 with what is missing
 * (a load balancer or npm start sees "not ready", not a refused connection), every other request 503
 * `unavailable` with Retry-After. Closed just before the app listens on the same port.
 */
import { createServer } from 'node:http';
import { TRY_AGAIN } from '../domain/messages.js';
import type { Logger } from '../infra/logger.js';

export async function listenNotReady(port: number, host: string, down: () => Record<string, 'up' | 'down'>, logger: Pick<Logger, 'warn'>): Promise<() => Promise<void>> {
  const server = createServer((req, res) => {
    const ready = req.url === '/ready' || req.url?.startsWith('/ready?');
    const body = ready ? { status: 'not ready', ...down() } : { error: { code: 'unavailable', message: TRY_AGAIN } };
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' }).end(JSON.stringify(body));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => { logger.warn({ err: { message: err.message } }, 'the not-ready answer could not listen; the port opens when the start is done'); resolve(false); });
    server.listen(port, host, () => resolve(true));
  });
  return async () => {
    if (!listening) return;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
}
