/** The flags `npm run backup` and `npm run restore` share: where Temporal's store is, and the backup directory. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TemporalStore } from '../infra/backup/temporal-store.js';
import { dataDirOf } from './local-stack.js';

export interface BackupArgs { dir: string; temporal: TemporalStore; local: boolean }

const USAGE = `--temporal local | sqlite:<file> | postgres | none  (local: npm start's DATA_DIR/temporal/temporal.db;
  postgres: pg_dump/pg_restore with libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD)`;

/** `dirFlag` is --to (backup) or --from (restore). Throws with the usage on anything missing or unknown. */
export function backupArgs(argv: string[], env: NodeJS.ProcessEnv, dirFlag: 'to' | 'from'): BackupArgs {
  const { values } = parseArgs({ args: argv, options: { [dirFlag]: { type: 'string' }, temporal: { type: 'string' }, local: { type: 'boolean' } }, strict: true });
  const dir = values[dirFlag] as string | undefined;
  const t = values.temporal as string | undefined;
  if (!dir || !t) throw new Error(`usage: --${dirFlag} <directory> ${USAGE}`);
  const temporal: TemporalStore | null = t === 'local' ? { kind: 'sqlite', file: join(dataDirOf(env), 'temporal', 'temporal.db') }
    : t.startsWith('sqlite:') && t.length > 7 ? { kind: 'sqlite', file: t.slice(7) }
      : t === 'postgres' ? { kind: 'postgres' } : t === 'none' ? { kind: 'none' } : null;
  if (!temporal) throw new Error(`--temporal ${t}: unknown store; ${USAGE}`);
  return { dir, temporal, local: Boolean(values.local) };
}
