/**
 * A backup of `npm run backup` back into an empty MongoDB database and a Temporal that is stopped:
 * Temporal's store first (the SQLite target must not exist; pg_restore replaces its databases), then
 * the app's database. Used by `node dist/restore.js` (the image) and `npm run restore` (a checkout).
 */
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { restoreDatabase } from './mongo-archive.js';
import { restoreTemporalPostgres, restoreTemporalSqlite, type TemporalStore } from './temporal-store.js';

export async function restoreBackup(opts: { dir: string; temporal: TemporalStore; uri: string; database: string; env: NodeJS.ProcessEnv }): Promise<string> {
  if (opts.temporal.kind === 'sqlite') restoreTemporalSqlite(join(opts.dir, 'temporal'), opts.temporal.file);
  if (opts.temporal.kind === 'postgres') await restoreTemporalPostgres(join(opts.dir, 'temporal'), opts.env);
  const client = await MongoClient.connect(opts.uri);
  try {
    const done = await restoreDatabase(client.db(opts.database), join(opts.dir, 'mongo'));
    return `restored from ${opts.dir}: ${done.collections} collections, ${done.documents} documents; Temporal: ${opts.temporal.kind}`;
  } finally {
    await client.close();
  }
}
