import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a live token opens sockets: a stolen one is soon useless, and a socket lives only as long as its session. */
export const LIVE_TOKEN_TTL_SECONDS = 10 * 60;

/** Who a live token speaks for: the seller, and the session it was minted from (its revocable id). */
export interface LiveGrant { sellerId: string; sessionId: string }

/**
 * A signed live-status token: `<sellerId>.<sessionId>.<expiry seconds>.<hmac>`. Minted from a
 * session (browsers, API sellers' status sockets); it opens sockets only while that session
 * lives, so logging out (here or everywhere), a password change or reset ends it.
 */
export function mintLiveToken(secret: string, grant: LiveGrant, ttlSeconds = LIVE_TOKEN_TTL_SECONDS, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const body = `${Buffer.from(grant.sellerId).toString('base64url')}.${Buffer.from(grant.sessionId).toString('base64url')}.${exp}`;
  return `${body}.${sign(secret, body)}`;
}

/** The grant a token carries, or null when it is forged, malformed or expired (the session is checked by the caller). */
export function verifyLiveToken(secret: string, token: unknown, now = Date.now()): LiveGrant | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [sid, session, exp, mac] = parts;
  const expected = Buffer.from(sign(secret, `${sid}.${session}.${exp}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!/^\d+$/.test(exp) || Number(exp) * 1000 < now) return null;
  const sellerId = Buffer.from(sid, 'base64url').toString();
  const sessionId = Buffer.from(session, 'base64url').toString();
  return sellerId && sessionId ? { sellerId, sessionId } : null;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');
