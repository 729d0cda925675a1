/**
 * A deadline for network I/O that a blocked event loop cannot break. When the loop is blocked (a
 * long synchronous step, a garbage collection, the process descheduled on saturated cores), the
 * socket's data waits in the kernel; when the loop resumes, Node runs the timers that expired before
 * it reads any socket, so a plain `setTimeout` would declare missing an answer that arrived in time.
 * Here the timer only asks for a check after the next read of the sockets (`setImmediate` runs after
 * the loop's poll phase), and `expired` runs only when nothing cancelled the deadline by then.
 */
export interface IoDeadline {
  /** The I/O happened (or failed otherwise): `expired` will not run. */
  stop(): void;
}

export function ioDeadline(ms: number, expired: () => void): IoDeadline {
  let stopped = false;
  let check: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    check = setImmediate(() => {
      if (!stopped) { stopped = true; expired(); }
    });
  }, ms);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (check) clearImmediate(check);
    },
  };
}
