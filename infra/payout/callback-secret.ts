/**
 * The secret both ends of the payout callbacks share (PAYOUT_CALLBACK_SECRET): the provider signs
 * with it, the API checks with it. A known one lets anyone forge "failed" for a payout the provider
 * still pays (the money would come back to available), so production refuses to start without a real one.
 */
import { ConfigError } from '../config-error.js';

/** The development secret: fine on one machine and in tests, refused in production. */
export const DEV_CALLBACK_SECRET = 'dev-payout-callback-secret';
const MIN_LENGTH = 16;

/** A configuration that must stop the process with its message (exit code 2). */
export class PayoutConfigError extends ConfigError {}

/** PAYOUT_CALLBACK_SECRET from the environment; undefined outside production when unset (the development secret applies). */
export function callbackSecretFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.PAYOUT_CALLBACK_SECRET?.trim() || undefined;
  if (env.NODE_ENV === 'production' && (!secret || secret === DEV_CALLBACK_SECRET || secret.length < MIN_LENGTH)) {
    throw new PayoutConfigError(
      `PAYOUT_CALLBACK_SECRET is required in production: at least ${MIN_LENGTH} random characters, not the development default, `
      + 'the same for the API and the payout provider. It signs the provider\'s payout callbacks; with a known one anyone could report a payout as failed.',
    );
  }
  return secret;
}
