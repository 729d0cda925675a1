import { createHash } from 'node:crypto';

/** The encryption keys: `current` encrypts new writes, `all` (by key id) decrypts old ones too. */
export interface KeyRing { current: { id: string; key: Buffer }; all: Map<string, Buffer> }

// A key list entry is "kid:" followed by exactly 32 bytes in base64 (44 characters).
const KEY_ENTRY = /^([A-Za-z0-9._-]{1,32}):([A-Za-z0-9+/]{43}=)$/;

/**
 * SECRETS_KEY is "kid1:base64(32 bytes)[,kid2:base64...]" (first is current) or, for dev, any
 * passphrase (key id "p1", key = sha256 of it).
 */
export function keyRingFrom(secretsKey: string): KeyRing {
  if (!secretsKey) throw new Error('SECRETS_KEY is empty');
  const parts = secretsKey.split(',').map((p) => p.trim());
  const entries = parts.map((p) => KEY_ENTRY.exec(p));
  if (!entries.every((m) => m !== null)) {
    const key = createHash('sha256').update(secretsKey, 'utf8').digest();
    return { current: { id: 'p1', key }, all: new Map([['p1', key]]) };
  }
  const all = new Map<string, Buffer>();
  for (const m of entries as RegExpExecArray[]) {
    if (all.has(m[1])) throw new Error(`SECRETS_KEY names key id ${m[1]} twice`);
    all.set(m[1], Buffer.from(m[2], 'base64'));
  }
  const first = (entries[0] as RegExpExecArray)[1];
  return { current: { id: first, key: all.get(first)! }, all };
}
