/**
 * How long sellers' events are kept: feed entries (what status sockets resync from) and webhook
 * deliveries with their attempts (the delivery log). Both grow with every change; neither has a
 * TTL index on FerretDB, so a sweep prunes them (its Temporal Schedule: workers/sweeps.ts). Pruning
 * is idempotent, so a retried round only repeats its deletes.
 */
import type { WebhookDeliveries } from '../webhooks/deliveries.js';
import type { SellerFeed } from './feed.js';

export interface EventRetention {
  /** Events older than this are pruned (30 days); it must outlast the webhook retry horizon. */
  days: number;
  /** How often the pruning sweep runs (an hour). */
  everyMs: number;
}
export const DEFAULT_EVENT_RETENTION: Readonly<EventRetention> = { days: 30, everyMs: 3_600_000 };
const DAY_MS = 86_400_000;

/** Reads `EVENT_RETENTION_DAYS`; refuses a retention that would forget deliveries still being retried. */
export function eventRetentionFromEnv(env: NodeJS.ProcessEnv, horizonMs: number): EventRetention {
  const days = env.EVENT_RETENTION_DAYS ? Number(env.EVENT_RETENTION_DAYS) : DEFAULT_EVENT_RETENTION.days;
  if (!Number.isFinite(days) || days * DAY_MS <= horizonMs) {
    throw new Error(`EVENT_RETENTION_DAYS must be a number of days longer than the webhook retry horizon (${horizonMs / DAY_MS} days)`);
  }
  return { ...DEFAULT_EVENT_RETENTION, days };
}

/** Prunes everything older than the retention; what went. */
export async function pruneEvents(deps: { feed: SellerFeed; deliveries: WebhookDeliveries }, days: number, now = Date.now()) {
  const before = new Date(now - days * DAY_MS);
  const [feed, log] = await Promise.all([deps.feed.prune(before), deps.deliveries.prune(before)]);
  return { feedEntries: feed, ...log };
}
