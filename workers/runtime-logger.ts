/** Temporal's SDK logger (workflow and activity logs, worker life cycle) written through our pino logger, secrets censored. */
import type { Logger as TemporalLogger } from '@temporalio/common';
import type { Logger } from '../infra/logger.js';

/** The logger to hand to `Runtime.install` so the SDK's lines are ours. */
export const runtimeLogger = (logger: Logger): TemporalLogger => ({
  log: (level, message, meta) => logger[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
  trace: (m, meta) => logger.trace({ ...meta }, m),
  debug: (m, meta) => logger.debug({ ...meta }, m),
  info: (m, meta) => logger.info({ ...meta }, m),
  warn: (m, meta) => logger.warn({ ...meta }, m),
  error: (m, meta) => logger.error({ ...meta }, m),
});
