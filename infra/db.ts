import mongoose, { type Connection } from 'mongoose';
import { MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError } from 'mongodb';
import type { Collection, Document, Filter, OptionalUnlessRequiredId, WithId } from 'mongodb';
import { setting, settingAtLoad } from './config/load.js';

/**
 * Connections one process may hold (`MONGODB_MAX_POOL_SIZE`). FerretDB 1.x needs up to two of its
 * PostgreSQL connections per command in flight (docs/platform.md, "FerretDB's pool"), so every
 * process's pool together must stay under half of FerretDB's: dev-services sizes that pool from
 * this number.
 */
export const DB_MAX_POOL_SIZE = settingAtLoad('MONGODB_MAX_POOL_SIZE');
/**
 * The deadline of every database call (`MONGODB_TIMEOUT_MS`): a database that stops answering is an
 * error, never a hang. Driver 7 ignores `timeoutMS`, so it is spelt as the deadlines the driver keeps:
 * finding the server, waiting for a pooled connection, and silence on the socket mid-call.
 */
export const DB_TIMEOUT_MS = settingAtLoad('MONGODB_TIMEOUT_MS');

/**
 * Tests only (MONGODB_MIGRATE_AT_CONNECT, refused in production): the migration each new connection runs,
 * handed in by infra/migrate.ts rather than imported, since the migration imports the stores, which import this module.
 */
let migrateAtConnect: ((conn: Connection, key: string) => Promise<void>) | undefined;
export function setMigrateAtConnect(run: (conn: Connection, key: string) => Promise<void>): void {
  migrateAtConnect = run;
}

/** Opens a mongoose connection of its own (several apps can live in one test process). */
export async function connectDatabase(
  uri: string, dbName: string,
  opts: { maxPoolSize?: number; timeoutMS?: number; /** Tests only: the driver's 10 s between server checks, shorter. */ heartbeatMs?: number; monitorCommands?: boolean } = {},
): Promise<Connection> {
  const deadline = opts.timeoutMS ?? DB_TIMEOUT_MS;
  const heartbeat = opts.heartbeatMs ?? HEARTBEAT_MS;
  const conn = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: deadline,
    connectTimeoutMS: deadline,
    waitQueueTimeoutMS: deadline,
    socketTimeoutMS: deadline,
    heartbeatFrequencyMS: heartbeat,
    maxPoolSize: opts.maxPoolSize ?? DB_MAX_POOL_SIZE,
    // retryWrites is the URI's (the driver's default, on); only the local FerretDB stand-in's URI says false.
    // Indexes are the migration step's (infra/migrate.ts), never built by a process at its start.
    autoIndex: false,
    // Benchmarks count the commands each process sends (tests/bench/_cost.ts).
    ...(opts.monitorCommands ? { monitorCommands: true } : {}),
  });
  await conn.asPromise();
  watchMonitor(conn, deadline, heartbeat);
  if (setting('MONGODB_MIGRATE_AT_CONNECT')) {
    if (!migrateAtConnect) throw new Error('MONGODB_MIGRATE_AT_CONNECT is set but this process never called useMigrateAtConnect (infra/migrate.ts)');
    await migrateAtConnect(conn, `${uri} ${dbName}`);
  }
  return conn;
}

/** The driver's default time between two checks of the server (production keeps it). */
const HEARTBEAT_MS = 10_000;

/**
 * Restarts the driver's server monitor when it has gone silent. Twice in CI (never here), after the
 * database had stopped answering for a few seconds and answered again, the monitor emitted no
 * heartbeat at all for the next 60 s: the server stayed "Unknown", its pool paused, and every call
 * answered `unavailable` although the database answered (tests/integration/db-deadline.test.ts
 * prints the driver's timeline). A monitor that has said nothing for a whole heartbeat plus a
 * deadline is closed and started again, which checks the server at once; a healthy monitor speaks
 * every 10 s, so this never touches one.
 */
function watchMonitor(conn: Connection, deadline: number, heartbeat: number): void {
  const client = conn.getClient();
  let lastHeard = Date.now();
  const heard = () => { lastHeard = Date.now(); };
  for (const ev of ['serverHeartbeatStarted', 'serverHeartbeatSucceeded', 'serverHeartbeatFailed'] as const) client.on(ev, heard);
  const silentAfter = heartbeat + deadline + 5_000;
  // Not a sweep: watches this process's own database driver.
  const timer = setInterval(() => {
    if (Date.now() - lastHeard < silentAfter) return;
    // Internal driver state, reached defensively: a driver without it simply keeps its own monitor.
    const servers = (client as unknown as { topology?: { s?: { servers?: Map<string, { monitor?: { close(): void; connect(): void } | null }> } } }).topology?.s?.servers;
    if (!servers?.size) return;
    for (const server of servers.values()) {
      try {
        server.monitor?.close();
        server.monitor?.connect();
      } catch {
        // a monitor that cannot restart leaves the driver as it was
      }
    }
    lastHeard = Date.now();
  }, Math.min(5_000, deadline));
  timer.unref();
  conn.once('close', () => clearInterval(timer));
}

/** True when the database answers a ping within `withinMs`; used by /ready, which must answer within a second. */
export async function databaseReachable(conn: Connection, withinMs = 800): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), withinMs); });
  try {
    return await Promise.race([conn.db!.command({ ping: 1 }).then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Work that met `withinDeadline`'s deadline: the database did not answer in time. */
export class DatabaseDeadlineError extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = 'DatabaseDeadlineError';
  }
}

/**
 * `work`, or a DatabaseDeadlineError once `ms` have passed: for a caller that must answer sooner
 * than the connection's deadline (a socket handshake). The work itself goes on to its own deadline;
 * whoever needs to undo what it may still do attaches that to `work`.
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new DatabaseDeadlineError(ms)), ms); });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an error means "the database did not answer" (deadline passed, unreachable, connection lost): try again later, not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return err instanceof DatabaseDeadlineError || err instanceof MongoServerSelectionError || err instanceof MongoNetworkError || err instanceof MongoNotConnectedError
    || err instanceof MongoTopologyClosedError || (err as Error | null)?.name === 'MongoWaitQueueTimeoutError'
    // Mongoose's own class for a connection that found no server (not the driver's MongoServerSelectionError).
    || (err as Error | null)?.name === 'MongooseServerSelectionError'
    // Mongoose's queue while disconnected ("Operation `x.find()` buffering timed out after …").
    || ((err as Error | null)?.name === 'MongooseError' && /buffering timed out/.test((err as Error).message));
}

/**
 * One page of a list and its total that agree with each other. A count taken beside the find can
 * see a document the find did not (it changed phase between the two reads), and the page then
 * says "1 record" over an empty list. A short page is the end of the list, so its total is exact
 * without a count; only a full page (or an empty page past the end) asks the database for one.
 */
export async function findPage<T extends Document>(coll: Collection<T>, filter: Filter<T>, sort: Record<string, 1 | -1>, page: number, size: number): Promise<{ items: WithId<T>[]; total: number }> {
  const skip = (page - 1) * size;
  const items = await coll.find(filter).sort(sort).skip(skip).limit(size).toArray();
  if (items.length < size && (items.length > 0 || page === 1)) return { items, total: skip + items.length };
  return { items, total: Math.max(await coll.countDocuments(filter), skip + items.length) };
}

/** Whether a write failed only because its unique key is taken: how exclusivity is decided here (FerretDB has no transactions). */
export const isDuplicateKey = (err: unknown): boolean => (err as { code?: number } | null)?.code === 11000;

/**
 * Inserts each of `docs` unless a document with its unique key exists, in one command (unordered:
 * a repeat does not stop the others). Answers how many this call wrote. Only inserts: FerretDB closes
 * an insert's query before writing, so an unordered insert cannot hold its pool as a bulk of updates does.
 */
export async function insertEachOnce<T extends Document>(coll: Collection<T>, docs: OptionalUnlessRequiredId<T>[]): Promise<number> {
  if (docs.length === 0) return 0;
  try {
    return (await coll.insertMany(docs, { ordered: false })).insertedCount;
  } catch (err) {
    const errors = [(err as { writeErrors?: unknown }).writeErrors ?? []].flat();
    if (!errors.length || !errors.every(isDuplicateKey)) throw err;
    return docs.length - errors.length;
  }
}

/** Inserts `doc` unless a document with its unique key exists: true when this call wrote it (any number of processes may race; one wins). */
export async function insertOnce<T extends Document>(coll: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await coll.insertOne(doc);
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return false;
  }
}
