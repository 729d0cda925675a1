/**
 * `npm run restore -- --from <dir> --temporal local|sqlite:<file>|postgres [--local]`: a backup of
 * `npm run backup` back into an empty MongoDB database (MONGODB_URI) and a Temporal that is stopped.
 * Start the api and worker only after it has finished: they go on with every process where the backup
 * left it. `--local` restores npm start's DATA_DIR (npm start not running): its database is started
 * here on its own, filled, and stopped again.
 */
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { restoreDatabase } from '../infra/backup/mongo-archive.js';
import { restoreTemporalPostgres, restoreTemporalSqlite } from '../infra/backup/temporal-store.js';
import { checkConfig, exitWith, inheritedEnv, setting } from '../infra/config/load.js';
import { provideMongo } from '../infra/dev-services/index.js';
import { backupArgs } from './backup-args.js';
import { dataDirOf, localStackFile } from './local-stack.js';
import { localSecrets } from './secrets.js';
import { existsSync } from 'node:fs';

const merged = inheritedEnv();
const { env, problems } = checkConfig('support', merged);
if (problems.length) exitWith('restore', merged, problems);

async function main(): Promise<number> {
  const args = backupArgs(process.argv.slice(2), merged, 'from');
  const dataDir = dataDirOf(merged);
  if (args.local && existsSync(localStackFile(dataDir))) throw new Error(`npm start is running on ${dataDir}: stop it (Ctrl-C) before restoring into it`);
  // Temporal first and while it is stopped: the sqlite target must not exist, pg_restore replaces the databases.
  if (args.temporal.kind === 'sqlite') restoreTemporalSqlite(join(args.dir, 'temporal'), args.temporal.file);
  if (args.temporal.kind === 'postgres') await restoreTemporalPostgres(join(args.dir, 'temporal'), merged);
  const local = args.local
    ? await provideMongo({ dataDir: join(dataDir, 'mongo'), ignoreEnv: true, password: localSecrets(join(dataDir, 'secrets.json'), ['DATABASE_PASSWORD']).DATABASE_PASSWORD, log: (l) => console.error(l) })
    : null;
  try {
    const uri = local?.uri ?? setting('MONGODB_URI', env);
    if (!uri) throw new Error('MONGODB_URI is not set (or --local for npm start\'s data directory)');
    const client = await MongoClient.connect(uri);
    try {
      const done = await restoreDatabase(client.db(setting('MONGODB_DB', env)), join(args.dir, 'mongo'));
      console.log(`restored from ${args.dir}: ${done.collections} collections, ${done.documents} documents; Temporal: ${args.temporal.kind}`);
    } finally {
      await client.close();
    }
  } finally {
    await local?.stop();
  }
  return 0;
}

process.exitCode = await main().catch((err: Error) => {
  console.error(`restore failed: ${err.message}`);
  return 1;
});
