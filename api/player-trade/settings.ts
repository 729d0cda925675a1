import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY, type PickLimit, type PurchaseTimings, type VerifyPolicy } from '../../domain/player-trade.js';
import { DEFAULT_PRICE_TABLE, PLATFORMS, type PriceTable } from '../../domain/pricing.js';
import { DEFAULT_TIMINGS } from '../../domain/timing.js';
import { DEFAULT_TASK_QUEUE } from '../../infra/temporal.js';

export interface PlayerTradeOptions {
  taskQueue: string;
  prices: PriceTable;
  timings: PurchaseTimings;
  verify: VerifyPolicy;
  pickLimit: PickLimit;
  /** Where sellers buy the card (the provider's page; the simulator in development). */
  marketPageUrl: string | null;
  /** How stale the in-memory player list may be. */
  listMaxAgeMs?: number;
}

/** Player trade settings with the specification's defaults filled in. */
export function playerTradeOptions(given: Partial<PlayerTradeOptions> = {}): PlayerTradeOptions {
  return {
    taskQueue: given.taskQueue ?? DEFAULT_TASK_QUEUE,
    prices: given.prices ?? DEFAULT_PRICE_TABLE,
    timings: given.timings ?? {
      buyWindowMs: DEFAULT_TIMINGS.playerBuyWindowMs, freezeMs: DEFAULT_TIMINGS.freezeMs, cooldownMs: DEFAULT_TIMINGS.purchaseCooldownMs,
    },
    verify: given.verify ?? DEFAULT_VERIFY_POLICY,
    pickLimit: given.pickLimit ?? DEFAULT_PICK_LIMIT,
    marketPageUrl: given.marketPageUrl ?? null,
    listMaxAgeMs: given.listMaxAgeMs ?? 30_000,
  };
}

/**
 * From the environment (api/main.ts only): PRICE_TABLE "ps:250,xbox:250,pc:300" (euro cents per 100K
 * coins), PLAYER_BUY_WINDOW_MS, PLAYER_FREEZE_MS, PLAYER_COOLDOWN_MS, TEMPORAL_TASK_QUEUE, and
 * PROVIDER_PUBLIC_URL (else PROVIDER_URL) for the market page link.
 */
export function playerTradeFromEnv(env: NodeJS.ProcessEnv): Partial<PlayerTradeOptions> {
  const prices: Record<string, number> = { ...DEFAULT_PRICE_TABLE };
  for (const part of (env.PRICE_TABLE ?? '').split(',').filter(Boolean)) {
    const [k, v] = part.split(':').map((x) => x.trim());
    if (PLATFORMS.includes(k as never) && Number.isSafeInteger(Number(v)) && Number(v) > 0) prices[k] = Number(v);
  }
  const num = (name: string, fallback: number) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : fallback);
  return {
    taskQueue: env.TEMPORAL_TASK_QUEUE ?? DEFAULT_TASK_QUEUE,
    prices: prices as unknown as PriceTable,
    timings: {
      buyWindowMs: num('PLAYER_BUY_WINDOW_MS', DEFAULT_TIMINGS.playerBuyWindowMs),
      freezeMs: num('PLAYER_FREEZE_MS', DEFAULT_TIMINGS.freezeMs),
      cooldownMs: num('PLAYER_COOLDOWN_MS', DEFAULT_TIMINGS.purchaseCooldownMs),
    },
    marketPageUrl: env.PROVIDER_PUBLIC_URL ?? env.PROVIDER_URL ?? null,
  };
}
