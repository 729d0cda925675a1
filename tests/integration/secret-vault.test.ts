import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { keyRingFrom, SecretVault, SECRETS_COLLECTION, type KeyRing } from '../../infra/secrets/vault.js';
import { testKeyRing } from '../support/secrets.js';
import { testDatabase } from '../support/servers.js';

const owner = { sellerId: 'seller-vault-1', purpose: 'game-login' };
const secret = { email: 'gamer@example.com', password: 'Hunter2-plaintext-marker', backupCodes: ['11112222', '33334444'] };

describe('secret vault on the real database', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let db: Db;
  let vault: SecretVault;
  beforeAll(async () => {
    database = await testDatabase('vault');
    db = database.db.db!;
    vault = await SecretVault.open(db, testKeyRing());
  });
  afterAll(async () => { await database?.drop(); });

  const rawDoc = (ref: string) => db.collection(SECRETS_COLLECTION).findOne({ _id: ref.slice('secret:'.length) as never });

  it('gives back what was stored, behind an opaque reference', async () => {
    const ref = await vault.put(owner, secret);
    expect(ref).toMatch(/^secret:[A-Za-z0-9_-]{16,}$/);
    expect(ref).not.toContain(owner.sellerId);
    expect(await vault.get(ref)).toEqual(secret);
  });

  it('stores no plaintext: not the values, not the JSON', async () => {
    const ref = await vault.put(owner, secret);
    const doc = await rawDoc(ref);
    expect(doc).toBeTruthy();
    const stored = JSON.stringify(doc) + Buffer.from(JSON.stringify(doc)).toString('latin1');
    const asBytes = Buffer.concat(Object.values(doc!).filter((v) => v && typeof v === 'object' && 'buffer' in v).map((v) => Buffer.from((v as { buffer: Uint8Array }).buffer)));
    for (const value of [secret.password, secret.email, secret.backupCodes[0], 'Hunter2']) {
      expect(stored).not.toContain(value);
      expect(asBytes.includes(Buffer.from(value))).toBe(false);
    }
    expect(doc).toMatchObject({ sellerId: owner.sellerId, purpose: owner.purpose, kid: 'test1' });
  });

  it('uses a fresh IV per write: the same secret twice gives different ciphertexts', async () => {
    const a = await rawDoc(await vault.put(owner, secret));
    const b = await rawDoc(await vault.put(owner, secret));
    expect(Buffer.from(a!.iv.buffer).equals(Buffer.from(b!.iv.buffer))).toBe(false);
    expect(Buffer.from(a!.ct.buffer).equals(Buffer.from(b!.ct.buffer))).toBe(false);
  });

  it('refuses a tampered ciphertext, and a ciphertext moved to another owner', async () => {
    const ref = await vault.put(owner, secret);
    const doc = await rawDoc(ref);
    const ct = Buffer.from(doc!.ct.buffer);
    ct[0] ^= 1;
    await db.collection(SECRETS_COLLECTION).updateOne({ _id: doc!._id }, { $set: { ct } });
    await expect(vault.get(ref)).rejects.toThrow(/unable to authenticate|auth/i);

    const other = await vault.put(owner, secret);
    await db.collection(SECRETS_COLLECTION).updateOne({ _id: other.slice(7) as never }, { $set: { sellerId: 'someone-else' } });
    await expect(vault.get(other)).rejects.toThrow(/unable to authenticate|auth/i);
  });

  it('replaces a secret on resubmit and destroys it for good', async () => {
    const ref = await vault.put(owner, secret);
    await vault.replace(ref, { ...secret, password: 'new-password' });
    expect(await vault.get<typeof secret>(ref)).toMatchObject({ password: 'new-password' });
    await vault.destroy(ref);
    await expect(vault.get(ref)).rejects.toMatchObject({ name: 'DomainError', kind: 'not_found' });
    await expect(vault.replace(ref, secret)).rejects.toMatchObject({ kind: 'not_found' });
    expect(await rawDoc(ref)).toBeNull();
    await expect(vault.get('not-a-ref')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('rotates keys: old key ids still decrypt, new writes use the current key', async () => {
    const k1 = randomBytes(32).toString('base64');
    const k2 = randomBytes(32).toString('base64');
    const before: KeyRing = keyRingFrom(`k1:${k1}`);
    const after: KeyRing = keyRingFrom(`k2:${k2},k1:${k1}`);
    const oldRef = await (await SecretVault.open(db, before)).put(owner, secret);
    const rotated = await SecretVault.open(db, after);
    expect(await rotated.get(oldRef)).toEqual(secret);
    const newRef = await rotated.put(owner, secret);
    expect((await rawDoc(newRef))?.kid).toBe('k2');
    expect((await rawDoc(oldRef))?.kid).toBe('k1');
    // A resubmit re-seals under the current key.
    await rotated.replace(oldRef, secret);
    expect((await rawDoc(oldRef))?.kid).toBe('k2');
    // Without the key it was sealed with, a secret does not open (and says which key id is missing).
    await expect((await SecretVault.open(db, before)).get(newRef)).rejects.toThrow(/key id k2/);
  });
});
