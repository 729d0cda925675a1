/**
 * The suite's one wait helper (issue 29): tests wait for an authoritative end (a workflow's result, a record, a
 * server's own answer) by reading it until it holds, never by sleeping. Fixed sleeps and wall-clock bounds are
 * refused by the lint rule in eslint.config.js outside tests/support and tests/bench.
 */

/** The longest pause between two reads of a wait that did not give its own (`everyMs`). */
export const MAX_GAP_MS = 250;

/** A pause between two reads of what a test waits for; only the helpers here use it. */
export const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Reads `read` until it returns something truthy (and returns it), or until `check` accepts what it read (and
 * returns that). A read that throws is tried again (unless it throws `GiveUp`); on timeout the last error (an assertion's diff when `check`
 * is an `expect`) is in the message.
 */
export async function eventually<T>(read: () => Promise<T | undefined | null | false>, timeoutMs?: number, what?: string): Promise<T>;
export async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => void, options?: { timeoutMs?: number; everyMs?: number; what?: string }): Promise<T>;
export async function eventually<T>(
  read: () => T | Promise<T>,
  second?: number | ((value: T) => void),
  third?: string | { timeoutMs?: number; everyMs?: number; what?: string },
): Promise<T> {
  const check = typeof second === 'function' ? second : null;
  const timeoutMs = (typeof second === 'number' ? second : typeof third === 'object' ? third.timeoutMs : undefined) ?? 15_000;
  const what = (typeof third === 'string' ? third : third?.what) ?? 'condition';
  const until = Date.now() + timeoutMs;
  let last: unknown;
  const fixed = typeof third === 'object' ? third.everyMs : undefined;
  // Quick at first (most waits end within a few reads), then less often: a read is an HTTP call, a
  // database query or a page query, CPU the other file running beside this one wants (docs/performance.md).
  let gap = check ? 50 : 100;
  for (;;) {
    try {
      const v = await read();
      if (check) {
        check(v);
        return v;
      }
      if (v) return v;
    } catch (err) {
      if (err instanceof GiveUp) throw err;
      last = err;
    }
    if (Date.now() >= until) break;
    await pause(fixed ?? gap);
    gap = Math.min(MAX_GAP_MS, Math.round(gap * 1.5));
  }
  if (check && last instanceof Error) {
    last.message = `timed out after ${timeoutMs} ms waiting for ${what}: ${last.message}`;
    throw last;
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** Thrown by a read that knows waiting longer cannot help (the process it waits for exited): ends the wait at once. */
export class GiveUp extends Error {}

/** Milliseconds since it was made: for log lines that describe a run (what a benchmark measures), never for a bound. */
export function stopwatch(): () => number {
  const t0 = Date.now();
  return () => Date.now() - t0;
}

/** Resolves with `value` after `ms`: the deadline side of a race (a process given 30 s to exit before it is killed). */
export const after = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
