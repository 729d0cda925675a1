/**
 * Who calls API v1 and how often: `Authorization: Bearer <key>` (never a cookie), the operation's
 * scope, and a per-key sliding-window limit shared by every replica (numbered slots by unique insert,
 * see RateLimiter), answered with RateLimit-* headers and, past it, 429 with Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KEY_INVALID, SCOPE_MISSING, KEY_REVOKED, API_ACCESS_OFF, type ApiScope } from '../../domain/api-keys.js';
import { DomainError } from '../../domain/errors.js';
import { ACCOUNT_SUSPENDED } from '../../domain/account-standing.js';
import type { Limit } from '../../infra/accounts/limits.js';
import type { KeyGrant } from '../../infra/api-keys/keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the v1 guard: the key this request stands on. */
    apiKey?: KeyGrant;
  }
}

/** Per key, across replicas: a steady script stays under it; a runaway loop is slowed down. */
export const DEFAULT_V1_RATE_LIMIT: Limit = { max: 120, windowSeconds: 60 };

const REFUSALS = { malformed: KEY_INVALID, unknown: KEY_INVALID, revoked: KEY_REVOKED, access_disabled: API_ACCESS_OFF, account_suspended: ACCOUNT_SUSPENDED } as const;

/** The onRequest guard of one operation needing `scope`. */
export function guard(scope: ApiScope | null, limit: Limit) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const result = await req.server.apiKeys.authenticateKey(m?.[1]);
    if (!result.ok) {
      reply.header('www-authenticate', 'Bearer realm="coin-market-api"');
      const code = { access_disabled: 'api_access_disabled', revoked: 'key_revoked', account_suspended: 'account_suspended' }[result.refused as string] ?? 'invalid_api_key';
      throw new DomainError('unauthenticated', code, REFUSALS[result.refused]);
    }
    req.apiKey = { sellerId: result.sellerId, keyId: result.keyId, scopes: result.scopes, revision: result.revision };
    if (scope && !result.scopes.includes(scope)) throw new DomainError('forbidden', 'scope_missing', SCOPE_MISSING(scope), { data: { scope } });
    const { allowed, remaining, retryAfterSeconds, resetSeconds } = await req.server.accounts.limiter.take('api-v1', result.keyId, limit);
    reply.header('ratelimit-limit', String(limit.max));
    reply.header('ratelimit-remaining', String(remaining));
    // When the whole limit is back; Retry-After (below) says when the next call is.
    reply.header('ratelimit-reset', String(resetSeconds));
    reply.header('ratelimit-policy', `${limit.max};w=${limit.windowSeconds}`);
    if (!allowed) {
      reply.header('retry-after', String(retryAfterSeconds));
      throw new DomainError('rate_limited', 'rate_limited', `Too many requests for this API key; please try again in ${retryAfterSeconds} seconds`, {
        data: { retryAt: Date.now() + retryAfterSeconds * 1000 },
      });
    }
  };
}

/** The key of a request that passed the guard. */
export function keyOf(req: FastifyRequest): KeyGrant {
  if (!req.apiKey) throw new DomainError('unauthenticated', 'invalid_api_key', KEY_INVALID);
  return req.apiKey;
}
