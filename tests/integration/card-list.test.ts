import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardList } from '../../api/player-trade/card-list.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import { cardsCollection, type CardDoc } from '../../infra/market/cards.js';
import { testDatabase } from '../support/servers.js';
import { eventually } from '../support/wait.js';

const card = (n: number, platform: 'ps' | 'xbox' | 'pc', auctionEndsAt: number, state: CardDoc['state'] = 'listed'): CardDoc => ({
  _id: `c${String(n).padStart(3, '0')}`, platform, playerName: `Player ${n}`, versionName: 'Gold', chemistryStyle: 'Basic',
  startPrice: 1000 * n, buyNowPrice: 1000 * n, marketPrice: 1000 * n, owner: 'someone', contracts: 7, auctionEndsAt,
  rev: 1, state, purchaseId: '', reservedBy: '', updatedAt: new Date(),
});

/** The player list served from memory: price range, platform and pages as the database would answer them, ended auctions gone. */
describe('the in-memory player list', () => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => { t = await testDatabase('card_list'); });
  afterAll(() => t?.drop());

  it('answers a price range and a platform with its total and pages, and drops a card the moment its auction ends', async () => {
    const coll = await cardsCollection(t.db.db!);
    const later = Date.now() + 3_600_000;
    const soon = Date.now() + 1_500;
    await coll.insertMany([
      ...Array.from({ length: 30 }, (_, i) => card(i + 1, (['ps', 'xbox', 'pc'] as const)[i % 3], i === 4 || i === 9 ? soon : later)),
      card(31, 'ps', later, 'reserved'), card(32, 'ps', Date.now() - 1000),
    ]);
    const list = new CardList(coll, DEFAULT_PRICE_TABLE, 3_600_000); // no reload during the test: the ends are the list's own
    const ids = (r: { items: { id: string }[] }) => r.items.map((c) => c.id);

    const all = await list.query({ minPrice: null, maxPrice: null, platform: null }, 1, 100);
    expect(all.total).toBe(30); // neither the reserved card nor the ended one
    const range = await list.query({ minPrice: 4_000, maxPrice: 12_000, platform: null }, 2, 4);
    expect(range.total).toBe(9);
    expect(ids(range)).toEqual(['c008', 'c009', 'c010', 'c011']);
    const ps = await list.query({ minPrice: 2_000, maxPrice: 30_000, platform: 'ps' }, 1, 3);
    expect(ps.total).toBe(9); // ps: 4, 7, 10, …, 28 (1 is under the range)
    expect(ids(ps)).toEqual(['c004', 'c007', 'c010']);
    expect((await list.query({ minPrice: 2_000, maxPrice: 30_000, platform: 'ps' }, 4, 3)).items).toEqual([]);
    expect(range.items[0]!.incomeCents).toBeGreaterThan(0);

    // Past the reservation's end, by the clock the query reads.
    await eventually(async () => Date.now() > soon, 15_000, 'the reservation over');
    const after = await list.query({ minPrice: 4_000, maxPrice: 12_000, platform: null }, 1, 20);
    expect(after.total).toBe(7);
    expect(ids(after)).not.toContain('c005');
    expect(ids(after)).not.toContain('c010');
    expect(ids(await list.query({ minPrice: 2_000, maxPrice: 30_000, platform: 'ps' }, 1, 3))).toEqual(['c004', 'c007', 'c013']);
  });
});
