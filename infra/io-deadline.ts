/**
 * A deadline for network I/O that a blocked event loop cannot break. When the loop is blocked (a
 * long synchronous step, a garbage collection, the process descheduled on saturated cores), the
 * socket's data waits in the kernel; when the loop resumes, Node runs the timers that expired before
 * it reads any socket, so a plain `setTimeout` would declare missing an answer that arrived in time.
 * Here a timer that fires late gives the time it was late back (the loop could not read then; at
 * most half the deadline in all), and the final one only asks for a check after the next read of
 * the sockets (`setImmediate` runs after the loop's poll phase): `expired` runs only when nothing
 * stopped the deadline by then. Wall time: at most 1.5 x `ms` plus the last stall.
 */
export interface IoDeadline {
  /** The I/O happened (or failed otherwise): `expired` will not run. */
  stop(): void;
}

/** A timer later than this was held up by a blocked loop (a timer normally runs within a few ms). */
const LATE_MS = 20;

export function ioDeadline(ms: number, expired: () => void): IoDeadline {
  let stopped = false;
  let givenBack = 0;
  let timer: NodeJS.Timeout | undefined;
  let check: NodeJS.Immediate | undefined;
  const arm = (after: number) => {
    const due = performance.now() + after;
    timer = setTimeout(() => {
      const late = performance.now() - due;
      const back = Math.min(late, ms / 2 - givenBack);
      if (late > LATE_MS && back > 0) {
        givenBack += back;
        return arm(back);
      }
      check = setImmediate(() => {
        if (!stopped) { stopped = true; expired(); }
      });
    }, after);
  };
  arm(ms);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (check) clearImmediate(check);
    },
  };
}
