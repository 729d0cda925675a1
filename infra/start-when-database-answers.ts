/**
 * A process's start that waits for its database. The start creates indexes and reads settings; a
 * database that stops answering meanwhile (restarted, a network blip) used to end the API with an
 * uncaught MongoNetworkError and exit code 1 (twice in a 30-minute chaos run), so only a supervisor
 * brought it back, and its log read like a crash. Now the start says what it waits for and tries
 * again, for as long as the database is down (issue 34: a start that gives up is a crash loop later);
 * any other error still stops the process.
 */
import type { Connection } from 'mongoose';
import { connectDatabase, isDatabaseUnavailable } from './db.js';
import type { Logger } from './logger.js';
import { untilAnswers } from './until-answers.js';

/** Connects to the database and runs `start` on it until both succeed; a failed try closes its connection. */
export async function startWhenDatabaseAnswers<T>(
  db: { uri: string; name: string }, start: (db: Connection) => Promise<T>, logger: Pick<Logger, 'warn' | 'info'>,
): Promise<{ db: Connection; started: T }> {
  return untilAnswers({ what: 'the database', isOutage: isDatabaseUnavailable, logger }, async () => {
    let conn: Connection | undefined;
    try {
      conn = await connectDatabase(db.uri, db.name);
      return { db: conn, started: await start(conn) };
    } catch (err) {
      await conn?.close().catch(() => undefined);
      throw err;
    }
  });
}
