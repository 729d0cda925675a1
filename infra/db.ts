import mongoose, { type Connection } from 'mongoose';

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
