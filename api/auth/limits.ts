/**
 * Rate limits and resend waits kept in MongoDB, so every API replica counts the same attempts
 * (fixed windows; one conditional single-document update per hit).
 */
import type { Model } from 'mongoose';
import { DomainError } from '../../domain/errors.js';
import type { RateCounterDoc } from '../../infra/accounts/models.js';

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

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'rate_limited', `Too many attempts, please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s)`);

export const resendWait = (seconds: number) =>
  new DomainError('rate_limited', 'resend_wait', `Please wait ${seconds} seconds before requesting another email`);

const isDuplicate = (err: unknown) => (err as { code?: number })?.code === 11000;

export class RateLimiter {
  constructor(private readonly counters: Model<RateCounterDoc>) {}

  private window(bucket: string, key: string, limit: Limit, now: number) {
    const ms = limit.windowSeconds * 1000;
    const start = Math.floor(now / ms) * ms;
    return { id: `${bucket}:${key}:${start}`, expiresAt: new Date(start + ms) };
  }

  /** Counts one hit; throws rate_limited once the window already holds `max` hits. */
  async hit(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<void> {
    const { id, expiresAt } = this.window(bucket, key, limit, now);
    let doc: RateCounterDoc | null = null;
    for (let i = 0; i < 3 && !doc; i++) {
      try {
        doc = await this.counters.findOneAndUpdate({ _id: id }, { $inc: { count: 1 }, $setOnInsert: { expiresAt } }, { upsert: true, returnDocument: 'after' }).lean();
      } catch (err) {
        if (!isDuplicate(err)) throw err; // two first hits raced on the insert: the retry increments
      }
    }
    if (doc && doc.count > limit.max) throw tooManyAttempts((expiresAt.getTime() - now) / 1000);
  }

  /** Throws rate_limited when the window is already full, without counting. */
  async check(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<void> {
    const { id, expiresAt } = this.window(bucket, key, limit, now);
    const doc = await this.counters.findById(id).lean();
    if (doc && doc.count >= limit.max) throw tooManyAttempts((expiresAt.getTime() - now) / 1000);
  }

  /** Clears a key's current window (a successful sign-in forgives earlier typos). */
  async reset(bucket: string, key: string, limit: Limit, now = Date.now()): Promise<void> {
    await this.counters.deleteOne({ _id: this.window(bucket, key, limit, now).id });
  }

  /**
   * Starts a wait of `seconds` for `key` unless one is running; returns 0 when started, else the
   * seconds left. The insert-or-take-over is one conditional upsert, safe across replicas.
   */
  async startWait(key: string, seconds: number, now = Date.now()): Promise<number> {
    const id = `wait:${key}`;
    try {
      await this.counters.updateOne(
        { _id: id, expiresAt: { $lte: new Date(now) } },
        { $set: { expiresAt: new Date(now + seconds * 1000), count: 1 } },
        { upsert: true },
      );
      return 0;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      const doc = await this.counters.findById(id).lean();
      return doc ? Math.max(1, Math.ceil((doc.expiresAt.getTime() - now) / 1000)) : 1;
    }
  }
}
