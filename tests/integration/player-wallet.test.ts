import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallets } from '../../infra/wallet/wallet.js';
import { testDatabase } from '../support/servers.js';

describe('wallet ledger chain on the real database', () => {
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
    expect(entries.map((e) => e.opId).sort()).toEqual(['c1', 'c2', 'r1']);
    expect(entries.find((e) => e.opId === 'r1')?.after).toEqual({ available: 500, frozen: 700, pendingPayout: 0 });
  });

  it('chains entries: each carries the balances after it, with consecutive sequence numbers', async () => {
    const seller = 's-chain';
    for (let i = 0; i < 5; i++) await wallets.creditFrozen(seller, `ch${i}`, 10, 'px');
    const entries = (await wallets.history(seller)).reverse();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries.map((e) => e.after.frozen)).toEqual([10, 20, 30, 40, 50]);
  });

  // FerretDB 1.x loses concurrent $inc of one document (this test failed with 500 of 5000 that way).
  it('loses no credit when many different operations hit one wallet at once', async () => {
    const seller = 's-burst';
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => wallets.creditFrozen(seller, `b${i}`, 100, `p${i}`)));
    // and releases racing with duplicates of themselves never overdraw
    await Promise.all(Array.from({ length: 20 }, (_, i) => wallets.releaseFrozen(seller, `rel${i % 5}`, 100, 'p').catch(() => null)));
    expect(await wallets.get(seller)).toMatchObject({ frozen: 4500, available: 500 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => wallets.releaseFrozen(seller, `rel-x${i}`, 100, 'p')));
    expect((await wallets.get(seller)).frozen).toBe(3500);
    expect(results.every((r) => r.applied)).toBe(true);
    expect(await wallets.ledger.countDocuments({ sellerId: seller })).toBe(65);
  });

  it('shows the same wallet from another replica, whatever the ledger length, and sees what the other one wrote', async () => {
    for (const n of [0, 1, 2, 3, 8, 37]) {
      const seller = `s-len-${n}`;
      for (let i = 0; i < n; i++) await wallets.creditFrozen(seller, `l${i}`, 10, 'p');
      // A replica that never saw this seller finds the newest entry on its own.
      const replica = await Wallets.open(database.db.db!);
      expect(await replica.get(seller)).toMatchObject({ frozen: 10 * n, available: 0 });
    }
    const seller = 's-len-37';
    const replica = await Wallets.open(database.db.db!);
    await replica.get(seller);
    // Written through the first replica after the second one read the wallet: the second sees it.
    await wallets.releaseFrozen(seller, 'rel-a', 100, 'p');
    expect(await replica.get(seller)).toMatchObject({ frozen: 270, available: 100 });
    await expect(replica.releaseFrozen(seller, 'rel-a', 100, 'p')).resolves.toMatchObject({ applied: false });
    await replica.releaseFrozen(seller, 'rel-b', 70, 'p');
    expect(await wallets.get(seller)).toMatchObject({ frozen: 200, available: 170 });
    expect((await wallets.history(seller, 100)).map((e) => e.seq)).toEqual(Array.from({ length: 39 }, (_, i) => 39 - i));
  });

  it('refuses amounts that are not whole cents', async () => {
    await expect(wallets.creditFrozen('s-x', 'bad', 1.5, 'p')).rejects.toMatchObject({ code: 'invalid_amount' });
  });
});
