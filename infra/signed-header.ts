import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one signature scheme of what we POST to others and others POST to us: a header
 * `t=<timestamp>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=...]`, one `v1` per secret
 * (newest first during a rotation). Webhooks to API sellers stamp `t` in unix seconds
 * (docs/api-events.md, what their receivers verify); payout-provider callbacks in unix milliseconds
 * (docs/provider-contract.md). Both wire formats stay; the unit is the parameter.
 */
export type SignatureClock = 'seconds' | 'milliseconds';

const stamp = (nowMs: number, unit: SignatureClock): number => (unit === 'seconds' ? Math.floor(nowMs / 1000) : Math.floor(nowMs));
const mac = (secret: string, t: string | number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The header for `body` signed with each secret, stamped now in `unit`. */
export function signHeader(secrets: string | readonly string[], body: string, unit: SignatureClock, nowMs = Date.now()): string {
  const t = stamp(nowMs, unit);
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((s) => `v1=${mac(s, t, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret`: its timestamp (in `unit`) is within `toleranceMs` of
 * now, either way, and one of its `v1` values equals the HMAC (compared in constant time).
 */
export function verifyHeader(secret: string, header: string | undefined, body: string, unit: SignatureClock, toleranceMs: number, nowMs = Date.now()): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d+$/.test(t)) return false;
  const tMs = unit === 'seconds' ? Number(t) * 1000 : Number(t);
  if (Math.abs(nowMs - tMs) > toleranceMs) return false;
  const expected = Buffer.from(mac(secret, t, body));
  return parts.filter(([k]) => k === 'v1').some(([, v]) => {
    const given = Buffer.from(v ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
