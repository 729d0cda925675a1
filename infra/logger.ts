import { pino, type Logger } from 'pino';

/** Field paths that may carry secrets; pino replaces them before a line is written. */
export const REDACT_PATHS = [
  'password', '*.password', '*.*.password',
  'oldPassword', '*.oldPassword',
  'confirmPassword', '*.confirmPassword',
  'backupCodes', '*.backupCodes', '*.*.backupCodes',
  'authSecret', '*.authSecret', '*.*.authSecret',
  'token', '*.token', 'body.code', '*.body.code', 'verificationCode', '*.verificationCode',
  'secret', '*.secret',
  'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
  'headers.cookie', 'headers.authorization',
];

/** Structured JSON logs with secrets redacted; one logger per process, children per part. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}

export type { Logger };
