/**
 * One Temporal runtime per test process, as workers/main.ts installs one per worker process. Integration files
 * share their process (vitest.config.ts: isolate false) and the SDK refuses a second `Runtime.install`, so this
 * setup file installs it before any file makes a worker, and a file that reads the SDK's lines (comfort-run's
 * secrets check) lends it a logger for its own run with `lendRuntimeLogger`. Otherwise warnings and errors go to
 * the console, as the SDK's default logger sends them.
 */
import { DefaultLogger, Runtime, makeTelemetryFilterString, type LogLevel, type LogMetadata, type Logger } from '@temporalio/worker';

const HOLDER = Symbol.for('coinmarket.tests.temporalRuntimeLogger');
type Holder = { lent: Logger | null; fallback: Logger };
const scope = globalThis as { [HOLDER]?: Holder };

if (!scope[HOLDER]) {
  const holder: Holder = { lent: null, fallback: new DefaultLogger('WARN') };
  scope[HOLDER] = holder;
  const current = () => holder.lent ?? holder.fallback;
  const logger: Logger = {
    log: (level: LogLevel, message: string, meta?: LogMetadata) => current().log(level, message, meta),
    trace: (message, meta) => current().trace(message, meta),
    debug: (message, meta) => current().debug(message, meta),
    info: (message, meta) => current().info(message, meta),
    warn: (message, meta) => current().warn(message, meta),
    error: (message, meta) => current().error(message, meta),
  };
  Runtime.install({ logger, telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) } } });
}

/** The SDK's lines go to `logger` until the returned function is called (a file's afterAll). */
export function lendRuntimeLogger(logger: Logger): () => void {
  const holder = scope[HOLDER]!;
  holder.lent = logger;
  return () => { if (holder.lent === logger) holder.lent = null; };
}
