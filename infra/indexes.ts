/**
 * Every index the app's queries stand on, in one place, made by the migration step (`node dist/migrate.js`,
 * compose's `migrate` service, run once per deployment before the api and worker start; `npm start` runs it
 * before its children) rather than by each process at its start: 40 index builds per process start, and a
 * unique index that a rolling start could race, are a deployment's business. createIndex is idempotent: the
 * step runs again at every deployment and changes nothing that is already there.
 *
 * A new query that needs an index adds it here; tests run this once per database (MONGODB_MIGRATE_AT_CONNECT).
 */
import type { CreateIndexesOptions, Db, IndexSpecification } from 'mongodb';
import { GAME_ACCOUNTS_COLLECTION } from './player-trade/game-accounts.js';
import { API_KEYS_COLLECTION } from './api-keys/keys.js';
import { ALLOCATIONS_COLLECTION } from './wallet/settlement.js';
import { ATTEMPTS_COLLECTION, DELIVERIES_COLLECTION } from './webhooks/deliveries.js';
import { CARDS_COLLECTION } from './market/cards.js';
import { DRAFTS_COLLECTION } from './withdrawals/drafts.js';
import { ENDPOINTS_COLLECTION } from './webhooks/endpoints.js';
import { FEED_COLLECTION } from './seller-feed/feed.js';
import { LEDGER_COLLECTION } from './wallet/wallet.js';
import { LOCKS_COLLECTION, RUN_EVENTS_COLLECTION, RUNS_COLLECTION } from './comfort/runs.js';
import { NOTIFICATIONS_COLLECTION } from './notifications/inbox.js';
import { OUTBOX_COLLECTION } from './notifications/outbox.js';
import { PAYONEER_STATES } from './payout/payoneer-states.js';
import { PURCHASES_COLLECTION } from './player-trade/purchases.js';
import { PUSH_OUTBOX_COLLECTION, PUSH_SUBSCRIPTIONS_COLLECTION } from './web-push/subscriptions.js';
import { SECRETS_COLLECTION } from './secrets/vault.js';
import { SLOTS_COLLECTION } from './slots.js';
import { WITHDRAWALS_COLLECTION } from './withdrawals/records.js';
import { IDEMPOTENCY_COLLECTION } from './v1/idempotency-keys.js';


type Index = [IndexSpecification, CreateIndexesOptions?];

/** Collection → its indexes (besides _id), with why where it is not the obvious list query. */
export const INDEXES: Record<string, Index[]> = {
  [IDEMPOTENCY_COLLECTION]: [[{ expiresAt: 1 }]],
  [DRAFTS_COLLECTION]: [[{ expiresAt: 1 }], [{ sellerId: 1, sentAt: -1 }]],
  [PAYONEER_STATES]: [[{ expiresAt: 1 }]],
  [RUNS_COLLECTION]: [[{ sellerId: 1, createdAt: -1 }], [{ sellerId: 1, status: 1, createdAt: -1 }], [{ batchId: 1 }],
    // The business gauges' filters (infra/metrics/business.ts).
    [{ waitingFor: 1, state: 1 }]],
  [RUN_EVENTS_COLLECTION]: [[{ runId: 1, version: 1 }]],
  [LOCKS_COLLECTION]: [[{ runId: 1 }]],
  [PURCHASES_COLLECTION]: [[{ sellerId: 1, pickedAt: -1 }], [{ sellerId: 1, phase: 1, pickedAt: -1 }], [{ state: 1 }]],
  // One game account per platform and name: exclusivity is decided by this unique key.
  [GAME_ACCOUNTS_COLLECTION]: [[{ key: 1 }, { unique: true }], [{ sellerId: 1, createdAt: 1 }]],
  [PUSH_SUBSCRIPTIONS_COLLECTION]: [[{ sellerId: 1, savedAt: -1 }]],
  [WITHDRAWALS_COLLECTION]: [[{ sellerId: 1, requestedAt: -1 }], [{ state: 1 }]],
  [DELIVERIES_COLLECTION]: [[{ endpointId: 1, position: -1 }], [{ createdAt: 1 }], [{ state: 1 }]],
  [ATTEMPTS_COLLECTION]: [[{ deliveryId: 1 }], [{ at: 1 }]],
  [ALLOCATIONS_COLLECTION]: [[{ sellerId: 1, ref: 1 }]],
  [LEDGER_COLLECTION]: [[{ sellerId: 1, seq: -1 }], [{ opId: 1 }]],
  // The bell's list and count; a run's entries found when it moves on (NotificationInbox.resolve), not by reading all of a seller's.
  [NOTIFICATIONS_COLLECTION]: [[{ sellerId: 1, createdAt: -1 }], [{ sellerId: 1, readAt: 1 }], [{ sellerId: 1, 'subject.id': 1 }]],
  // The outboxes' sweeps (infra/notifications/claimed-outbox.ts).
  [OUTBOX_COLLECTION]: [[{ state: 1, nextAt: 1 }]],
  [PUSH_OUTBOX_COLLECTION]: [[{ state: 1, nextAt: 1 }]],
  [FEED_COLLECTION]: [[{ sellerId: 1, position: 1 }], [{ key: 1 }], [{ at: 1 }]],
  // A seller's secrets found and destroyed together; a sweep reads the old ones of one purpose.
  [SECRETS_COLLECTION]: [[{ sellerId: 1 }], [{ purpose: 1, createdAt: 1 }]],
  [API_KEYS_COLLECTION]: [[{ sellerId: 1, createdAt: -1 }]],
  [SLOTS_COLLECTION]: [[{ until: 1 }], [{ holder: 1 }]],
  [ENDPOINTS_COLLECTION]: [[{ sellerId: 1 }]],
  [CARDS_COLLECTION]: [[{ state: 1, buyNowPrice: 1 }]],
};

/**
 * The migration: every index above (the capped live log makes its own, with the collection, on first use:
 * infra/live/events-collection.ts). Answers how many it asked for.
 */
export async function migrateIndexes(db: Db): Promise<number> {
  const all = Object.entries(INDEXES).flatMap(([name, list]) => list.map(([key, options]) => ({ name, key, options })));
  for (const { name, key, options } of all) await db.collection(name).createIndex(key, options ?? {});
  return all.length;
}
