/**
 * Rate limits and resend waits kept in MongoDB, so every API replica counts the same attempts
 * (sliding windows over numbered slots, see RateLimiter).
 */
import type { Model } from 'mongoose';
import { DomainError } from '../../domain/errors.js';
import type { RateCounterDoc } from './models.js';
import { isDuplicateKey } from '../db.js';

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
export const tooManyAttempts = (retryAfterSeconds: number, now = Date.now()) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError('rate_limited', 'rate_limited', `Too many attempts, please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`, {
    data: { retryAt: now + retryAfterSeconds * 1000, minutes },
  });
};

export const resendWait = (seconds: number) =>
  new DomainError('rate_limited', 'resend_wait', `Please wait ${seconds} seconds before requesting another email`, {
    data: { retryAt: Date.now() + seconds * 1000, seconds },
  });


/** A hint is trusted this long: another replica's reset (or a new window) makes an old one wrong. */
const HINT_FRESH_MS = 2000;
/**
 * A closed window's count only shrinks (a reset), so one read after it closed is trusted longer:
 * a stale one errs strict. Read before it closed, another replica may have added to it since.
 */
const CLOSED_HINT_FRESH_MS = 60_000;
const HINTS_MAX = 20_000;

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Where a sliding limit stands at one moment, and what the next hit may do. */
export interface LimitState {
  /** Whether this hit was counted (a refused hit writes nothing). */
  allowed: boolean;
  /** Hits still allowed now, after this one. */
  remaining: number;
  /** Seconds until a hit is allowed again (1 at least): Retry-After when refused. */
  retryAfterSeconds: number;
  /** Seconds until every hit counted so far has stopped weighing: the whole limit is back. */
  resetSeconds: number;
}

/** The fixed window `now` falls in, numbered from the epoch, and how far into it `now` is. */
function windowAt(k: string, limit: Limit, now: number) {
  const ms = limit.windowSeconds * 1000;
  const index = Math.floor(now / ms);
  const start = index * ms;
  return { key: `${k}@${index}`, previousKey: `${k}@${index - 1}`, ms, start, elapsed: now - start };
}

/** The previous window's hits still weighing `elapsed` ms into this one (its count, evenly spread, sliding out). */
const carried = (previous: number, elapsed: number, ms: number) => Math.ceil((previous * (ms - elapsed)) / ms);

/**
 * The ms until a further hit is allowed, with `previous` hits in the last window and `current`
 * in this one: within this window once enough of `previous` has slid out, else in the next
 * window once enough of this one's has.
 */
function waitMs(max: number, previous: number, current: number, elapsed: number, ms: number): number {
  const room = max - current - 1; // what the carried weight may be for one more hit
  if (room >= 0) return previous === 0 ? 0 : Math.max(0, Math.ceil((ms * (previous - room)) / previous) - elapsed);
  return ms - elapsed + Math.ceil((ms * Math.max(0, current - (max - 1))) / Math.max(1, current));
}

/**
 * Sliding-window counters made of numbered slots. The n-th hit of a key in a fixed window inserts
 * the document `<key>@<window>#<n>`, a unique insert (exclusive on FerretDB 1.x and MongoDB alike,
 * unlike concurrent $inc of one document on FerretDB). A hit is allowed while
 * `ceil(previous * (1 - elapsed / window)) + n <= max`: the previous window's count, taken as
 * evenly spread, still weighs for the part of it that lies within one window length of now, so a
 * burst straddling a window's turn gets the limit, not twice it. So at most that many hits pass
 * however many replicas race, and a refused hit writes nothing: the slot past the allowance is
 * never inserted. Counts cost _id lookups only (a per-process hint, else a binary search over the
 * slots, which fill without holes because slot n is only tried once n-1 was seen taken), never a
 * scan: one for this window, one for the previous.
 */
export class RateLimiter {
  private readonly hints = new Map<string, { next: number; at: number }>();

  /** `clock` is what "now" is (tests move it across a window's turn); the wall clock otherwise. */
  constructor(private readonly counters: Model<RateCounterDoc>, private readonly clock: () => number = Date.now) {}

  /** Counts one hit; throws rate_limited when it is beyond the limit's sliding window. */
  async hit(bucket: string, key: string, limit: Limit): Promise<void> {
    const now = this.clock();
    const state = await this.claim(`${bucket}:${key}`, limit, now);
    if (!state.allowed) throw tooManyAttempts(state.retryAfterSeconds, now);
  }

  /**
   * Counts one hit and tells where the limit stands, for clients that pace themselves
   * (RateLimit-* headers); a refused hit (`allowed` false) wrote nothing.
   */
  async take(bucket: string, key: string, limit: Limit): Promise<LimitState> {
    return this.claim(`${bucket}:${key}`, limit, this.clock());
  }

  /**
   * Counts one hit over the key's whole life (one emailed code...) and returns its number;
   * `max + 1` means refused (and nothing was written).
   */
  async hitCount(bucket: string, key: string, limit: Limit): Promise<number> {
    const now = this.clock();
    const k = `${bucket}:${key}@0`;
    return this.insertNext(k, await this.firstFree(k, limit.max, now), limit.max, now, new Date(now + limit.windowSeconds * 1000));
  }

  /** Throws rate_limited when no hit is allowed now, without counting. */
  async check(bucket: string, key: string, limit: Limit): Promise<void> {
    const now = this.clock();
    const w = windowAt(`${bucket}:${key}`, limit, now);
    const { previous, next } = await this.counts(w, limit.max, now);
    if (next + carried(previous, w.elapsed, w.ms) > limit.max) {
      throw tooManyAttempts(toSeconds(waitMs(limit.max, previous, next - 1, w.elapsed, w.ms)), now);
    }
  }

  /** Forgets a key's hits that still weigh (a successful sign-in forgives earlier typos). */
  async reset(bucket: string, key: string, limit: Limit): Promise<void> {
    const w = windowAt(`${bucket}:${key}`, limit, this.clock());
    const ids = [w.key, w.previousKey].flatMap((k) => {
      this.hints.delete(k);
      return Array.from({ length: limit.max }, (_, i) => `${k}#${i + 1}`);
    });
    await this.counters.deleteMany({ _id: { $in: ids } });
  }

  private async claim(k: string, limit: Limit, now: number): Promise<LimitState> {
    const w = windowAt(k, limit, now);
    const { previous, next } = await this.counts(w, limit.max, now);
    const allowance = limit.max - carried(previous, w.elapsed, w.ms);
    // A slot counts in its own window and weighs through the next one.
    const n = await this.insertNext(w.key, next, allowance, now, new Date(w.start + 2 * w.ms));
    const allowed = n <= allowance;
    const current = allowed ? n : n - 1;
    return {
      allowed,
      remaining: Math.max(0, allowance - current),
      retryAfterSeconds: toSeconds(waitMs(limit.max, previous, current, w.elapsed, w.ms)),
      resetSeconds: toSeconds((current > 0 ? 2 * w.ms : previous > 0 ? w.ms : 0) - w.elapsed),
    };
  }

  /** Hits counted in the previous window, and the first free slot of this one. */
  private async counts(w: ReturnType<typeof windowAt>, max: number, now: number) {
    const [previous, next] = await Promise.all([this.closedCount(w.previousKey, max, now, w.start), this.firstFree(w.key, max, now)]);
    return { previous, next };
  }

  /** Hits in a window that closed at `closedAt`. */
  private async closedCount(windowKey: string, max: number, now: number, closedAt: number): Promise<number> {
    const hint = this.hints.get(windowKey);
    if (hint && hint.at >= closedAt && now - hint.at < CLOSED_HINT_FRESH_MS) return hint.next - 1;
    const next = await this.lookupFirstFree(windowKey, max);
    this.hint(windowKey, next, now);
    return next - 1;
  }

  /** Inserts the lowest free slot from `n` on, up to `last`; returns its number (`last + 1` when none was free, nothing written). */
  private async insertNext(windowKey: string, n: number, last: number, now: number, expiresAt: Date): Promise<number> {
    let slot = n;
    while (slot <= last) {
      try {
        await this.counters.create({ _id: `${windowKey}#${slot}`, key: windowKey, at: new Date(now), expiresAt });
        this.hint(windowKey, slot + 1, now);
        return slot;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        slot++;
      }
    }
    this.hint(windowKey, slot, now);
    return Math.max(slot, last + 1);
  }

  /** The lowest slot not yet taken (max + 1 when all are). */
  private async firstFree(windowKey: string, max: number, now: number): Promise<number> {
    const hint = this.hints.get(windowKey);
    if (hint && now - hint.at < HINT_FRESH_MS) return hint.next;
    return this.lookupFirstFree(windowKey, max);
  }

  private async lookupFirstFree(windowKey: string, max: number): Promise<number> {
    // Most keys have no hit in a window (the previous one above all): one lookup says so.
    if (!(await this.counters.exists({ _id: `${windowKey}#1` }))) return 1;
    let lo = 2;
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
  async startWait(key: string, seconds: number): Promise<number> {
    const now = this.clock();
    const id = `wait:${key}`;
    await this.counters.deleteOne({ _id: id, expiresAt: { $lte: new Date(now) } });
    try {
      await this.counters.create({ _id: id, key: id, at: new Date(now), expiresAt: new Date(now + seconds * 1000) });
      return 0;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const doc = await this.counters.findById(id).lean();
      return doc ? Math.max(1, Math.ceil((doc.expiresAt.getTime() - now) / 1000)) : 1;
    }
  }
}
