/**
 * The seller's API keys in Settings: see them, rename, rotate (the new secret is in this answer
 * only; needs a fresh re-authentication and mails the seller) and revoke. Issuing keys and
 * enabling API access is support's (the support tool).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiKeys } from '../../infra/api-keys/keys.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { requireFreshAuth } from '../auth/reauth.js';
import { secretIssuedMail } from '../auth/mails.js';

export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeys): void {
  const auth = { preHandler: requireSeller };

  app.get('/api/member/api-keys', auth, async (req) => {
    const sellerId = sellerOf(req).id;
    const [enabled, list] = await Promise.all([keys.hasApiAccess(sellerId), keys.listKeys(sellerId)]);
    return { enabled, keys: list };
  });

  app.patch<{ Params: { id: string } }>('/api/member/api-keys/:id', auth, async (req) =>
    ({ key: await keys.renameKey(sellerOf(req).id, req.params.id, (req.body as { name?: unknown } | null)?.name) }));

  // A stolen session alone must not mint a working secret: the seller confirms it is them first.
  app.post<{ Params: { id: string } }>('/api/member/api-keys/:id/rotate', { preHandler: [requireSeller, requireFreshAuth] }, async (req, reply) => {
    // The secret is shown once: no cache may keep this answer.
    reply.header('cache-control', 'no-store');
    const seller = sellerOf(req);
    const rotated = await keys.rotateKey(seller.id, req.params.id);
    const what = `The API key "${rotated.key.name}" (${rotated.key.prefix}_…) was rotated; its new secret was shown once and the old one stopped working.`;
    app.accounts.mailer.send(secretIssuedMail(seller.email, what)).catch(() => undefined); // the mailer logs
    return rotated;
  });

  app.post<{ Params: { id: string } }>('/api/member/api-keys/:id/revoke', auth, async (req) =>
    ({ key: await keys.revokeKey(sellerOf(req).id, req.params.id) }));
}
