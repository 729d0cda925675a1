/**
 * The migration step of a deployment: the account models' indexes (their schemas declare them; processes
 * connect with autoIndex off) and every index of infra/indexes.ts. Idempotent, so it runs at every deployment
 * (compose's `migrate` service, `npm start` before its children, once per database in tests).
 */
import type { Connection } from 'mongoose';
import type { Model } from 'mongoose';
import { accountModels } from './accounts/models.js';
import { setMigrateAtConnect } from './db.js';
import { migrateIndexes } from './indexes.js';

export async function migrateDatabase(conn: Connection): Promise<{ indexes: number }> {
  const models = await accountModels(conn);
  let indexes = 0;
  for (const m of Object.values(models) as Model<unknown>[]) {
    await m.createIndexes();
    indexes += m.schema.indexes().length;
  }
  return { indexes: indexes + (await migrateIndexes(conn.db!)) };
}

const migrated = new Set<string>();

/** Tests only (MONGODB_MIGRATE_AT_CONNECT, refused in production): the migration once per database and process. */
export async function migrateOnce(conn: Connection, key: string): Promise<void> {
  if (migrated.has(key)) return;
  await migrateDatabase(conn);
  migrated.add(key);
}

/**
 * Lets MONGODB_MIGRATE_AT_CONNECT (tests only) run the migration on each connection this process opens; called by
 * every entry point and the tests' setup. Without the switch it changes nothing; production refuses the switch.
 */
export function useMigrateAtConnect(): void {
  setMigrateAtConnect(migrateOnce);
}
