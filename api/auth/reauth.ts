/**
 * Fresh re-authentication ("sudo mode") in front of actions that reveal or mint a secret: rotating
 * an API key, registering a webhook, rotating a webhook secret. A stolen session cookie alone cannot
 * take them; the seller confirms it is them (password, or an emailed code without one) and may then
 * act for REAUTH_WINDOW_SECONDS in that session. Signing in does not count: a cookie stolen right
 * after sign-in would otherwise carry the window with it.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { REAUTH_REQUIRED } from '../../domain/messages.js';
import { unauthenticated } from './require-seller.js';

/** Ten minutes: long enough to rotate a key and register a webhook in one sitting, short enough that an idle tab does not stay "confirmed". */
export const REAUTH_WINDOW_SECONDS = 10 * 60;

/** preHandler after requireSeller: 403 `reauth_required` unless this session confirmed the seller within the window. */
export async function requireFreshAuth(req: FastifyRequest): Promise<void> {
  const session = req.sessionDoc;
  if (!session) throw unauthenticated();
  const at = await req.server.accounts.sessions.reauthenticatedAt(session._id);
  if (!at || Date.now() - at.getTime() > REAUTH_WINDOW_SECONDS * 1000) {
    throw new DomainError('forbidden', 'reauth_required', REAUTH_REQUIRED, { data: { windowSeconds: REAUTH_WINDOW_SECONDS } });
  }
}
