import { describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';

describe('SECRETS_KEY key ring', () => {
  it('reads a key list: the first key is current, every key decrypts', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const ring = keyRingFrom(`k2:${b.toString('base64')}, k1:${a.toString('base64')}`);
    expect(ring.current.id).toBe('k2');
    expect(ring.current.key.equals(b)).toBe(true);
    expect(ring.all.get('k1')?.equals(a)).toBe(true);
    expect([...ring.all.keys()]).toEqual(['k2', 'k1']);
  });

  it('treats anything else as a dev passphrase: key id p1, key = sha256 of it', () => {
    const ring = keyRingFrom('a5f0e1 hex from npm start');
    expect(ring.current.id).toBe('p1');
    expect(ring.current.key.equals(createHash('sha256').update('a5f0e1 hex from npm start').digest())).toBe(true);
    // A key whose base64 is not 32 bytes is not a key list either.
    expect(keyRingFrom(`k1:${randomBytes(16).toString('base64')}`).current.id).toBe('p1');
  });

  it('refuses a key id named twice and an empty value', () => {
    const k = randomBytes(32).toString('base64');
    expect(() => keyRingFrom(`k1:${k},k1:${k}`)).toThrow(/k1 twice/);
    expect(() => keyRingFrom('')).toThrow(/empty/);
  });
});
