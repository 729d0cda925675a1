import type { FastifyInstance } from 'fastify';

/** `/health`: the process is up. `/ready`: it can reach MongoDB and Temporal right now. */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, () => Promise<boolean>>) {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_req, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => checks[n]()));
    const detail = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'up' : 'down']));
    const ready = results.every(Boolean);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...detail });
  });
}
