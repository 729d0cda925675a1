import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../domain/webhooks.js';

/**
 * The signature header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * one `v1` per secret given (newest first: after a rotation, the new and the replaced secret).
 */
export function signWebhook(secrets: string | readonly string[], body: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`)].join(',');
}

/**
 * The receiver's check (docs/api-events.md): the header's timestamp is within the tolerance of now,
 * and one of its `v1` signatures equals HMAC-SHA256 of `"<t>.<raw body>"` under the secret.
 */
export function verifyWebhook(secret: string, header: string | undefined, body: string, nowMs = Date.now(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return parts.filter(([k]) => k === 'v1').some(([, v]) => {
    const given = Buffer.from(v ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
