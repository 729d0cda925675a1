/**
 * npm start's database watchdog: a database that stops answering is said so within seconds (the
 * processes' own calls fail with `unavailable` after their deadline), and the local FerretDB, which
 * keeps no state of its own, is restarted. A database named by MONGODB_URI is not ours to restart.
 */
import type { Connection } from 'mongoose';
import type { MongoService } from '../infra/dev-services/index.js';
import { connectDatabase, databaseReachable } from '../infra/db.js';
import { watch, type WatchTiming } from './watch.js';

/** A ping every 5 s, 2 s to answer; three missed in a row (about 15 s of silence) are said, and FerretDB restarted. */
const DEFAULTS: WatchTiming = { everyMs: 5_000, answerWithinMs: 2_000, misses: 3 };

/** A real call to the database (a ping): throws when it does not answer within `withinMs`. */
export function databaseProbe(mongo: Pick<MongoService, 'uri'>): { check(withinMs: number): Promise<void>; close(): Promise<void> } {
  let conn: Connection | null = null;
  return {
    check: async (withinMs) => {
      // Not even connecting counts as a miss.
      conn ??= await connectDatabase(mongo.uri, 'admin', { maxPoolSize: 1, timeoutMS: withinMs });
      if (!(await databaseReachable(conn, withinMs))) throw new Error(`no answer to a ping within ${withinMs} ms`);
    },
    close: async () => { await conn?.close(); },
  };
}

export function watchDatabase(mongo: Pick<MongoService, 'uri' | 'choice' | 'restart'>, say: (line: string) => void, timing: Partial<WatchTiming> = {}): () => Promise<void> {
  const probe = databaseProbe(mongo);
  return watch({
    name: 'the database',
    check: probe.check,
    down: (seconds) => `the database (${mongo.choice.chosen}) has not answered for ${seconds} s; requests answer "unavailable" meanwhile`,
    restart: mongo.restart && { server: 'FerretDB', why: 'it keeps no data of its own', run: () => mongo.restart!() },
    close: probe.close,
  }, say, { ...DEFAULTS, ...timing });
}
