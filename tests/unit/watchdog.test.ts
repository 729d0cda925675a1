import { describe, expect, it } from 'vitest';
import { watch, type Watched } from '../../scripts/watch.js';

import { eventually } from '../support/wait.js';

/** Waits (checks, not wall time: a busy machine fires timers late) until `done`. */
const until = (done: () => boolean, what: string) => eventually(async () => done(), (ok) => expect(ok, `never: ${what}`).toBe(true), { timeoutMs: 10_000, everyMs: 5, what });
const FAST = { everyMs: 5, answerWithinMs: 5, misses: 2, maxRestarts: 2 };

/** A server whose checks fail while `broken`; each restart is counted and mends nothing. */
function server() {
  const state = { broken: true, restarts: 0, checks: 0 };
  const watched: Watched = {
    name: 'Temporal',
    check: async () => { state.checks++; if (state.broken) throw new Error('interrupted (9)'); },
    down: (seconds, failure) => `Temporal has failed for ${seconds} s (last: ${failure})`,
    restart: { server: 'the Temporal dev server', why: 'its workflows are kept', run: async () => { state.restarts++; } },
  };
  return { state, watched };
}

/** Watches a broken server for the length of `body`. */
async function watching(body: (state: ReturnType<typeof server>['state'], lines: string[]) => Promise<void>) {
  const { state, watched } = server();
  const lines: string[] = [];
  const stop = watch(watched, (l) => lines.push(l), FAST);
  try {
    await body(state, lines);
  } finally {
    await stop();
  }
}

describe("npm start's watchdog: a restart that does not mend is not repeated forever", () => {
  it('restarts at most maxRestarts times in a row, says once that it stopped, and says when the server answers again', async () => {
    await watching(async (state, lines) => {
      await until(() => lines.some((l) => l.includes('stops restarting it')), 'the stop');
      const checks = state.checks;
      await until(() => state.checks > checks + 40, '20 more runs of misses');
      expect(state.restarts).toBe(2);
      const stopped = lines.filter((l) => l.includes('stops restarting it'));
      expect(stopped).toEqual([
        expect.stringMatching(/^Temporal has failed for .*\. The Temporal dev server was restarted 2 times and still does not answer, so npm start stops restarting it \(it says so when it answers again\): read its log above, then stop npm start and start it again\.$/),
      ]);
      state.broken = false;
      await until(() => lines.at(-1) === 'Temporal answers again', 'the all-clear');
    });
  });

  it('counts again from zero once the server answered: a fault the next day is restarted again', async () => {
    await watching(async (state, lines) => {
      await until(() => lines.some((l) => l.includes('stops restarting it')), 'the first stop');
      expect(state.restarts).toBe(2);
      state.broken = false;
      await until(() => lines.at(-1) === 'Temporal answers again', 'the all-clear');
      state.broken = true;
      await until(() => lines.filter((l) => l.includes('stops restarting it')).length === 2, 'the second stop');
      expect(state.restarts).toBe(4);
      expect(lines.filter((l) => l.includes('stops restarting it'))).toHaveLength(2);
    });
  });
});
