/**
 * npm start's database watchdog: a database that stops answering is said so within seconds (the
 * processes' own calls fail with `unavailable` after their deadline), and the local FerretDB, which
 * keeps no state of its own, is restarted. A database named by MONGODB_URI is not ours to restart.
 */
import type { Connection } from 'mongoose';
import type { MongoService } from '../infra/dev-services/index.js';
import { connectDatabase, databaseReachable } from '../infra/db.js';

const EVERY_MS = 5_000;
const ANSWER_WITHIN_MS = 2_000;
/** Missed pings in a row before it is said (and FerretDB restarted): about 15 s of silence. */
const MISSES = 3;

export function watchDatabase(mongo: MongoService, say: (line: string) => void): () => Promise<void> {
  let conn: Connection | null = null;
  let misses = 0;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      conn ??= await connectDatabase(mongo.uri, 'admin', { maxPoolSize: 1, timeoutMS: ANSWER_WITHIN_MS });
      if (await databaseReachable(conn, ANSWER_WITHIN_MS)) {
        if (misses >= MISSES) say('the database answers again');
        misses = 0;
        return;
      }
      misses++;
      if (misses !== MISSES) return;
      const silent = `the database (${mongo.choice.chosen}) has not answered for ${(MISSES * EVERY_MS) / 1000} s; requests answer "unavailable" meanwhile`;
      if (!mongo.restart) {
        say(`${silent}. It is not run by npm start: check it.`);
        return;
      }
      say(`${silent}. Restarting FerretDB (it keeps no data of its own)…`);
      await mongo.restart();
      say('FerretDB restarted');
      misses = 0;
    } catch (err) {
      say(`database watchdog: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), EVERY_MS);
  return async () => {
    clearInterval(timer);
    await conn?.close().catch(() => undefined);
  };
}
