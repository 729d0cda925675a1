/**
 * The seller's API keys in Settings: see them, rename, rotate (the new secret is in this answer
 * only) and revoke. Issuing keys and enabling API access is support's (the support tool).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiKeys } from '../../infra/api-keys/keys.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';

export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeys): void {
  const auth = { preHandler: requireSeller };

  app.get('/api/member/api-keys', auth, async (req) => {
    const sellerId = sellerOf(req).id;
    const [enabled, list] = await Promise.all([keys.hasApiAccess(sellerId), keys.listKeys(sellerId)]);
    return { enabled, keys: list };
  });

  app.patch<{ Params: { id: string } }>('/api/member/api-keys/:id', auth, async (req) =>
    ({ key: await keys.renameKey(sellerOf(req).id, req.params.id, (req.body as { name?: unknown } | null)?.name) }));

  app.post<{ Params: { id: string } }>('/api/member/api-keys/:id/rotate', auth, async (req, reply) => {
    // The secret is shown once: no cache may keep this answer.
    reply.header('cache-control', 'no-store');
    return keys.rotateKey(sellerOf(req).id, req.params.id);
  });

  app.post<{ Params: { id: string } }>('/api/member/api-keys/:id/revoke', auth, async (req) =>
    ({ key: await keys.revokeKey(sellerOf(req).id, req.params.id) }));
}
