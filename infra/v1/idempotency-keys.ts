/** The REST API v1's kept answers by Idempotency-Key (api/v1/idempotency.ts), and the sweep that removes expired ones (a worker schedule). */
import type { Db } from 'mongodb';

export const IDEMPOTENCY_COLLECTION = 'api_idempotency';
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** Removes kept answers older than 24 hours. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.collection<{ _id: string; expiresAt: Date }>(IDEMPOTENCY_COLLECTION).deleteMany({ expiresAt: { $lte: now } });
}
