import mongoose, { type Connection } from 'mongoose';
import type { Collection, Document, Filter, OptionalUnlessRequiredId, WithId } from 'mongodb';

/** Opens a mongoose connection of its own (several apps can live in one test process). */
export async function connectDatabase(uri: string, dbName: string): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB speaks the wire protocol but not retryable writes' session semantics.
    retryWrites: false,
    autoIndex: true,
  });
  await conn.asPromise();
  return conn;
}

/** True when the database answers a ping now; used by /ready. */
export async function databaseReachable(conn: Connection): Promise<boolean> {
  try {
    await conn.db!.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
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
