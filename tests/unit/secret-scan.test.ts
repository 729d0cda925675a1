import { describe, expect, it } from 'vitest';
import { holdsSecret } from '../support/secret-scan.js';

describe('holdsSecret', () => {
  it('finds a secret wherever a payload, log line or document would carry it', () => {
    expect(holdsSecret('{"backupCodes":["12345678","23456789"]}', '23456789')).toBe(true);
    expect(holdsSecret('codes 12345678, 23456789 sent', '12345678')).toBe(true);
    expect(holdsSecret('{"password":"Game-Pass-1"}', 'Game-Pass-1')).toBe(true);
    expect(holdsSecret('login with a+b.c*d(e)', 'a+b.c*d(e)')).toBe(true);
    expect(holdsSecret('12345678', '12345678')).toBe(true);
  });

  it('does not count the same digits inside a longer number or id', () => {
    expect(holdsSecret('"eventTime":"2026-11-23T09:14:01.912345678Z"', '12345678')).toBe(false);
    expect(holdsSecret('"time":1763890412345678', '12345678')).toBe(false);
    expect(holdsSecret('"runId":"0b9f1234-5678-4c12-a123456789ab"', '23456789')).toBe(false);
    expect(holdsSecret('"reqId":"req-12345678x"', '12345678')).toBe(false);
  });
});
