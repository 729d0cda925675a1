/**
 * npm start's watchdogs (database, Temporal): one real call on an interval; a run of misses is said
 * plainly and, when npm start runs the server, the server is restarted; its first answer after is said too.
 */

export interface WatchTiming {
  everyMs: number;
  /** Each check's deadline: a server that hangs is as down as one that refuses. */
  answerWithinMs: number;
  /** Misses in a row before anything is said (one slow answer under load is not an outage). */
  misses: number;
  /**
   * Restarts in a row without an answer between them before npm start stops restarting (3): a server
   * that a restart does not mend (a damaged file, a full disk) is said once, not restarted forever.
   */
  maxRestarts?: number;
}

export interface Watched {
  /** As said in a sentence: "the database", "Temporal". */
  name: string;
  /** A real call; it throws (its message is said) when the server does not answer within `withinMs`. */
  check(withinMs: number): Promise<void>;
  /** The first line said: what has failed for how long, and what waits meanwhile. */
  down(seconds: string, failure: string): string;
  /** Absent when the server is not npm start's: then it is only said. */
  restart?: { server: string; why: string; run(): Promise<void> };
  close?(): Promise<void>;
}

/** Watches until the returned function is called. */
export function watch(w: Watched, say: (line: string) => void, timing: WatchTiming): () => Promise<void> {
  let misses = 0;
  let down = false;
  let lastAnswer = Date.now();
  let busy = false;
  let restarts = 0;
  let gaveUp = false;
  const maxRestarts = timing.maxRestarts ?? 3;
  const tick = async () => {
    if (busy) return; // a check or restart still under way is not doubled
    busy = true;
    try {
      await w.check(timing.answerWithinMs);
      if (down) say(`${w.name} answers again`);
      down = false;
      misses = 0;
      restarts = 0;
      gaveUp = false;
      lastAnswer = Date.now();
    } catch (err) {
      if (++misses < timing.misses) return;
      misses = 0; // one we run is restarted again after as many misses; one we do not is said once
      const silent = w.down(secondsSince(lastAnswer), reasonOf(err));
      const saidAlready = down;
      down = true;
      if (!w.restart) {
        if (!saidAlready) say(`${silent}. It is not run by npm start: check it.`);
        return;
      }
      if (restarts === maxRestarts) {
        if (!gaveUp) {
          say(`${silent}. ${capitalised(w.restart.server)} was restarted ${maxRestarts} times and still does not answer, so npm start `
            + 'stops restarting it (it says so when it answers again): read its log above, then stop npm start and start it again.');
        }
        gaveUp = true;
        return;
      }
      restarts++;
      say(`${silent}. Restarting ${w.restart.server} (${w.restart.why})…`);
      await w.restart.run().then(
        () => say(`${w.restart!.server} restarted`),
        (e: unknown) => say(`${w.name}: the restart failed: ${reasonOf(e)}`),
      );
    } finally {
      busy = false;
    }
  };
  // Not a sweep: a command-line watcher that prints to its own terminal.
  const timer = setInterval(() => void tick(), timing.everyMs);
  return async () => {
    clearInterval(timer);
    await w.close?.().catch(() => undefined);
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

function secondsSince(t: number): string {
  const s = (Date.now() - t) / 1000;
  return s < 10 ? s.toFixed(1) : String(Math.round(s));
}
