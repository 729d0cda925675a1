import { pause, stopwatch } from './wait.js';

/**
 * Runs `work` while `url` (an API's /health) is asked every 50 ms, and 200 ms more after it: the work's outcome,
 * how long it took, the slowest health answer and the health checks left unanswered (3 s each). A probe for
 * tests whose subject is that the API keeps answering while it refuses hostile work.
 */
export async function whileWatching<T>(url: string, work: () => Promise<T>) {
  const healthMs: number[] = [];
  let failures = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      const took = stopwatch();
      const ok = await fetch(url, { signal: AbortSignal.timeout(3_000) }).then((r) => r.ok, () => false);
      if (ok) healthMs.push(took()); else failures++;
      await pause(50);
    }
  })();
  const took = stopwatch();
  const outcome = await work();
  const ms = took();
  await pause(200);
  done = true;
  await watch;
  return { outcome, ms, slowestHealthMs: Math.max(0, ...healthMs), failures };
}
