/**
 * The simulated transfer provider: logs in to a game account with the submitted credentials and
 * moves its coins in chunks on timers. Every status and error sub-state can be raised on demand
 * (steering rules by game-account email, or by hand on the simulator's page). Backup codes behave
 * like the game's: each login uses one, and a used code never works again.
 */
import { ERROR_SUB_STATES, SUB_STATE_TEXT, type ErrorSubState } from '../../domain/comfort-trade.js';
import type { OrderError, OrderSnapshot, SubmitOrderRequest, TransferCredentials } from '../transfer/contract.js';

export interface TransferTiming {
  /** From submit (or resume) to the first chunk: the login. */
  loginMs: number;
  /** Between chunks. */
  chunkMs: number;
  /** Coins moved per chunk. */
  chunkCoins: number;
}

const MINUTE = 60_000;

/**
 * Real-world timing (specification section 9: "coins sell in about 12 hours (at least) ... transfer
 * about 2 days"): the provider picks the order up and logs in within about 10 minutes, then moves
 * 50K coins every 2.4 hours, so a typical 1,000,000-coin account (20 chunks) takes about 2 days and
 * 250K about 12 hours. `scaleTiming` shortens it for `npm start` and tests (SIMULATOR_TIME_SCALE).
 */
export const DEFAULT_TRANSFER_TIMING: TransferTiming = { loginMs: 10 * MINUTE, chunkMs: 144 * MINUTE, chunkCoins: 50_000 };

/** The timing `scale` times faster than given (1: as given); each wait at least 1 ms. */
export function scaleTiming(t: TransferTiming, scale: number): TransferTiming {
  if (!(Number.isFinite(scale) && scale > 0)) throw new Error(`time scale must be a positive number, got ${scale}`);
  return { loginMs: Math.max(1, Math.round(t.loginMs / scale)), chunkMs: Math.max(1, Math.round(t.chunkMs / scale)), chunkCoins: t.chunkCoins };
}

/** Raise `error` for orders of `email` once `afterChunks` chunks have moved (0: at login), `times` times. */
export interface TransferRule {
  email: string;
  error: OrderError;
  afterChunks: number;
  times: number;
}

interface Order extends OrderSnapshot {
  platform: string;
  email: string;
  credentials: TransferCredentials;
  /** Coins the provider cannot move (the account keeps a remainder). */
  remainder: number;
  timer: NodeJS.Timeout | null;
  past: OrderSnapshot[];
  /** The next GET answers an older snapshot (tests: a late, out-of-order message). */
  staleNext: boolean;
}

/** What the transfer provider keeps across the simulator's restarts (state-file.ts); timers are not kept, they are set again. */
export interface TransferState {
  orders: Omit<Order, 'timer'>[];
  rules: TransferRule[];
  usedCodes: [string, string[]][];
  auto: boolean;
  defaultRemainder: number;
}

/** Past snapshots kept per order: a stale read answers the oldest of them, so more is memory the soak sees grow. */
const PAST_KEPT = 3;

const SELLER_FIXES = new Set<OrderError>(ERROR_SUB_STATES.filter((s) => SUB_STATE_TEXT[s].fixer === 'seller'));

export class SimulatedTransfers {
  readonly orders = new Map<string, Order>();
  rules: TransferRule[] = [];
  /** When false, orders move only when pushed (tests and the hand page). */
  auto = true;
  /** Coins left on the account by default at the end of every order. */
  defaultRemainder = 0;
  /** Backup codes used, per game-account email. */
  private readonly usedCodes = new Map<string, Set<string>>();
  calls = { submit: 0, get: 0, resubmit: 0, resume: 0, cancel: 0 };

  constructor(public timing: TransferTiming) {}

  snapshot(o: Order): OrderSnapshot {
    const { orderId, seq, state, error, coins, coinsTransferred, successCount, totalCount, updatedAt } = o;
    return { orderId, seq, state, error, coins, coinsTransferred, successCount, totalCount, updatedAt };
  }

  submit(req: SubmitOrderRequest): { created: boolean; order: OrderSnapshot } {
    this.calls.submit++;
    const had = this.orders.get(req.orderId);
    if (had) return { created: false, order: this.snapshot(had) };
    const o: Order = {
      orderId: req.orderId, seq: 0, state: 'transferring', error: null, coins: req.coins, coinsTransferred: 0,
      successCount: 0, totalCount: Math.ceil(req.coins / this.timing.chunkCoins), updatedAt: Date.now(),
      platform: req.platform, email: req.credentials.email.toLowerCase(), credentials: req.credentials,
      remainder: Math.min(this.defaultRemainder, req.coins), timer: null, past: [], staleNext: false,
    };
    this.orders.set(o.orderId, o);
    this.change(o, {});
    this.login(o);
    return { created: true, order: this.snapshot(o) };
  }

  get(orderId: string): OrderSnapshot | null {
    this.calls.get++;
    const o = this.orders.get(orderId);
    if (!o) return null;
    if (o.staleNext && o.past.length > 1) {
      o.staleNext = false;
      return o.past[Math.max(0, o.past.length - PAST_KEPT)]!;
    }
    return this.snapshot(o);
  }

  resubmit(orderId: string, credentials: TransferCredentials): OrderSnapshot | 'not_found' | 'not_waiting' {
    this.calls.resubmit++;
    const o = this.orders.get(orderId);
    if (!o) return 'not_found';
    if (o.state !== 'error' || !SELLER_FIXES.has(o.error!)) return o.state === 'transferring' ? this.snapshot(o) : 'not_waiting';
    o.credentials = credentials;
    // A corrected email (after Wrong Account/Password) is the account the provider now logs in to.
    o.email = credentials.email.toLowerCase();
    this.change(o, { state: 'transferring', error: null });
    this.login(o);
    return this.snapshot(o);
  }

  resume(orderId: string): OrderSnapshot | 'not_found' | 'not_waiting' {
    this.calls.resume++;
    const o = this.orders.get(orderId);
    if (!o) return 'not_found';
    if (o.state === 'transferring') return this.snapshot(o);
    if (o.state !== 'error') return 'not_waiting';
    this.change(o, { state: 'transferring', error: null });
    this.login(o);
    return this.snapshot(o);
  }

  cancel(orderId: string): OrderSnapshot | 'not_found' {
    this.calls.cancel++;
    const o = this.orders.get(orderId);
    if (!o) return 'not_found';
    if (o.state === 'transferring' || o.state === 'error') {
      this.stop(o);
      this.change(o, { state: 'cancelled', error: null });
    }
    return this.snapshot(o);
  }

  /** Moves one chunk now (the hand page's "push progress"; also the timer's step). */
  push(orderId: string): OrderSnapshot | null {
    const o = this.orders.get(orderId);
    if (!o || o.state !== 'transferring') return o ? this.snapshot(o) : null;
    this.stop(o);
    this.chunk(o);
    return this.snapshot(o);
  }

  /** Ends the transfer now with what moved so far plus the rest minus the remainder. */
  complete(orderId: string): OrderSnapshot | null {
    const o = this.orders.get(orderId);
    if (!o || o.state !== 'transferring') return o ? this.snapshot(o) : null;
    this.stop(o);
    this.change(o, { state: 'completed', coinsTransferred: o.coins - o.remainder, successCount: o.totalCount });
    return this.snapshot(o);
  }

  /** Raises an error sub-state (or a plain error) now. */
  raise(orderId: string, error: OrderError): OrderSnapshot | null {
    const o = this.orders.get(orderId);
    if (!o || (o.state !== 'transferring' && o.state !== 'error')) return o ? this.snapshot(o) : null;
    this.stop(o);
    this.change(o, { state: 'error', error });
    return this.snapshot(o);
  }

  setRemainder(orderId: string, coins: number): void {
    const o = this.orders.get(orderId);
    if (o) o.remainder = Math.max(0, Math.min(coins, o.coins));
  }

  markStale(orderId: string): void {
    const o = this.orders.get(orderId);
    if (o) o.staleNext = true;
  }

  close(): void {
    for (const o of this.orders.values()) this.stop(o);
  }

  reset(): void {
    this.close();
    this.orders.clear();
    this.rules = [];
    this.usedCodes.clear();
    this.auto = true;
    this.defaultRemainder = 0;
    this.calls = { submit: 0, get: 0, resubmit: 0, resume: 0, cancel: 0 };
  }

  saved(): TransferState {
    return {
      orders: [...this.orders.values()].map(({ timer: _timer, ...o }) => o),
      rules: this.rules, usedCodes: [...this.usedCodes].map(([email, codes]) => [email, [...codes]]),
      auto: this.auto, defaultRemainder: this.defaultRemainder,
    };
  }

  /** The orders as they were saved; a transfer that was moving goes on with its next chunk. */
  restore(state: TransferState): void {
    this.close();
    this.orders.clear();
    for (const o of state.orders) this.orders.set(o.orderId, { ...o, timer: null });
    this.rules = state.rules;
    this.usedCodes.clear();
    for (const [email, codes] of state.usedCodes) this.usedCodes.set(email, new Set(codes));
    this.auto = state.auto;
    this.defaultRemainder = state.defaultRemainder;
    for (const o of this.orders.values()) if (o.state === 'transferring') this.schedule(o, o.successCount === 0 ? this.timing.loginMs : this.timing.chunkMs);
  }

  // A login uses the first unused backup code; none left (or all used before) is Wrong Backup Codes.
  private login(o: Order): void {
    if (o.credentials.backupCodes) {
      const used = this.usedCodes.get(o.email) ?? new Set<string>();
      this.usedCodes.set(o.email, used);
      const code = o.credentials.backupCodes.find((c) => !used.has(c));
      if (!code) return void this.change(o, { state: 'error', error: 'wrong_backup_codes' });
      used.add(code);
    }
    if (this.applyRule(o)) return;
    this.schedule(o, this.timing.loginMs);
  }

  private applyRule(o: Order): boolean {
    const i = this.rules.findIndex((r) => r.email === o.email && r.afterChunks === o.successCount && r.times > 0);
    if (i < 0) return false;
    const r = this.rules[i]!;
    r.times--;
    if (r.times <= 0) this.rules.splice(i, 1);
    this.change(o, { state: 'error', error: r.error });
    return true;
  }

  private schedule(o: Order, ms: number): void {
    this.stop(o);
    if (!this.auto) return;
    o.timer = setTimeout(() => { o.timer = null; this.chunk(o); }, ms);
    o.timer.unref();
  }

  private chunk(o: Order): void {
    if (o.state !== 'transferring') return;
    const movable = o.coins - o.remainder - o.coinsTransferred;
    const moved = Math.max(0, Math.min(this.timing.chunkCoins, movable));
    const successCount = o.successCount + 1;
    const done = successCount >= o.totalCount || moved >= movable;
    this.change(o, {
      coinsTransferred: o.coinsTransferred + moved,
      successCount: done ? o.totalCount : successCount,
      ...(done ? { state: 'completed' as const } : {}),
    });
    if (done) return;
    if (this.applyRule(o)) return;
    this.schedule(o, this.timing.chunkMs);
  }

  private stop(o: Order): void {
    if (o.timer) clearTimeout(o.timer);
    o.timer = null;
  }

  private change(o: Order, patch: Partial<OrderSnapshot>): void {
    Object.assign(o, patch, { seq: o.seq + 1, updatedAt: Date.now() });
    o.past.push(this.snapshot(o));
    if (o.past.length > PAST_KEPT) o.past.shift();
  }
}

export const isOrderError = (e: unknown): e is OrderError => e === 'provider_error' || (ERROR_SUB_STATES as readonly string[]).includes(e as ErrorSubState);
