/**
 * A start that waits for a server it needs (the database, Temporal) instead of dying: each failed try
 * is said with what it waits for, and the next comes after a pause of 0.5 s doubling to 10 s. A
 * supervisor that counts exits (npm start, Kubernetes) would otherwise turn a short outage into a
 * crash loop and stop, or back off for minutes (issue 34). Only an outage is waited for: any other
 * error (a bad setting, a bug) still ends the start.
 */
import type { Logger } from './logger.js';

export const FIRST_PAUSE_MS = 500;
export const MAX_PAUSE_MS = 10_000;

/** The pause after the n-th failed try (1-based): 0.5 s, 1 s, 2 s, … up to 10 s. */
export const pauseAfter = (attempt: number) => Math.min(FIRST_PAUSE_MS * 2 ** (attempt - 1), MAX_PAUSE_MS);

export interface Waiting {
  /** As said in a sentence: "the database", "Temporal at 127.0.0.1:7233". */
  what: string;
  /** True for a failure that means the server did not answer (to be waited for). */
  isOutage(err: unknown): boolean;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** Ends the wait (the process is stopping): the last failure is thrown. */
  stopped?: () => boolean;
}

/** Runs `attempt` until it succeeds; an outage is said and tried again after the pause, anything else is thrown. */
export async function untilAnswers<T>(w: Waiting, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      const done = await attempt();
      if (n > 1) w.logger.info({ attempts: n }, `${w.what} answers; going on`);
      return done;
    } catch (err) {
      if (!w.isOutage(err) || w.stopped?.()) throw err;
      const pauseMs = pauseAfter(n);
      w.logger.warn({ attempt: n, pauseMs, reason: firstLine(err) }, `waiting for ${w.what}: it does not answer; trying again in ${pauseMs} ms`);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];
