import { PAGE_CACHE_SIZE } from '../../../domain/timing';

export interface CachedPage {
  /** The page's address without language prefix (with its query string). */
  key: string;
  routeId: string;
  params: Record<string, string>;
  /** Visit counter value at the last visit (least recently used is evicted first). */
  usedAt: number;
}

/**
 * The pages kept alive: at most `max` (10), in first-visit order so the DOM stays put; a visit
 * refreshes a page's recency, and a new page beyond the limit evicts the least recently used one.
 */
export class PageCache {
  private entries: CachedPage[] = [];
  private clock = 0;

  constructor(private readonly max: number = PAGE_CACHE_SIZE) {}

  visit(key: string, routeId: string, params: Record<string, string>): CachedPage[] {
    const found = this.entries.find((e) => e.key === key);
    if (found) {
      if (found.usedAt !== this.clock) {
        found.usedAt = ++this.clock;
        this.entries = [...this.entries];
      }
      return this.entries;
    }
    let next = [...this.entries, { key, routeId, params, usedAt: ++this.clock }];
    if (next.length > this.max) {
      const oldest = next.reduce((a, b) => (b.usedAt < a.usedAt ? b : a));
      next = next.filter((e) => e !== oldest);
    }
    this.entries = next;
    return this.entries;
  }

  get pages(): readonly CachedPage[] {
    return this.entries;
  }
}
