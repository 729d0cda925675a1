/**
 * Proof-of-work captcha (ALTCHA, `altcha-lib`): the browser must find the number n with
 * sha256(salt + n) = challenge, n drawn up to `maxNumber`, so a form costs real work (tens of
 * thousands of hashes on average) while nobody has to read, hear or click anything. Challenges
 * are HMAC-signed by us, expire (the expiry sits in the signed salt) and count once: the first
 * verification records the signature with a unique insert, so a replayed solution is refused.
 */
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Model } from 'mongoose';
import type { CaptchaDoc } from './models.js';
import { isDuplicateKey } from '../db.js';

/** Expected work is half of this many SHA-256 hashes. */
export const DEFAULT_CAPTCHA_MAX_NUMBER = 100_000;

interface AltchaPayload { algorithm: string; challenge: string; number: number; salt: string; signature: string }

/** The signed, expiring part of a payload, or null when it is not one of ours in shape. */
function readPayload(encoded: string): AltchaPayload | null {
  try {
    const p = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Partial<AltchaPayload>;
    const ok = typeof p.algorithm === 'string' && typeof p.challenge === 'string' && Number.isSafeInteger(p.number)
      && typeof p.salt === 'string' && typeof p.signature === 'string' && p.signature.length >= 32;
    return ok ? (p as AltchaPayload) : null;
  } catch {
    return null;
  }
}

const expiryOf = (salt: string): number | null => {
  const expires = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
  return Number.isFinite(expires) && expires > 0 ? expires * 1000 : null;
};

export class CaptchaService {
  constructor(
    private readonly uses: Model<CaptchaDoc>,
    private readonly hmacKey: string,
    private readonly ttlSeconds: number,
    readonly maxNumber = DEFAULT_CAPTCHA_MAX_NUMBER,
  ) {}

  /** A new challenge for the browser to solve. */
  issue(now = Date.now()): Promise<Challenge> {
    return createChallenge({ hmacKey: this.hmacKey, maxNumber: this.maxNumber, expires: new Date(now + this.ttlSeconds * 1000) });
  }

  /** Whether `encoded` (the base64 ALTCHA payload) solves one of our live challenges for the first time; uses it up. */
  async solve(encoded: string, now = Date.now()): Promise<boolean> {
    const payload = readPayload(encoded);
    if (!payload) return false;
    const expiresAt = expiryOf(payload.salt);
    // Our challenges always carry an expiry; one without is not ours.
    if (!expiresAt || expiresAt <= now) return false;
    if (!(await verifySolution(payload as Payload, this.hmacKey, true))) return false;
    try {
      await this.uses.create({ _id: payload.signature, expiresAt: new Date(expiresAt) });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false; // solved before: a replay
      throw err;
    }
  }
}
