/**
 * Rate limits and resend waits kept in MongoDB, so every API replica counts the same attempts
 * (fixed windows; one conditional single-document update per hit).
 */
import type { Model } from 'mongoose';
import { DomainError } from '../../domain/errors.js';
import type { RateCounterDoc } from '../../infra/accounts/models.js';
import { randomToken } from './tokens.js';

/** At most `max` hits per `windowSeconds`. */
export interface Limit { max: number; windowSeconds: number }

/** Every limit of the account flows; tests and benchmarks may raise them, production keeps these. */
export interface AccountLimits {
  signInPerEmail: Limit; // failed password or code attempts
  signInPerIp: Limit;
  codeRequestPerEmail: Limit;
  codeRequestPerIp: Limit;
  resetRequestPerEmail: Limit;
  resetRequestPerIp: Limit;
  signUpPerIp: Limit;
  captchaPerIp: Limit;
  usernameCheckPerIp: Limit;
  /** Seconds between two mails of one kind to one address ("resend" is offered after this wait). */
  resendWaitSeconds: number;
  /** Wrong tries before an emailed code is locked. */
  codeAttempts: number;
  codeTtlSeconds: number;
  resetTtlSeconds: number;
  captchaTtlSeconds: number;
}

export const DEFAULT_LIMITS: AccountLimits = {
  signInPerEmail: { max: 10, windowSeconds: 15 * 60 },
  signInPerIp: { max: 100, windowSeconds: 15 * 60 },
  codeRequestPerEmail: { max: 5, windowSeconds: 3600 },
  codeRequestPerIp: { max: 30, windowSeconds: 3600 },
  resetRequestPerEmail: { max: 5, windowSeconds: 3600 },
  resetRequestPerIp: { max: 30, windowSeconds: 3600 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  captchaPerIp: { max: 60, windowSeconds: 600 },
  usernameCheckPerIp: { max: 120, windowSeconds: 60 },
  resendWaitSeconds: 60,
  codeAttempts: 5,
  codeTtlSeconds: 10 * 60,
  resetTtlSeconds: 30 * 60,
  captchaTtlSeconds: 5 * 60,
};

/** A 429 tells when to try again: `data.retryAt` (epoch ms) reaches the client with the error. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'rate_limited', `Too many attempts, please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s)`, {
    data: { retryAt: Date.now() + retryAfterSeconds * 1000 },
  });

export const resendWait = (seconds: number) =>
  new DomainError('rate_limited', 'resend_wait', `Please wait ${seconds} seconds before requesting another email`, {
    data: { retryAt: Date.now() + seconds * 1000 },
  });

const isDuplicate = (err: unknown) => (err as { code?: number })?.code === 11000;

/**
 * Sliding-window counters: a hit inserts one document, then counts the key's documents in the
 * window. The k-th insert (in the database's order) always sees at least k, so at most `max`
 * hits pass however many replicas race (insert and count are each exclusive on FerretDB 1.x and
 * MongoDB alike, unlike concurrent $inc of one document on FerretDB).
 */
export class RateLimiter {
  constructor(private readonly counters: Model<RateCounterDoc>) {}

  private count(key: string, limit: Limit, now: number) {
    return this.counters.countDocuments({ key, at: { $gt: new Date(now - limit.windowSeconds * 1000) } });
  }

  /** Counts one hit; throws rate_limited when it is beyond `max` in the window. */
  async hit(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<void> {
    const k = `${bucket}:${key}`;
    await this.counters.create({ _id: randomToken(12), key: k, at: new Date(now), expiresAt: new Date(now + limit.windowSeconds * 1000) });
    if ((await this.count(k, limit, now)) > limit.max) throw tooManyAttempts(limit.windowSeconds);
  }

  /** Whether one more hit would pass, as a count (used for attempt numbers). */
  async hitCount(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<number> {
    const k = `${bucket}:${key}`;
    await this.counters.create({ _id: randomToken(12), key: k, at: new Date(now), expiresAt: new Date(now + limit.windowSeconds * 1000) });
    return this.count(k, limit, now);
  }

  /** Throws rate_limited when the window is already full, without counting. */
  async check(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<void> {
    if ((await this.count(`${bucket}:${key}`, limit, now)) >= limit.max) throw tooManyAttempts(limit.windowSeconds);
  }

  /** Forgets a key's hits (a successful sign-in forgives earlier typos). */
  async reset(bucket: string, key: string): Promise<void> {
    await this.counters.deleteMany({ key: `${bucket}:${key}` });
  }

  /**
   * Starts a wait of `seconds` for `key` unless one is running; returns 0 when started, else the
   * seconds left. An expired wait is removed by a single delete, then the new one is an insert
   * with a fixed _id: of racing requests exactly one insert succeeds.
   */
  async startWait(key: string, seconds: number, now = Date.now()): Promise<number> {
    const id = `wait:${key}`;
    await this.counters.deleteOne({ _id: id, expiresAt: { $lte: new Date(now) } });
    try {
      await this.counters.create({ _id: id, key: id, at: new Date(now), expiresAt: new Date(now + seconds * 1000) });
      return 0;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      const doc = await this.counters.findById(id).lean();
      return doc ? Math.max(1, Math.ceil((doc.expiresAt.getTime() - now) / 1000)) : 1;
    }
  }
}
