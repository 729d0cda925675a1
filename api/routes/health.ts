import type { FastifyInstance } from 'fastify';

/** How long /ready waits for each check: a load balancer or `npm start` gets its answer within a second. */
const READY_WITHIN_MS = 900;

/** `/health`: the process is up. `/ready`: it can reach MongoDB and Temporal right now. */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, () => Promise<boolean>>) {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_req, reply) => {
    const results = await readiness(checks);
    const ready = Object.values(results).every(Boolean);
    const detail = Object.fromEntries(Object.entries(results).map(([n, up]) => [n, up ? 'up' : 'down']));
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...detail });
  });
}

/** Each check's answer, a late or throwing one counting as down: what /ready and the `coinmarket_ready` gauge report. */
export async function readiness(checks: Record<string, () => Promise<boolean>>): Promise<Record<string, boolean>> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((n) => within(checks[n](), READY_WITHIN_MS)));
  return Object.fromEntries(names.map((n, i) => [n, results[i]]));
}

/** A check that has not answered in time counts as down (and one that throws too). */
async function within(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
