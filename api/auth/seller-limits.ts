/**
 * Every write a signed-in seller makes (a pick, Player Bought / Not Bought, settings, password,
 * username, game accounts, comfort trade submissions, batches and resubmits, withdrawal quotes,
 * codes and requests) is counted per seller, shared by all replicas: one session cannot flood the
 * workflows, the database or the payout provider (a quote asks it for the rate). Hung on the
 * routes as they are registered.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SELLER_PREFIXES = ['/api/member/', '/api/player-trade/', '/api/game-accounts', '/api/live/', '/api/comfort-trade/', '/api/withdrawals', '/api/notifications'];

async function countSellerWrite(req: FastifyRequest): Promise<void> {
  if (!req.seller) return; // not signed in: requireSeller already answered
  const a = req.server.accounts;
  await a.limiter.hit('seller-writes', req.seller.id, a.limits.sellerWrites);
}

/** Adds the per-seller write limit after the auth check of every seller write route registered from now on. */
export function limitSellerWrites(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => SAFE_METHODS.has(m)) || !SELLER_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, countSellerWrite as preHandlerHookHandler];
  });
}
