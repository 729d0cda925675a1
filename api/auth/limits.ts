/**
 * Rate limits and resend waits kept in MongoDB, so every API replica counts the same attempts
 * (fixed windows of numbered slots, see RateLimiter).
 */
import type { Model } from 'mongoose';
import { DomainError } from '../../domain/errors.js';
import type { RateCounterDoc } from '../../infra/accounts/models.js';

/** At most `max` hits per `windowSeconds`. */
export interface Limit { max: number; windowSeconds: number }

/** Every limit of the account flows; tests and benchmarks may raise them, production keeps these. */
export interface AccountLimits {
  /** Sign-in attempts (password or code) for one address from one client: the lock an attacker hits. */
  signInPerEmailClient: Limit;
  /** Password attempts for one address from all clients together; emailed-code sign-in stays open past it. */
  signInPerEmail: Limit;
  signInPerIp: Limit;
  /** Current-password attempts when changing the password or the payout method, per seller. */
  passwordCheckPerSeller: Limit;
  /** Writes one seller makes (picks, bought / not bought, settings, game accounts...), per seller. */
  sellerWrites: Limit;
  /** Live resyncs per seller. */
  resyncPerSeller: Limit;
  codeRequestPerEmail: Limit;
  /**
   * Guesses a day at emailed codes, per kind of code (sign-in and address proof per address, from
   * all clients together; payout, re-authentication and withdrawal per seller): the hourly limits
   * alone let 5 codes x 5 tries = 25 guesses an hour (600 a day) at a 6-digit code.
   */
  codeGuessesPerEmail: Limit;
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
  signInPerEmailClient: { max: 10, windowSeconds: 15 * 60 },
  signInPerEmail: { max: 100, windowSeconds: 15 * 60 },
  signInPerIp: { max: 100, windowSeconds: 15 * 60 },
  passwordCheckPerSeller: { max: 10, windowSeconds: 15 * 60 },
  sellerWrites: { max: 120, windowSeconds: 60 },
  resyncPerSeller: { max: 60, windowSeconds: 60 },
  codeRequestPerEmail: { max: 5, windowSeconds: 3600 },
  codeGuessesPerEmail: { max: 50, windowSeconds: 24 * 3600 },
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
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError('rate_limited', 'rate_limited', `Too many attempts, please try again in ${minutes} minute(s)`, {
    data: { retryAt: Date.now() + retryAfterSeconds * 1000, minutes },
  });
};

export const resendWait = (seconds: number) =>
  new DomainError('rate_limited', 'resend_wait', `Please wait ${seconds} seconds before requesting another email`, {
    data: { retryAt: Date.now() + seconds * 1000, seconds },
  });

const isDuplicate = (err: unknown) => (err as { code?: number })?.code === 11000;

/** A hint is trusted this long: another replica's reset (or a new window) makes an old one wrong. */
const HINT_FRESH_MS = 2000;
const HINTS_MAX = 20_000;

/** The counter's window: fixed windows of the limit's length, or (not rolling) one window for the key's whole life. */
function window(k: string, limit: Limit, now: number, rolling: boolean) {
  const ms = limit.windowSeconds * 1000;
  const index = rolling ? Math.floor(now / ms) : 0;
  const end = rolling ? (index + 1) * ms : now + ms;
  return { key: `${k}@${index}`, expiresAt: new Date(end), retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * Fixed-window counters made of numbered slots: the n-th hit of a key in a window inserts the
 * document `<key>@<window>#<n>`, a unique insert (exclusive on FerretDB 1.x and MongoDB alike,
 * unlike concurrent $inc of one document on FerretDB). So at most `max` hits pass however many
 * replicas race, and a refused hit writes nothing: slot max+1 is never inserted. Finding the next
 * free slot costs _id lookups only (a per-process hint, else a binary search over the slots, which
 * fill without holes because slot n is only tried once n-1 was seen taken), never a scan.
 */
export class RateLimiter {
  private readonly hints = new Map<string, { next: number; at: number }>();

  /** `clock` is what "now" is (tests move it across a window's turn); the wall clock otherwise. */
  constructor(private readonly counters: Model<RateCounterDoc>, private readonly clock: () => number = Date.now) {}

  /** Counts one hit; throws rate_limited when it is beyond `max` in the window. */
  async hit(bucket: string, key: string, limit: Limit, now = this.clock()): Promise<void> {
    const { n, retryAfterSeconds } = await this.claim(`${bucket}:${key}`, limit, now, true);
    if (n > limit.max) throw tooManyAttempts(retryAfterSeconds);
  }

  /**
   * Counts one hit and tells where the window stands, for clients that pace themselves
   * (RateLimit-* headers): `n` beyond `max` means refused, and nothing was written.
   */
  async take(bucket: string, key: string, limit: Limit, now = this.clock()): Promise<{ n: number; retryAfterSeconds: number }> {
    return this.claim(`${bucket}:${key}`, limit, now, true);
  }

  /**
   * Counts one hit over the key's whole life (one emailed code...) and returns its number;
   * `max + 1` means refused (and nothing was written).
   */
  async hitCount(bucket: string, key: string, limit: Limit, now = this.clock()): Promise<number> {
    return (await this.claim(`${bucket}:${key}`, limit, now, false)).n;
  }

  /** Throws rate_limited when the window is already full, without counting. */
  async check(bucket: string, key: string, limit: Limit, now = this.clock()): Promise<void> {
    const w = window(`${bucket}:${key}`, limit, now, true);
    if ((await this.firstFree(w.key, limit.max, now)) > limit.max) throw tooManyAttempts(w.retryAfterSeconds);
  }

  /** Forgets a key's hits in the current window (a successful sign-in forgives earlier typos). */
  async reset(bucket: string, key: string, limit: Limit, now = this.clock()): Promise<void> {
    const w = window(`${bucket}:${key}`, limit, now, true);
    this.hints.delete(w.key);
    await this.counters.deleteMany({ _id: { $in: Array.from({ length: limit.max }, (_, i) => `${w.key}#${i + 1}`) } });
  }

  private async claim(k: string, limit: Limit, now: number, rolling: boolean): Promise<{ n: number; retryAfterSeconds: number }> {
    const w = window(k, limit, now, rolling);
    let n = await this.firstFree(w.key, limit.max, now);
    while (n <= limit.max) {
      try {
        await this.counters.create({ _id: `${w.key}#${n}`, key: w.key, at: new Date(now), expiresAt: w.expiresAt });
        this.hint(w.key, n + 1, now);
        return { n, retryAfterSeconds: w.retryAfterSeconds };
      } catch (err) {
        if (!isDuplicate(err)) throw err;
        n++;
      }
    }
    this.hint(w.key, n, now);
    return { n, retryAfterSeconds: w.retryAfterSeconds };
  }

  /** The lowest slot not yet taken (max + 1 when all are). */
  private async firstFree(windowKey: string, max: number, now: number): Promise<number> {
    const hint = this.hints.get(windowKey);
    if (hint && now - hint.at < HINT_FRESH_MS) return hint.next;
    let lo = 1;
    let hi = max + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (await this.counters.exists({ _id: `${windowKey}#${mid}` })) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private hint(windowKey: string, next: number, now: number) {
    if (this.hints.size >= HINTS_MAX) this.hints.delete(this.hints.keys().next().value!);
    this.hints.set(windowKey, { next, at: now });
  }

  /**
   * Starts a wait of `seconds` for `key` unless one is running; returns 0 when started, else the
   * seconds left. An expired wait is removed by a single delete, then the new one is an insert
   * with a fixed _id: of racing requests exactly one insert succeeds.
   */
  async startWait(key: string, seconds: number, now = this.clock()): Promise<number> {
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
