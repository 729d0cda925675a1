/** Random tokens and their at-rest digests. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What we store instead of a high-entropy token. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/**
 * What we store instead of a low-entropy secret (a 6-digit code, a captcha answer): keyed, so a
 * database copy alone cannot be brute-forced offline.
 */
export const keyedDigest = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A numeric code of `digits` digits, leading zeros kept. */
export const numericCode = (digits = 6): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
