import mongoose, { type Connection } from 'mongoose';
import type { Collection, Document, Filter, WithId } from 'mongodb';

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
