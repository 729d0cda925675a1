/**
 * The seller's API keys in Settings: see them, rename, rotate (the new secret is in this answer
 * only; needs a fresh re-authentication and tells the seller: in-app and by mail) and revoke (told too). Issuing keys and
 * enabling API access is support's (the support tool). Rotating or revoking a key removes the webhook endpoints it
 * registered (each told, with its URL): the key's change comes first, so until the removal is done those endpoints already
 * receive nothing (WebhookEndpoints.deliverable), and revoking again finishes a removal that stopped half-way.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ApiKeys } from '../../infra/api-keys/keys.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { requireFreshAuth } from '../auth/reauth.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import { KEY_CHANGED, type ApiKeyView } from '../../domain/api-keys.js';
import { DomainError } from '../../domain/errors.js';
import { tellKeyEndpointsRemoved } from '../../infra/webhooks/key-removal-notices.js';
import type { WebhookService } from '../webhooks/service.js';

export const apiKeyRoutes: FastifyPluginAsync<{ keys: ApiKeys; webhooks: WebhookService; tell: TellAccount }> = async (app, { keys, webhooks, tell }) => {
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
    const rotated = await keys.rotateKey(seller.id, req.params.id, seenRotation(req.body));
    // Once per rotation: the key's new revision is this action's id (two racing rotations cannot share one).
    const { revision, ...answer } = rotated;
    await tell(seller.id, 'api_key_rotated', `${answer.key.keyId}:r${revision}`, { name: answer.key.name, prefix: answer.key.prefix }, Date.parse(answer.key.rotatedAt ?? '') || Date.now());
    // Endpoints the key registered before this rotation go with the old secret (the new one's may stay).
    const removed = await webhooks.removeMadeByKey(seller.id, { keyId: answer.key.keyId, belowRevision: revision }, 'key_rotated');
    await tellKeyEndpointsRemoved(tell, seller.id, removed, 'key_rotated', answer.key);
    return answer;
  });

  app.post<{ Params: { id: string } }>('/api/member/api-keys/:id/revoke', auth, async (req) => {
    const sellerId = sellerOf(req).id;
    const key = await keys.revokeKey(sellerId, req.params.id);
    await tellKeyRevoked(tell, sellerId, key);
    // Also when the key was revoked already: this finishes a removal that stopped half-way.
    await tellKeyEndpointsRemoved(tell, sellerId, await webhooks.removeMadeByKey(sellerId, { keyId: key.keyId }, 'key_revoked'), 'key_revoked', key);
    return { key };
  });
};

/** Once per key (a key is revoked once: revoking again, or a racing revoke, tells nothing new). */
export function tellKeyRevoked(tell: TellAccount, sellerId: string, key: ApiKeyView): Promise<void> {
  return tell(sellerId, 'api_key_revoked', `${key.keyId}:revoked`, { name: key.name, prefix: key.prefix }, Date.parse(key.revokedAt ?? '') || Date.now());
}

/** The key as the seller saw it (`seenRotatedAt`: its `rotatedAt` or null); absent, the rotation does not check it. */
function seenRotation(body: unknown): string | null | undefined {
  const seen = (body as { seenRotatedAt?: unknown } | null)?.seenRotatedAt;
  if (seen === undefined || seen === null) return seen;
  if (typeof seen === 'string' && seen.length <= 40) return seen;
  throw DomainError.invalidFields([{ field: 'seenRotatedAt', message: KEY_CHANGED }], 'key_changed');
}
