/**
 * `requireKey(scope)`: the preHandler of the webhook routes under /api/v1 until they move onto the
 * v1 API's own guard (rate limits, Idempotency-Key): `Authorization: Bearer <key>`, never a cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ACCESS_OFF, KEY_INVALID, KEY_REVOKED, SCOPE_MISSING, type ApiScope } from '../../domain/api-keys.js';
import { DomainError } from '../../domain/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireKey: the seller the request's API key speaks for. */
    keySellerId?: string;
  }
}

const REFUSALS = { malformed: KEY_INVALID, unknown: KEY_INVALID, revoked: KEY_REVOKED, access_disabled: API_ACCESS_OFF } as const;

export function requireKey(scope: ApiScope) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const r = await req.server.apiKeys.authenticateKey(m?.[1]);
    if (!r.ok) {
      reply.header('www-authenticate', 'Bearer realm="coin-market-api"');
      throw new DomainError('unauthenticated', r.refused === 'access_disabled' ? 'api_access_disabled' : r.refused === 'revoked' ? 'key_revoked' : 'invalid_api_key', REFUSALS[r.refused]);
    }
    if (!r.scopes.includes(scope)) throw new DomainError('forbidden', 'scope_missing', SCOPE_MISSING(scope), { data: { scope } });
    req.keySellerId = r.sellerId;
  };
}

/** The seller of a request that passed requireKey. */
export function keySellerOf(req: FastifyRequest): string {
  if (!req.keySellerId) throw new DomainError('unauthenticated', 'invalid_api_key', KEY_INVALID);
  return req.keySellerId;
}
