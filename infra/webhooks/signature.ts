import { signHeader, verifyHeader } from '../signed-header.js';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../domain/webhooks.js';

/**
 * The signature header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * one `v1` per secret given (newest first: after a rotation, the new and the replaced secret).
 */
export function signWebhook(secrets: string | readonly string[], body: string, nowMs = Date.now()): string {
  return signHeader(secrets, body, 'seconds', nowMs);
}

/**
 * The receiver's check (docs/api-events.md): the header's timestamp is within the tolerance of now,
 * and one of its `v1` signatures equals HMAC-SHA256 of `"<t>.<raw body>"` under the secret.
 */
export function verifyWebhook(secret: string, header: string | undefined, body: string, nowMs = Date.now(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  return verifyHeader(secret, header, body, 'seconds', toleranceSeconds * 1000, nowMs);
}
