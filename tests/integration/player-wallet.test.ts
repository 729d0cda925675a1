import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallets } from '../../infra/wallet/wallet.js';
import { testDatabase } from '../support/servers.js';

describe('wallet and ledger on the real database', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let wallets: Wallets;
  beforeAll(async () => {
    database = await testDatabase('wallet');
    wallets = await Wallets.open(database.db.db!);
  });
  afterAll(async () => database?.drop());

  it('credits frozen once per operation id, however often it is repeated, concurrently or not', async () => {
    const seller = 's-dup';
    const results = await Promise.all(Array.from({ length: 20 }, () => wallets.creditFrozen(seller, 'op-1', 1234, 'p1')));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    await wallets.creditFrozen(seller, 'op-1', 1234, 'p1');
    expect(await wallets.get(seller)).toMatchObject({ frozen: 1234, available: 0, total: 1234 });
    expect(await wallets.ledger.countDocuments({ sellerId: seller })).toBe(1);
  });

  it('releases frozen to available once, and refuses to release more than is frozen', async () => {
    const seller = 's-rel';
    await wallets.creditFrozen(seller, 'c1', 500, 'p1');
    await wallets.creditFrozen(seller, 'c2', 700, 'p2');
    await Promise.all([wallets.releaseFrozen(seller, 'r1', 500, 'p1'), wallets.releaseFrozen(seller, 'r1', 500, 'p1')]);
    expect(await wallets.get(seller)).toMatchObject({ frozen: 700, available: 500, total: 1200 });
    await expect(wallets.releaseFrozen(seller, 'r-too-much', 701, 'p2')).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await wallets.get(seller)).toMatchObject({ frozen: 700, available: 500 });
    const entries = await wallets.history(seller);
    expect(entries.map((e) => e._id).sort()).toEqual(['c1', 'c2', 'r1']);
    expect(entries.find((e) => e._id === 'r1')?.after).toEqual({ available: 500, frozen: 700, pendingPayout: 0 });
  });

  it('keeps the remembered operation ids bounded and still refuses an old repeat through the ledger', async () => {
    const seller = 's-many';
    for (let i = 0; i < 300; i++) await wallets.creditFrozen(seller, `m${i}`, 1, 'px');
    const doc = await wallets.wallets.findOne({ _id: seller });
    expect(Object.keys(doc!.recentOps).length).toBeLessThanOrEqual(256);
    expect(Object.values(doc!.recentOps)).not.toContain('m0');
    // Even a repeat the wallet no longer remembers is refused, by the ledger.
    const again = await wallets.creditFrozen(seller, 'm0', 1, 'px');
    expect(again.applied).toBe(false);
    expect((await wallets.get(seller)).frozen).toBe(300);
  }, 120_000);

  it('refuses amounts that are not whole cents', async () => {
    await expect(wallets.creditFrozen('s-x', 'bad', 1.5, 'p')).rejects.toMatchObject({ code: 'invalid_amount' });
  });
});
