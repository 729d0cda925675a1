/**
 * A process's start that waits for its database. The start creates indexes and reads settings; a
 * database that stops answering meanwhile (restarted, a network blip) used to end the API with an
 * uncaught MongoNetworkError and exit code 1 (twice in a 30-minute chaos run), so only a supervisor
 * brought it back, and its log read like a crash. Now the start says what it waits for and tries
 * again; any other error still stops the process.
 */
import type { Connection } from 'mongoose';
import { connectDatabase, isDatabaseUnavailable } from './db.js';
import type { Logger } from './logger.js';

/** The longest pause between two tries, and how long a start may wait in all before it gives up. */
const MAX_PAUSE_MS = 10_000;
const GIVE_UP_MS = 10 * 60_000;

/** Connects to the database and runs `start` on it until both succeed; a failed try closes its connection. */
export async function startWhenDatabaseAnswers<T>(
  db: { uri: string; name: string }, start: (db: Connection) => Promise<T>, logger: Pick<Logger, 'warn'>, giveUpMs = GIVE_UP_MS,
): Promise<{ db: Connection; started: T }> {
  const t0 = Date.now();
  for (let attempt = 1; ; attempt++) {
    let conn: Connection | undefined;
    try {
      conn = await connectDatabase(db.uri, db.name);
      return { db: conn, started: await start(conn) };
    } catch (err) {
      await conn?.close().catch(() => undefined);
      if (!isDatabaseUnavailable(err) || Date.now() - t0 > giveUpMs) throw err;
      const pauseMs = Math.min(500 * 2 ** attempt, MAX_PAUSE_MS);
      logger.warn({ attempt, pauseMs, reason: (err as Error).message }, 'the database did not answer during start; trying again');
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}
