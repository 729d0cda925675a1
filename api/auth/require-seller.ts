/**
 * `requireSeller`: the preHandler of every member route. It answers 401 without a live session,
 * 403 for a cookie-authenticated write without the session's CSRF token, slides the session's
 * expiry, and puts `req.seller = { id, email }`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { standingRefusal } from '../../domain/account-standing.js';
import { readStanding } from '../../infra/accounts/standing.js';
import { LOG_IN_TO_VIEW, SESSION_CSRF } from '../../domain/messages.js';
import type { SellerDoc, SessionDoc } from '../../infra/accounts/models.js';
import { CSRF_COOKIE, SESSION_COOKIE, csrfMatches, setSessionCookies, type SignedInSeller } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSeller. */
    seller?: SignedInSeller;
    sessionDoc?: SessionDoc;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const unauthenticated = () => new DomainError('unauthenticated', 'unauthenticated', LOG_IN_TO_VIEW);

/** The session of this request, or null (no cookie, unknown, expired). */
export async function currentSession(req: FastifyRequest): Promise<SessionDoc | null> {
  if (req.sessionDoc) return req.sessionDoc;
  const session = await req.server.accounts.sessions.find(req.cookies?.[SESSION_COOKIE]);
  if (session) req.sessionDoc = session;
  return session;
}

export async function requireSeller(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await currentSession(req);
  if (!session) throw unauthenticated();
  if (!SAFE_METHODS.has(req.method) && !csrfMatches(req, session)) {
    throw new DomainError('forbidden', 'csrf', SESSION_CSRF);
  }
  // A write re-reads the standing: a session that outlived a suspension by a moment still cannot pick, submit or withdraw.
  if (!SAFE_METHODS.has(req.method)) {
    const refusal = standingRefusal((await readStanding(req.server.accounts.models.Seller.db.db!, session.sellerId)) ?? 'active');
    if (refusal) throw new DomainError('forbidden', refusal.code, refusal.message);
  }
  req.seller = { id: session.sellerId, email: session.email };
  const renewed = await req.server.accounts.sessions.renewIfDue(session);
  if (renewed) setSessionCookies(req, reply, req.cookies[SESSION_COOKIE]!, req.cookies[CSRF_COOKIE] ?? null, { remember: session.remember, expiresAt: renewed });
}

/** The signed-in seller of a request that passed requireSeller. */
export function sellerOf(req: FastifyRequest): SignedInSeller {
  if (!req.seller) throw unauthenticated();
  return req.seller;
}

/** The signed-in seller's account document; 401 when the account is gone (its session no longer means anything). */
export async function signedInAccount(req: FastifyRequest): Promise<SellerDoc> {
  const seller = await req.server.accounts.models.Seller.findById(sellerOf(req).id).lean<SellerDoc>();
  if (!seller) throw unauthenticated();
  return seller;
}
