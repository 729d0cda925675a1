/**
 * The player list, served from memory: each API replica keeps the listed cards sorted by buy-now
 * price and reloads them from MongoDB when a market change event arrives or the copy is older than
 * `maxAgeMs` (one reload at a time). A price
 * filter is then two binary searches. The list may lag the database by `maxAgeMs`; a pick is decided
 * by the card's hold, never by this copy, and clients also drop cards live on `market:changed`.
 */
import type { Collection } from 'mongodb';
import { cardIncomeCents, type ListedCard, type PriceFilter } from '../../domain/player-trade.js';
import type { PriceTable } from '../../domain/pricing.js';
import { toPlayerCard, type CardDoc } from '../../infra/market/cards.js';

export class CardList {
  private cards: ListedCard[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly coll: Collection<CardDoc>, private readonly prices: PriceTable, private readonly maxAgeMs = 1000) {}

  private async reload() {
    const now = Date.now();
    const docs = await this.coll.find({ state: 'listed' }).toArray();
    this.cards = docs
      .filter((d) => d.auctionEndsAt > now)
      .map((d) => ({ ...toPlayerCard(d), incomeCents: cardIncomeCents(d, this.prices) }))
      .sort((a, b) => a.buyNowPrice - b.buyNowPrice || a.id.localeCompare(b.id));
    this.loadedAt = Date.now();
  }

  private async fresh(): Promise<ListedCard[]> {
    if (Date.now() - this.loadedAt > this.maxAgeMs) {
      this.loading ??= this.reload().finally(() => { this.loading = null; });
      // The first load must finish; later ones may serve the previous copy meanwhile.
      if (this.loadedAt === 0) await this.loading;
    }
    return this.cards;
  }

  /** The market changed: reload on the next read, serving the current copy meanwhile. */
  markStale() {
    if (this.loadedAt !== 0) this.loadedAt = 1;
  }

  /** Forget the copy (after a pick, so the picker's next read is current). */
  invalidate() {
    this.loadedAt = 0;
  }

  async query(f: PriceFilter, page: number, size: number): Promise<{ items: ListedCard[]; total: number }> {
    const all = await this.fresh();
    const lo = f.minPrice === null ? 0 : lowerBound(all, f.minPrice);
    const hi = f.maxPrice === null ? all.length : lowerBound(all, f.maxPrice + 1);
    const now = Date.now();
    let range = all.slice(lo, hi);
    if (f.platform) range = range.filter((c) => c.platform === f.platform);
    range = range.filter((c) => c.auctionEndsAt > now);
    return { items: range.slice((page - 1) * size, page * size), total: range.length };
  }

  async get(id: string): Promise<ListedCard | null> {
    const d = await this.coll.findOne({ _id: id });
    return d ? { ...toPlayerCard(d), incomeCents: cardIncomeCents(d, this.prices) } : null;
  }
}

function lowerBound(a: ListedCard[], price: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid].buyNowPrice < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
