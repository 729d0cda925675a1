/**
 * How late this process's event loop runs: while it is blocked (a long synchronous step, a garbage
 * collection, the process descheduled on saturated cores), no socket is read and every timer fires
 * late. Kept here, small, so a metrics endpoint (issue 31) can export the same figures; until then
 * `logEventLoopDelay` writes them as a periodic structured log line.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './logger.js';

/** The delays seen in one window, in milliseconds (two decimals); `windowMs` is the window's length. */
export interface EventLoopDelay {
  p50Ms: number; p99Ms: number; maxMs: number; meanMs: number; windowMs: number;
}

/** Sampling period of the histogram: a stall shorter than this is not seen; 10 ms is Node's default. */
const RESOLUTION_MS = 10;

/** Starts measuring; `take()` answers the delays since the previous take (or the start) and starts a new window. */
export function eventLoopDelayMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let since = performance.now();
  return {
    take(): EventLoopDelay {
      const now = performance.now();
      // The histogram counts the sampling timer's period plus its lateness; only the lateness is a delay.
      const delay = (ns: number) => Math.max(0, Math.round(ns / 10_000 - RESOLUTION_MS * 100) / 100);
      const sample = histogram.count === 0
        ? { p50Ms: 0, p99Ms: 0, maxMs: 0, meanMs: 0, windowMs: Math.round(now - since) }
        : {
            p50Ms: delay(histogram.percentile(50)), p99Ms: delay(histogram.percentile(99)), maxMs: delay(histogram.max),
            meanMs: delay(histogram.mean), windowMs: Math.round(now - since),
          };
      histogram.reset();
      since = now;
      return sample;
    },
    stop(): void {
      histogram.disable();
    },
  };
}

/** Default period of the log line: once a minute per process. */
export const EVENT_LOOP_LOG_MS = 60_000;

/**
 * Logs `{ eventLoopDelay: { p50Ms, p99Ms, maxMs, meanMs, windowMs } }` with message "event loop delay"
 * every `everyMs`; a window whose worst stall reached a second is logged as a warning. Returns the stop.
 */
export function logEventLoopDelay(logger: Logger, everyMs = EVENT_LOOP_LOG_MS): () => void {
  const monitor = eventLoopDelayMonitor();
  // Not a sweep: measures this process's own event loop.
  const timer = setInterval(() => {
    const eventLoopDelay = monitor.take();
    logger[eventLoopDelay.maxMs >= 1_000 ? 'warn' : 'info']({ eventLoopDelay }, 'event loop delay');
  }, everyMs);
  timer.unref();
  return () => { clearInterval(timer); monitor.stop(); };
}
