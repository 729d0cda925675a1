/**
 * npm start's database watchdog: a database that stops answering is said so within seconds (the
 * processes' own calls fail with `unavailable` after their deadline), and the local FerretDB, which
 * keeps no state of its own, is restarted. A database named by MONGODB_URI is not ours to restart.
 */
import type { Connection } from 'mongoose';
import type { MongoService } from '../infra/dev-services/index.js';
import { connectDatabase, databaseReachable } from '../infra/db.js';

/** A ping every 5 s, 2 s to answer; three missed in a row (about 15 s of silence) are said, and FerretDB restarted. */
const DEFAULTS = { everyMs: 5_000, answerWithinMs: 2_000, misses: 3 };

export function watchDatabase(mongo: Pick<MongoService, 'uri' | 'choice' | 'restart'>, say: (line: string) => void, timing: Partial<typeof DEFAULTS> = {}): () => Promise<void> {
  const { everyMs: EVERY_MS, answerWithinMs: ANSWER_WITHIN_MS, misses: MISSES } = { ...DEFAULTS, ...timing };
  let conn: Connection | null = null;
  let misses = 0;
  let busy = false;
  const answers = async (): Promise<boolean> => {
    try {
      conn ??= await connectDatabase(mongo.uri, 'admin', { maxPoolSize: 1, timeoutMS: ANSWER_WITHIN_MS });
      return await databaseReachable(conn, ANSWER_WITHIN_MS);
    } catch {
      return false; // not even connecting counts as a miss
    }
  };
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      if (await answers()) {
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
