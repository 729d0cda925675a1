/**
 * `node dist/restore.js --from <dir> --temporal sqlite:<file>|postgres|none` (the image) and
 * `npm run restore -- … [--local]` (a checkout): a backup of `npm run backup` back into an empty
 * MongoDB database (MONGODB_URI) and a Temporal that is stopped (infra/backup/restore.ts). Start the
 * api and worker only after it has finished: they go on with every process where the backup left it.
 * `--local` restores npm start's DATA_DIR (npm start not running): its database is started on its own,
 * filled, and stopped again; that needs the checkout's development servers (scripts/restore-local.ts).
 */
import { restoreBackup } from '../infra/backup/restore.js';
import { checkConfig, exitWith, inheritedEnv, setting } from '../infra/config/load.js';
import { backupArgs } from './backup-args.js';

const merged = inheritedEnv();
const { env, problems } = checkConfig('support', merged);
if (problems.length) exitWith('restore', merged, problems);

async function main(): Promise<number> {
  const args = backupArgs(process.argv.slice(2), merged, 'from');
  let local: { uri: string; stop(): Promise<void> } | null = null;
  if (args.local) {
    // A variable, so the image's bundle leaves the development servers out (their packages are not installed there).
    const localModule = './restore-local.js';
    const { startLocalDatabase } = await import(localModule).catch(() => {
      throw new Error('--local restores npm start\'s data directory from a checkout (npm run restore); this build has no development servers');
    }) as typeof import('./restore-local.js');
    local = await startLocalDatabase(merged);
  }
  try {
    const uri = local?.uri ?? setting('MONGODB_URI', env);
    if (!uri) throw new Error('MONGODB_URI is not set (or --local for npm start\'s data directory)');
    console.log(await restoreBackup({ dir: args.dir, temporal: args.temporal, uri, database: setting('MONGODB_DB', env), env: merged }));
  } finally {
    await local?.stop();
  }
  return 0;
}

process.exitCode = await main().catch((err: Error) => {
  console.error(`restore failed: ${err.message}`);
  return 1;
});
