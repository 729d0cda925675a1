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
  /** Cheapest first; cards whose auction ended are pruned (`prune`), so a page is two binary searches and a slice. */
  private cards: ListedCard[] = [];
  private byPlatform = new Map<string, ListedCard[]>();
  /** The earliest auction end among the cards held: until then nothing needs pruning. */
  private nextEnd = Infinity;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly coll: Collection<CardDoc>, private readonly prices: PriceTable, private readonly maxAgeMs = 1000) {}

  private async reload() {
    const docs = await this.coll.find({ state: 'listed' }).toArray();
    this.hold(docs
      .map((d) => ({ ...toPlayerCard(d), incomeCents: cardIncomeCents(d, this.prices) }))
      .sort((a, b) => a.buyNowPrice - b.buyNowPrice || a.id.localeCompare(b.id)), Date.now());
    this.loadedAt = Date.now();
  }

  private hold(sorted: ListedCard[], now: number) {
    this.cards = sorted.filter((c) => c.auctionEndsAt > now);
    this.byPlatform = new Map();
    let nextEnd = Infinity;
    for (const c of this.cards) {
      let mine = this.byPlatform.get(c.platform);
      if (!mine) this.byPlatform.set(c.platform, (mine = []));
      mine.push(c);
      if (c.auctionEndsAt < nextEnd) nextEnd = c.auctionEndsAt;
    }
    this.nextEnd = nextEnd;
  }

  /**
   * Drops the cards whose auction has ended: once per auction end, not per request (the filter per
   * request over every card in the price range was the list's largest cost, issue 20).
   */
  private prune(now: number) {
    if (now >= this.nextEnd) this.hold(this.cards, now);
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt > this.maxAgeMs) {
      this.loading ??= this.reload().finally(() => { this.loading = null; });
      // The first load must finish; later ones may serve the previous copy meanwhile.
      if (this.loadedAt === 0) await this.loading;
    }
    this.prune(Date.now());
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
    await this.fresh();
    const all = f.platform ? (this.byPlatform.get(f.platform) ?? []) : this.cards;
    const lo = f.minPrice === null ? 0 : lowerBound(all, f.minPrice);
    const hi = f.maxPrice === null ? all.length : lowerBound(all, f.maxPrice + 1);
    const from = lo + (page - 1) * size;
    return { items: from < hi ? all.slice(from, Math.min(hi, from + size)) : [], total: Math.max(0, hi - lo) };
  }

  async get(id: string): Promise<ListedCard | null> {
    const d = await this.coll.findOne({ _id: id });
    return d ? { ...toPlayerCard(d), incomeCents: cardIncomeCents(d, this.prices) } : null;
  }
}

/** Each held card's JSON, made once per copy of the list: cards are new objects on every reload. */
const cardJson = new WeakMap<ListedCard, string>();

/**
 * The list's answer as JSON, from each card's JSON made once (serialising every card of every page
 * per request was the list's largest cost after the filter, issue 20). `rest` holds the other fields.
 */
export function cardsAnswerJson(items: ListedCard[], rest: Record<string, unknown>): string {
  const cards = items.map((c) => {
    let j = cardJson.get(c);
    if (j === undefined) cardJson.set(c, (j = JSON.stringify(c)));
    return j;
  });
  const others = JSON.stringify(rest);
  return `{"items":[${cards.join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
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
