import { pino, type DestinationStream, type Logger } from 'pino';
import { settingAtLoad } from './config/load.js';

/** Field paths that may carry secrets; pino replaces them before a line is written. */
export const REDACT_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]',
  'headers.cookie', 'headers.authorization', 'headers["x-csrf-token"]', 'headers["set-cookie"]',
  // A body's `code` is an emailed code, its `value` a Google credential; elsewhere `code` names an error.
  'body.code', '*.body.code', 'body.value', '*.body.value',
];

/**
 * Keys whose value is a secret wherever they sit, however deep (pino's paths cannot say "any
 * depth"): passwords, tokens, emailed codes, captcha answers, Google credentials, stored hashes.
 */
export const SECRET_KEYS = new Set([
  'password', 'oldpassword', 'confirmpassword', 'currentpassword', 'newpassword',
  'token', 'livetoken', 'resettoken', 'accesstoken', 'access_token', 'idtoken', 'id_token', 'refreshtoken', 'refresh_token',
  'credential', 'captcha', 'captchaanswer', 'answer', 'verificationcode', 'emailcode',
  'secret', 'authsecret', 'clientsecret', 'backupcodes', 'csrf', 'x-csrf-token', 'cookie', 'authorization', 'set-cookie',
  'passwordhash', 'codehash', 'answerhash', 'csrfhash', 'link', 'resetlink',
]);
const CENSOR = '[redacted]';

/** A copy of `value` with every secret-named key censored, at any depth (errors are left to pino's serializer). */
export function censorSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error || value instanceof Date || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => censorSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k.toLowerCase()) ? CENSOR : censorSecrets(v, depth + 1);
  return out;
}

/** Structured JSON logs with secrets redacted; one logger per process, children per part. */
export function createLogger(name: string, level: string = settingAtLoad('LOG_LEVEL') ?? 'info', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: (obj: Record<string, unknown>) => censorSecrets(obj) as Record<string, unknown> },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
