/**
 * How `npm run support` finds the servers `npm start` runs: while it runs, `npm start` writes the
 * settings the support tool reads to DATA_DIR/local-stack.json (readable by its owner only: it holds the
 * secrets key) and removes the file on Ctrl-C. The support tool takes each setting it lacks from there.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The support tool's settings (support/connect.ts), and the task queue the worker polls. */
export const LOCAL_STACK_SETTINGS = ['MONGODB_URI', 'MONGODB_DB', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'SECRETS_KEY'] as const;
type Settings = Partial<Record<(typeof LOCAL_STACK_SETTINGS)[number], string>>;

const root = resolve(import.meta.dirname, '..');
/** `npm start`'s data directory: DATA_DIR, else .data/ in the repository. */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => resolve(env.DATA_DIR ?? join(root, '.data'));
export const localStackFile = (dataDir: string): string => join(dataDir, 'local-stack.json');

export function writeLocalStack(dataDir: string, settings: Settings): void {
  mkdirSync(dataDir, { recursive: true });
  const file = localStackFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ writtenBy: 'npm start', pid: process.pid, at: new Date().toISOString(), ...settings }, null, 2), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export function removeLocalStack(dataDir: string): void {
  rmSync(localStackFile(dataDir), { force: true });
}

/**
 * The environment with every unset setting taken from the running `npm start`'s file, and a line that
 * says so (names only, never values); no file or nothing taken: the environment as it is, no line.
 */
export function withLocalStack(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; note: string | null } {
  const file = localStackFile(dataDirOf(env));
  if (!existsSync(file)) return { env, note: null };
  let saved: Settings;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Settings;
  } catch {
    return { env, note: `(${file} is unreadable: using the environment only)` };
  }
  const taken = LOCAL_STACK_SETTINGS.filter((k) => !env[k] && saved[k]);
  if (!taken.length) return { env, note: null };
  return {
    env: { ...env, ...Object.fromEntries(taken.map((k) => [k, saved[k]])) },
    note: `(the servers npm start runs: ${taken.join(', ')} from ${file})`,
  };
}
