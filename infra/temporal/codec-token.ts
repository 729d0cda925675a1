/**
 * The bearer token of the codec endpoint (CODEC_AUTH_TOKEN): whoever holds it reads every
 * decrypted workflow payload, and the Temporal UI sends it in the endpoint's path over the public
 * host. So production refuses to start with one short enough to guess.
 */
import { ConfigError } from '../config-error.js';

export const CODEC_TOKEN_MIN_LENGTH = 32;

/** A configuration that must stop the process with its message (exit code 2). */
export class CodecConfigError extends ConfigError {}

/** CODEC_AUTH_TOKEN from the environment; undefined when unset (the codec endpoint is not mounted). */
export function codecTokenFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.CODEC_AUTH_TOKEN || undefined;
  if (token && env.NODE_ENV === 'production' && token.length < CODEC_TOKEN_MIN_LENGTH) {
    throw new CodecConfigError(
      `CODEC_AUTH_TOKEN must be at least ${CODEC_TOKEN_MIN_LENGTH} random characters in production: it opens every decrypted workflow payload `
      + '(generate one with `openssl rand -hex 32`).',
    );
  }
  return token;
}
