/**
 * Temporal's own store, backed up beside MongoDB. Production (docker-compose.yml) keeps it in PostgreSQL:
 * `pg_dump --format=custom` of its databases (`temporal`, `temporal_visibility`), restored with
 * `pg_restore --clean --if-exists` into a PostgreSQL whose Temporal is stopped. The local dev server
 * (`npm start`) keeps it in one SQLite file: copied with `VACUUM INTO`, one consistent snapshot taken
 * while the server runs, and restored by putting the file back before the server starts.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Temporal keeps its history: the dev server's SQLite file, or PostgreSQL (libpq's PG* variables). */
export type TemporalStore = { kind: 'sqlite'; file: string } | { kind: 'postgres' } | { kind: 'none' };

export const TEMPORAL_SQLITE_FILE = 'temporal.sqlite';

/**
 * Pages per backup step: all of them (node takes only a positive 32-bit count). At node's default of 100 a
 * step, every write of the server between two steps started the copy again: 40 s on a running dev stack, not one.
 */
const ALL_PAGES = 2 ** 31 - 1;
/** Temporal's PostgreSQL databases (admin-tools' setup creates both). */
export const TEMPORAL_PG_DATABASES = ['temporal', 'temporal_visibility'] as const;

/**
 * A consistent copy of the dev server's SQLite file into `dir`, taken while the server may be writing:
 * SQLite's online backup, all pages in one step (the server's writes wait for that step). Not VACUUM INTO,
 * which re-parses Temporal's schema and fails on its double-quoted JSON paths in this SQLite build.
 */
export async function backupTemporalSqlite(dbFile: string, dir: string): Promise<string> {
  if (!existsSync(dbFile)) throw new Error(`no Temporal database at ${dbFile}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, TEMPORAL_SQLITE_FILE);
  // Not read-only: in WAL mode a reader needs the shared-memory file, and the backup waits out the server's writes.
  const db = new DatabaseSync(dbFile, { timeout: 10_000 });
  try {
    await backup(db, target, { rate: ALL_PAGES });
  } finally {
    db.close();
  }
  return target;
}

/** Puts the backed-up SQLite file where the dev server will open it; refuses to overwrite a database. */
export function restoreTemporalSqlite(dir: string, dbFile: string): void {
  const source = join(dir, TEMPORAL_SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`${dir} holds no Temporal backup (${TEMPORAL_SQLITE_FILE})`);
  if (existsSync(dbFile)) throw new Error(`${dbFile} exists: restore only where Temporal has no database (stop it and move the old file away first)`);
  mkdirSync(dirname(dbFile), { recursive: true, mode: 0o700 });
  copyFileSync(source, dbFile);
}

/**
 * `pg_dump` of each Temporal database into `dir`. The connection comes from libpq's own variables
 * (PGHOST, PGPORT, PGUSER, PGPASSWORD or ~/.pgpass), so no password is ever on a command line.
 */
export async function backupTemporalPostgres(dir: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files: string[] = [];
  for (const name of TEMPORAL_PG_DATABASES) {
    const file = join(dir, `${name}.pgdump`);
    await run('pg_dump', ['--format=custom', '--no-owner', '--dbname', name, '--file', file], { env });
    files.push(file);
  }
  return files;
}

/** `pg_restore` of each dump into the databases of the same name (Temporal stopped; they are replaced). */
export async function restoreTemporalPostgres(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  for (const name of TEMPORAL_PG_DATABASES) {
    const file = join(dir, `${name}.pgdump`);
    if (!existsSync(file)) throw new Error(`${dir} holds no dump of ${name} (${name}.pgdump)`);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--exit-on-error', '--dbname', name, file], { env });
  }
}
