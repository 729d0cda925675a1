import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { API_ACCESS_OFF, KEY_NAME_REQUIRED, SCOPES_REQUIRED, SCOPE_UNKNOWN } from '../../domain/api-keys.js';
import { connectDatabase } from '../../infra/db.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { eventsSince } from '../../infra/live/publish.js';

describe('API keys (real database)', () => {
  let db: Awaited<ReturnType<typeof connectDatabase>>;
  let keys: ApiKeys;
  let events: Awaited<ReturnType<typeof eventsCollection>>;
  const seller = () => `seller-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await connectDatabase(inject('mongoUri'), `keys_${randomBytes(4).toString('hex')}`);
    events = await eventsCollection(db);
    keys = await ApiKeys.open(db.db!, { events });
  });
  afterAll(async () => {
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
  });

  it('issues a key only after support enabled access; the secret is shown once and stored hashed', async () => {
    const s = seller();
    await expect(keys.issueKey(s, { name: 'Shop bot', scopes: ['read'] })).rejects.toMatchObject({ code: 'api_access_disabled', message: API_ACCESS_OFF });
    expect(await keys.listKeys(s)).toEqual([]);
    await keys.enableApiAccess(s, 'support:anna', 'contract 42 signed');
    const issued = await keys.issueKey(s, { name: '  Shop bot ', scopes: ['trade', 'read', 'read'] });
    expect(issued.secret).toMatch(/^cmk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(issued.secret.startsWith(issued.key.prefix + '_')).toBe(true);
    expect(issued.key).toMatchObject({ name: 'Shop bot', scopes: ['read', 'trade'], lastUsedAt: null, revokedAt: null });
    const stored = await db.db!.collection('api_keys').findOne({ _id: issued.key.keyId as never });
    expect(JSON.stringify(stored)).not.toContain(issued.secret.slice(21));
    const listed = await keys.listKeys(s);
    expect(listed).toEqual([issued.key]);
    expect(JSON.stringify(listed)).not.toContain(issued.secret.slice(21));
    const access = await db.db!.collection('api_access').findOne({ _id: s as never });
    expect(access).toMatchObject({ enabled: true, by: 'support:anna', why: 'contract 42 signed' });
  });

  it('refuses a bad name or scopes field by field and stores nothing', async () => {
    const s = seller();
    await keys.enableApiAccess(s, 'support', 'test');
    await expect(keys.issueKey(s, { name: ' ', scopes: [] })).rejects.toMatchObject({
      fields: [{ field: 'name', message: KEY_NAME_REQUIRED }, { field: 'scopes', message: SCOPES_REQUIRED }],
    });
    await expect(keys.issueKey(s, { name: 'x', scopes: ['admin'] })).rejects.toMatchObject({ fields: [{ field: 'scopes', message: SCOPE_UNKNOWN }] });
    expect(await keys.listKeys(s)).toEqual([]);
  });

  it('authenticates the key, notes its last use, and refuses forged, rotated and revoked keys at once', async () => {
    const s = seller();
    await keys.enableApiAccess(s, 'support', 'test');
    const { key, secret } = await keys.issueKey(s, { name: 'bot', scopes: ['read', 'withdraw'] });
    const grant = await keys.authenticateKey(secret);
    expect(grant).toEqual({ ok: true, sellerId: s, keyId: key.keyId, scopes: ['read', 'withdraw'], revision: 1 });
    expect((await keys.listKeys(s))[0]!.lastUsedAt).not.toBeNull();
    const forged = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    expect(await keys.authenticateKey(forged)).toEqual({ ok: false, refused: 'unknown' });
    expect(await keys.authenticateKey('Bearer nonsense')).toEqual({ ok: false, refused: 'malformed' });

    const rotated = await keys.rotateKey(s, key.keyId);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.key.keyId).toBe(key.keyId);
    expect(await keys.authenticateKey(secret)).toEqual({ ok: false, refused: 'unknown' });
    expect(await keys.authenticateKey(rotated.secret)).toMatchObject({ ok: true, revision: 2 });
    // A socket holding the old revision learns it is no longer good.
    expect(await keys.stillValid([{ keyId: key.keyId, revision: 1 }])).toEqual(new Set());
    expect(await keys.stillValid([{ keyId: key.keyId, revision: 2 }])).toEqual(new Set([key.keyId]));

    const renamed = await keys.renameKey(s, key.keyId, 'Warehouse bot');
    expect(renamed.name).toBe('Warehouse bot');
    expect(await keys.authenticateKey(rotated.secret)).toMatchObject({ ok: true });

    const revoked = await keys.revokeKey(s, key.keyId);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await keys.authenticateKey(rotated.secret)).toEqual({ ok: false, refused: 'revoked' });
    expect(await keys.stillValid([{ keyId: key.keyId, revision: 2 }])).toEqual(new Set());
    await expect(keys.rotateKey(s, key.keyId)).rejects.toMatchObject({ code: 'key_revoked' });
    // Every change was announced to the other replicas, and never reaches a seller's resync.
    const notices = await events.find({ sellerId: s, type: 'api-key:changed' }).sort({ _id: 1 }).toArray();
    expect(notices.map((n) => n.data)).toEqual([
      { keyId: key.keyId, revision: 2, revoked: false },
      { keyId: key.keyId, revision: 2, revoked: true },
    ]);
    expect((await eventsSince(events, s, null)).events).toEqual([]);
  });

  it('leaves exactly one working secret when rotations race: a rotation that lost the race is refused', async () => {
    const s = seller();
    await keys.enableApiAccess(s, 'support', 'test');
    const { key, secret } = await keys.issueKey(s, { name: 'bot', scopes: ['read'] });
    const results = await Promise.allSettled([keys.rotateKey(s, key.keyId), keys.rotateKey(s, key.keyId), keys.rotateKey(s, key.keyId)]);
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.secret] : []));
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason.code).toBe('key_changed');
    // Whatever the interleaving, one secret works (the newest revision's) and the others, the original included, do not.
    const working = [];
    for (const candidate of [secret, ...won]) if ((await keys.authenticateKey(candidate)).ok) working.push(candidate);
    expect(working).toHaveLength(1);
    expect(await keys.authenticateKey(working[0]!)).toMatchObject({ ok: true, revision: 1 + won.length });
  });

  it('refuses a rotation of a key as it was before another rotation, even when the two do not overlap', async () => {
    const s = seller();
    await keys.enableApiAccess(s, 'support', 'test');
    const { key } = await keys.issueKey(s, { name: 'bot', scopes: ['read'] });
    const first = await keys.rotateKey(s, key.keyId, null);
    await expect(keys.rotateKey(s, key.keyId, null)).rejects.toMatchObject({ code: 'key_changed' });
    expect(await keys.authenticateKey(first.secret)).toMatchObject({ ok: true, revision: 2 });
    const second = await keys.rotateKey(s, key.keyId, first.key.rotatedAt);
    expect(await keys.authenticateKey(second.secret)).toMatchObject({ ok: true, revision: 3 });
  });

  it('refuses every key of a seller whose access support disabled, and another seller cannot touch them', async () => {
    const s = seller();
    await keys.enableApiAccess(s, 'support', 'test');
    const { key, secret } = await keys.issueKey(s, { name: 'bot', scopes: ['read'] });
    await expect(keys.revokeKey(seller(), key.keyId)).rejects.toMatchObject({ code: 'key_not_found' });
    await expect(keys.renameKey(seller(), key.keyId, 'mine')).rejects.toMatchObject({ code: 'key_not_found' });
    await keys.disableApiAccess(s, 'support', 'contract ended');
    expect(await keys.authenticateKey(secret)).toEqual({ ok: false, refused: 'access_disabled' });
    expect(await keys.stillValid([{ keyId: key.keyId, revision: 1 }])).toEqual(new Set());
    await keys.enableApiAccess(s, 'support', 'renewed');
    expect(await keys.authenticateKey(secret)).toMatchObject({ ok: true });
  });
});
