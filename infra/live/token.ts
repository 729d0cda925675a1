import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed live-status token: `<sellerId>.<expiry seconds>.<hmac>`. Browsers get one from their
 * session; API sellers use one for their status sockets. It grants reading one seller's events only.
 */
export function mintLiveToken(secret: string, sellerId: string, ttlSeconds = 12 * 3600, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const body = `${Buffer.from(sellerId).toString('base64url')}.${exp}`;
  return `${body}.${sign(secret, body)}`;
}

/** The seller id the token was minted for, or null when it is forged, malformed or expired. */
export function verifyLiveToken(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [sid, exp, mac] = parts;
  const expected = Buffer.from(sign(secret, `${sid}.${exp}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!/^\d+$/.test(exp) || Number(exp) * 1000 < now) return null;
  const sellerId = Buffer.from(sid, 'base64url').toString();
  return sellerId || null;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');
