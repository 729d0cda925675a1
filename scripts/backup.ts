/**
 * `npm run backup -- --to <dir> --temporal local|sqlite:<file>|postgres`: MongoDB (every collection with its
 * indexes, infra/backup/mongo-archive.ts) and Temporal's store (infra/backup/temporal-store.ts) into <dir>,
 * while everything runs. Temporal first: a workflow the copy of Temporal knows has its records in the later
 * copy of MongoDB, and its activities are idempotent on the ledger (docs/operations.md, "Backups").
 * SECRETS_KEY is never written here: it is escrowed apart (docs/operations.md).
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { recordBackup } from '../infra/backup/backup-log.js';
import { dumpDatabase } from '../infra/backup/mongo-archive.js';
import { backupTemporalPostgres, backupTemporalSqlite } from '../infra/backup/temporal-store.js';
import { checkConfig, exitWith, inheritedEnv, setting } from '../infra/config/load.js';
import { backupArgs } from './backup-args.js';
import { withLocalStack } from './local-stack.js';

const { env: merged, note } = withLocalStack(inheritedEnv());
if (note) console.error(note);
const { env, problems } = checkConfig('support', merged);
if (problems.length) exitWith('backup', merged, problems);

async function main(): Promise<number> {
  const args = backupArgs(process.argv.slice(2), merged, 'to');
  if (existsSync(args.dir) && readdirSync(args.dir).length) throw new Error(`${args.dir} is not empty: each backup goes into a new directory`);
  const uri = setting('MONGODB_URI', env);
  if (!uri) throw new Error('MONGODB_URI is not set (and no running npm start was found)');
  const startedAt = new Date();
  const temporal = args.temporal.kind === 'sqlite' ? [await backupTemporalSqlite(args.temporal.file, join(args.dir, 'temporal'))]
    : args.temporal.kind === 'postgres' ? await backupTemporalPostgres(join(args.dir, 'temporal'), merged) : [];
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db(setting('MONGODB_DB', env));
    const manifest = await dumpDatabase(db, join(args.dir, 'mongo'));
    const done = { startedAt, finishedAt: new Date(), collections: manifest.collections.length, documents: manifest.collections.reduce((n, c) => n + c.documents, 0), temporal: args.temporal.kind };
    writeFileSync(join(args.dir, 'backup.json'), JSON.stringify({ startedAt, finishedAt: done.finishedAt, temporal: done.temporal, mongo: { database: manifest.database, collections: done.collections, documents: done.documents } }, null, 2), { mode: 0o600 });
    // Only once the backup is whole on disk: the metric then says a restorable backup exists.
    await recordBackup(db, done);
    console.log(`backup in ${args.dir}: ${done.collections} collections, ${done.documents} documents; Temporal: ${temporal.length ? temporal.join(', ') : 'not backed up (--temporal none)'}`);
  } finally {
    await client.close();
  }
  return 0;
}

process.exitCode = await main().catch((err: Error) => {
  console.error(`backup failed: ${err.message}`);
  return 1;
});
