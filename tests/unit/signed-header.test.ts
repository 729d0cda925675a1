import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { signHeader, verifyHeader } from '../../infra/signed-header.js';
import { verifySignature as sellerReceiverCheck } from '../../examples/webhook-receiver.js';

// The one signing helper for webhooks (seconds) and payout callbacks (milliseconds), checked by
// verifiers it does not share code with: the seller-facing example receiver, and Python's own hmac.
const BODY = '{"deliveryId":"d1","amountCents":1250,"note":"é ✓"}';
const NOW = 1_764_300_000_123;

/** Python's hmac module checks a `t=..,v1=..` header over "<t>.<body>" (exit 0: valid). */
function pythonVerifies(secret: string, header: string, body: string): boolean {
  const code = [
    'import hmac, hashlib, sys',
    'secret, header, body = sys.argv[1], sys.argv[2], sys.stdin.buffer.read()',
    'parts = [p.split("=", 1) for p in header.split(",")]',
    't = [v for k, v in parts if k == "t"][0]',
    'want = hmac.new(secret.encode(), t.encode() + b"." + body, hashlib.sha256).hexdigest()',
    'sys.exit(0 if any(k == "v1" and hmac.compare_digest(v, want) for k, v in parts) else 1)',
  ].join('\n');
  const run = spawnSync('python3', ['-c', code, secret, header], { input: body, encoding: 'utf8' });
  if (run.error || run.status === null || run.status > 1) throw new Error(`python3 could not run: ${run.error?.message ?? run.stderr}`);
  return run.status === 0;
}

describe('signHeader / verifyHeader', () => {
  it('webhooks: unix seconds, what a seller\'s receiver (docs/api-events.md) accepts', () => {
    const header = signHeader(['whsec_new', 'whsec_old'], BODY, 'seconds', NOW);
    expect(header).toMatch(/^t=1764300000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(sellerReceiverCheck('whsec_old', header, BODY, NOW)).toBe(true);
    expect(pythonVerifies('whsec_new', header, BODY)).toBe(true);
    expect(verifyHeader('whsec_new', header, BODY, 'seconds', 300_000, NOW + 299_000)).toBe(true);
    expect(verifyHeader('whsec_new', header, BODY, 'seconds', 300_000, NOW + 301_000)).toBe(false);
  });

  it('payout callbacks: unix milliseconds, the provider contract\'s format', () => {
    const header = signHeader('cb_secret', BODY, 'milliseconds', NOW);
    expect(header).toMatch(/^t=1764300000123,v1=[0-9a-f]{64}$/);
    expect(pythonVerifies('cb_secret', header, BODY)).toBe(true);
    expect(verifyHeader('cb_secret', header, BODY, 'milliseconds', 60_000, NOW + 60_000)).toBe(true);
    expect(verifyHeader('cb_secret', header, BODY, 'milliseconds', 60_000, NOW + 60_001)).toBe(false);
  });

  it('refuses another secret, another body, a missing or malformed header', () => {
    const header = signHeader('s1', BODY, 'milliseconds', NOW);
    expect(pythonVerifies('s2', header, BODY)).toBe(false);
    expect(verifyHeader('s2', header, BODY, 'milliseconds', 60_000, NOW)).toBe(false);
    expect(verifyHeader('s1', header, `${BODY} `, 'milliseconds', 60_000, NOW)).toBe(false);
    expect(verifyHeader('s1', undefined, BODY, 'milliseconds', 60_000, NOW)).toBe(false);
    expect(verifyHeader('s1', 'v1=abc', BODY, 'milliseconds', 60_000, NOW)).toBe(false);
    expect(verifyHeader('s1', header.replace(/^t=\d+/, 't=12x'), BODY, 'milliseconds', 60_000, NOW)).toBe(false);
  });
});
