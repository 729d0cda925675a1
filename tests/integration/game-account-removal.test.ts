/**
 * A removal that dies half-way (after taking the account's hold, before deleting the account)
 * must not leave the game account busy forever: the next removal finishes it, and a pick on it
 * meets a removed account, not a busy one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_HOLDS_COLLECTION, GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';

let app: TestApp;
let accounts: GameAccounts;
beforeAll(async () => {
  app = await startTestApp();
  accounts = await GameAccounts.open(app.db.db!);
});
afterAll(async () => app?.close());

/** The state a removal leaves when its process dies between its two steps: the hold taken, the account still there. */
async function crashMidRemoval(id: string) {
  await app.db.db!.collection(ACCOUNT_HOLDS_COLLECTION).insertOne({ _id: id as never, purchaseId: 'removing', at: new Date() });
}

describe('game-account removal survives a crash between its steps', () => {
  it('the seller removes it again: 204 and it is gone, hold included', async () => {
    const seller = await createSignedInSeller(app);
    const acc = await accounts.add(seller.sellerId, { platform: 'ps', name: `Crash-${Date.now()}` });
    await crashMidRemoval(acc._id);
    expect((await seller.fetch(`/api/game-accounts/${acc._id}`, { method: 'DELETE' })).status).toBe(204);
    const list = (await (await seller.fetch('/api/game-accounts')).json()) as { items: { id: string }[] };
    expect(list.items.map((i) => i.id)).not.toContain(acc._id);
    expect(await app.db.db!.collection(ACCOUNT_HOLDS_COLLECTION).countDocuments({ _id: acc._id as never })).toBe(0);
  });

  it('a pick meeting the dead removal finds the account removed, not busy', async () => {
    const seller = await createSignedInSeller(app);
    const acc = await accounts.add(seller.sellerId, { platform: 'xbox', name: `Crash2-${Date.now()}` });
    await crashMidRemoval(acc._id);
    expect(await accounts.claim(seller.sellerId, acc._id, 'p-after-crash', Date.now())).toEqual({ ok: false, reason: 'account_not_found' });
    expect(await accounts.get(seller.sellerId, acc._id)).toBeNull();
  });

  it('an account held by a running purchase still cannot be removed', async () => {
    const seller = await createSignedInSeller(app);
    const acc = await accounts.add(seller.sellerId, { platform: 'pc', name: `Busy-${Date.now()}` });
    expect((await accounts.claim(seller.sellerId, acc._id, 'p-running', Date.now())).ok).toBe(true);
    expect((await seller.fetch(`/api/game-accounts/${acc._id}`, { method: 'DELETE' })).status).toBe(409);
    expect(await accounts.get(seller.sellerId, acc._id)).not.toBeNull();
  });
});
