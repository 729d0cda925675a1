import { jwtVerify, SignJWT } from 'jose';

/** How long a live token opens sockets: a stolen one is soon useless, and a socket lives only as long as its session. */
export const LIVE_TOKEN_TTL_SECONDS = 10 * 60;

/** Who a live token speaks for: the seller, and the session it was minted from (its revocable id). */
export interface LiveGrant { sellerId: string; sessionId: string }

const ALGORITHM = 'HS256';
const AUDIENCE = 'coin-market:live';
const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * A signed live-status token: a JWT (HS256, by `jose`) with the seller as `sub`, the session as
 * `sid`, an audience of its own and an expiry. Minted from a session (browsers, API sellers' status
 * sockets); it opens sockets only while that session lives, so logging out (here or everywhere), a
 * password change or reset ends it. Clients treat it as opaque.
 */
export async function mintLiveToken(secret: string, grant: LiveGrant, ttlSeconds = LIVE_TOKEN_TTL_SECONDS, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: grant.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(grant.sellerId)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key(secret));
}

/** The grant a token carries, or null when it is forged, malformed or expired (the session is checked by the caller). */
export async function verifyLiveToken(secret: string, token: unknown, now = Date.now()): Promise<LiveGrant | null> {
  if (typeof token !== 'string' || token.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], audience: AUDIENCE, currentDate: new Date(now), clockTolerance: 0 });
    const sellerId = payload.sub;
    const sessionId = payload.sid;
    return typeof sellerId === 'string' && sellerId && typeof sessionId === 'string' && sessionId ? { sellerId, sessionId } : null;
  } catch {
    return null; // forged, malformed, expired or for another audience
  }
}
