/**
 * `npm start`'s demo clock: one factor (DEMO_TIME_SCALE, default 1000, 1 = real time) that shortens every
 * business duration alike, so a newcomer sees a run reach Paid, a withdrawal and Settled in minutes.
 * Each duration becomes an environment variable of the children, unless the operator set it. Production
 * (NODE_ENV=production) never scales.
 *
 * What a person does by hand keeps enough time: the 5-minute player buy window is not scaled (the seller
 * buys the card on the market page while its countdown runs), and the wait for new login details never
 * drops below it. Polls, sweeps and retries shrink with the clock so the machine keeps up, never below a
 * second. Left real, as nothing of the money cycle waits on them: market price ticks and sync, codes,
 * sessions, webhook retries.
 */
import { DEFAULT_COMFORT_TIMINGS } from '../domain/comfort-trade.js';
import { FREEZE_MS, PLAYER_BUY_WINDOW_MS, PURCHASE_COOLDOWN_MS } from '../domain/timing.js';
import { DEFAULT_WITHDRAWAL_TIMINGS } from '../domain/withdrawal.js';
import { DEFAULT_NOTIFY_SWEEP_MS, DEFAULT_REMINDER_BEFORE_MS } from '../infra/notifications/notifier.js';

/** `npm start`'s factor when DEMO_TIME_SCALE is unset: a 24-hour freeze lasts about a minute and a half. */
export const DEFAULT_DEMO_TIME_SCALE = 1000;
export const MAX_DEMO_TIME_SCALE = 100_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface Duration {
  /** The variable the API, worker or simulator reads. */
  name: string;
  what: string;
  realMs: number;
  /** Never shorter than this once scaled. */
  minMs?: number;
}

/** Every duration the demo clock shortens, with its real length (the defaults the processes use). */
export const DEMO_DURATIONS: readonly Duration[] = [
  { name: 'PLAYER_FREEZE_MS', what: 'player freeze', realMs: FREEZE_MS },
  { name: 'PLAYER_COOLDOWN_MS', what: 'game account cooldown', realMs: PURCHASE_COOLDOWN_MS },
  { name: 'COMFORT_REVIEW_MS', what: 'comfort review', realMs: DEFAULT_COMFORT_TIMINGS.reviewMs },
  // A person types new login details in it: at least as long as the buy window.
  { name: 'COMFORT_SELLER_FIX_MS', what: 'wait for the seller', realMs: DEFAULT_COMFORT_TIMINGS.sellerFixMs, minMs: PLAYER_BUY_WINDOW_MS },
  // Below the sweep period a reminder could fall between two sweeps.
  { name: 'NOTIFY_REMINDER_BEFORE_MS', what: 'reminder before a deadline', realMs: DEFAULT_REMINDER_BEFORE_MS, minMs: 10 * SECOND },
  { name: 'WITHDRAWAL_OVERDUE_MS', what: 'payout overdue', realMs: DEFAULT_WITHDRAWAL_TIMINGS.overdueMs },
  { name: 'COMFORT_POLL_MS', what: 'transfer poll', realMs: DEFAULT_COMFORT_TIMINGS.pollMs, minMs: SECOND },
  { name: 'COMFORT_WATCH_MS', what: 'one transfer watch', realMs: DEFAULT_COMFORT_TIMINGS.watchMs, minMs: 10 * SECOND },
  { name: 'COMFORT_RETRY_INITIAL_MS', what: 'first provider retry', realMs: DEFAULT_COMFORT_TIMINGS.retryInitialMs, minMs: SECOND },
  { name: 'COMFORT_RETRY_MAX_MS', what: 'longest provider retry', realMs: DEFAULT_COMFORT_TIMINGS.retryMaxMs, minMs: SECOND },
  { name: 'WITHDRAWAL_POLL_MS', what: 'payout poll', realMs: DEFAULT_WITHDRAWAL_TIMINGS.pollMs, minMs: SECOND },
  { name: 'NOTIFY_SWEEP_MS', what: 'mail and reminder sweep', realMs: DEFAULT_NOTIFY_SWEEP_MS, minMs: SECOND },
];

/** Every other duration variable the processes read, and why the demo clock leaves it as it is. */
export const DEMO_LEFT_REAL: Readonly<Record<string, string>> = {
  PLAYER_BUY_WINDOW_MS: 'the seller buys the card on the market page while its countdown runs',
  SIMULATOR_TRANSFER_LOGIN_MS: 'the simulator scales its transfers itself (SIMULATOR_TIME_SCALE)',
  SIMULATOR_TRANSFER_CHUNK_MS: 'the simulator scales its transfers itself (SIMULATOR_TIME_SCALE)',
  SIMULATOR_TICK_MS: 'market price ticks: nothing of the money cycle waits on them',
  MARKET_SYNC_MS: 'the player list refresh (5 s) is already short',
  WEBHOOK_RETRY_INITIAL_MS: 'a seller\'s webhook receiver, not the money cycle',
  WEBHOOK_RETRY_MAX_MS: 'a seller\'s webhook receiver, not the money cycle',
  WEBHOOK_ROTATION_GRACE_HOURS: 'a seller\'s webhook receiver, not the money cycle',
  EVENT_RETENTION_DAYS: 'must outlast the webhook retry horizon, which is real',
  EVENTS_POLL_MS: 'the live feed\'s idle poll (15 ms), not a business duration',
  MONGODB_TIMEOUT_MS: 'a database call\'s deadline, not a business duration',
  EVENT_LOOP_LOG_MS: 'how often the worker logs its event loop\'s delay, for operators',
  TEMPORAL_STICKY_TIMEOUT_MS: 'how soon another worker takes a dead worker\'s runs, not a business duration',
};

export interface DemoTime {
  /** 1 is real time. */
  scale: number;
  /** What the children get: each derived duration, and the simulator's factor (both only where the operator set nothing). */
  env: Record<string, string>;
  /** Every duration as it will run: derived, or the operator's own. */
  durations: { name: string; what: string; ms: number; set: boolean }[];
  /** Said in the start output. */
  summary: string[];
}

/** The demo clock from the environment; a bad DEMO_TIME_SCALE throws with what to set. */
export function demoTime(env: NodeJS.ProcessEnv): DemoTime {
  const production = env.NODE_ENV === 'production';
  const asked = env.DEMO_TIME_SCALE?.trim();
  if (asked && !(/^\d+$/.test(asked) && Number(asked) >= 1 && Number(asked) <= MAX_DEMO_TIME_SCALE)) {
    throw new Error(`DEMO_TIME_SCALE must be a whole number from 1 (real time) to ${MAX_DEMO_TIME_SCALE}, not "${asked}"`);
  }
  const scale = production ? 1 : asked ? Number(asked) : DEFAULT_DEMO_TIME_SCALE;
  const set = (name: string) => Boolean(env[name]?.trim());
  const out: Record<string, string> = {};
  const durations = DEMO_DURATIONS.map((d) => {
    if (set(d.name)) return { name: d.name, what: d.what, ms: Number(env[d.name]), set: true };
    const ms = scale === 1 ? d.realMs : Math.max(d.minMs ?? 1, Math.round(d.realMs / scale));
    if (scale !== 1) out[d.name] = String(ms);
    return { name: d.name, what: d.what, ms, set: false };
  });
  if (!set('SIMULATOR_TIME_SCALE')) out.SIMULATOR_TIME_SCALE = String(scale);

  const pick = (name: string) => durations.find((d) => d.name === name)!;
  const shown = ['PLAYER_FREEZE_MS', 'COMFORT_REVIEW_MS', 'COMFORT_SELLER_FIX_MS', 'NOTIFY_REMINDER_BEFORE_MS', 'WITHDRAWAL_OVERDUE_MS']
    .map((n) => `${pick(n).what} ${formatMs(pick(n).ms)}${pick(n).set ? ' (yours)' : ''}`);
  const head = production
    ? `real time (NODE_ENV=production never scales${asked && asked !== '1' ? `; DEMO_TIME_SCALE=${asked} ignored` : ''})`
    : scale === 1 ? 'real time (DEMO_TIME_SCALE=1)' : `${scale}x faster than real (DEMO_TIME_SCALE; 1 = real time)`;
  return {
    scale,
    env: out,
    durations,
    summary: [
      head,
      shown.join(', '),
      `player buy window ${formatMs(PLAYER_BUY_WINDOW_MS)} (never scaled: the seller buys the card in it); a *_MS variable you set wins`,
    ],
  };
}

/** 86400 → "86 s", 300000 → "5 min", 86400000 → "24 h". */
export function formatMs(ms: number): string {
  if (ms < 2 * MINUTE) return `${ms < 10 * SECOND ? (ms / SECOND).toFixed(1).replace(/\.0$/, '') : Math.round(ms / SECOND)} s`;
  if (ms < 60 * MINUTE) return `${(ms / MINUTE).toFixed(1).replace(/\.0$/, '')} min`;
  return `${(ms / (60 * MINUTE)).toFixed(1).replace(/\.0$/, '')} h`;
}
