/** Waits until input pauses before acting, such as a username availability check. */

export const DEBOUNCE_MS = 300;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now (for example when a form is submitted before the pause ends). */
  flush(): void;
}

/** Calls `fn` with the latest arguments once `ms` passed without another call (default 300 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number = DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = () => {
    const args = pending;
    timer = undefined;
    pending = undefined;
    if (args) fn(...args);
  };

  const debounced = ((...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  return debounced;
}
