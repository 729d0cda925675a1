/**
 * The simulated game transfer market: a changing set of player cards, purchases made by game
 * accounts, and the verification answer. Pure in-memory state with a seeded random source, so a
 * test can predict it; the HTTP server in server.ts exposes it.
 */
import type { Platform } from '../../domain/pricing.js';
import { PLATFORMS } from '../../domain/pricing.js';
import type { ProviderCard, VerifyAnswer } from '../market/contract.js';
import { seededRandom as rng } from './seeded-random.js';

const FIRST = ['Luca', 'Mateo', 'Kofi', 'Jonas', 'Rafael', 'Yusuf', 'Theo', 'Marco', 'Ilias', 'Sami', 'Noah', 'Diego', 'Hugo', 'Emil', 'Tariq', 'Pavel'];
const LAST = ['Ferreira', 'Okafor', 'Lindqvist', 'Moreau', 'Santos', 'Kowalski', 'Bianchi', 'Haddad', 'Novak', 'Duarte', 'Keller', 'Mensah', 'Ortega', 'Petrov', 'Reyes', 'Vidal'];
const VERSIONS = ['Gold Rare', 'Team of the Week', 'In-Form', 'Hero', 'Icon', 'Future Stars', 'Team of the Season', 'Rare Silver'];
const CHEMISTRY = ['Basic', 'Sniper', 'Hunter', 'Anchor', 'Shadow', 'Engine', 'Hawk', 'Catalyst', 'Marksman', 'Deadeye'];
const OWNERS = ['Provider-01', 'Provider-02', 'Provider-03'];


export interface VerificationSteering {
  /** normal: the truth; reject: always "not bought"; error: answer 503. */
  mode: 'normal' | 'reject' | 'error';
  /** Delay before answering, in ms (the gateway's timeout may fire first). */
  delayMs: number;
  /** Apply the mode only to this many calls, then return to normal (null: until changed). */
  remaining: number | null;
}

export interface Purchase {
  cardId: string;
  platform: Platform;
  gameAccount: string;
  price: number;
  at: number;
}

export interface MarketOptions {
  /** Cards kept on the market. */
  size: number;
  seed: number;
  /** How long a new card's auction runs. */
  auctionMs: number;
  now?: () => number;
}

/** What the market keeps across the simulator's restarts (state-file.ts). */
export interface MarketState { cards: ProviderCard[]; purchases: Purchase[]; seq: number; steering: VerificationSteering }

export class SimulatedMarket {
  readonly cards = new Map<string, ProviderCard>();
  readonly purchases = new Map<string, Purchase>();
  steering: VerificationSteering = { mode: 'normal', delayMs: 0, remaining: null };
  verifyCalls = 0;
  private seq = 0;
  private rand: () => number;
  private readonly now: () => number;

  constructor(private opts: MarketOptions) {
    this.rand = rng(opts.seed);
    this.now = opts.now ?? Date.now;
    this.fill();
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }

  /** A new random card; prices follow the game's steps (whole hundreds, thousands above 10K). */
  newCard(overrides: Partial<ProviderCard> = {}): ProviderCard {
    const market = Math.round((5_000 + this.rand() ** 3 * 1_500_000) / 100) * 100;
    const step = market >= 10_000 ? 1_000 : 100;
    const buyNow = Math.max(step, Math.round((market * (0.95 + this.rand() * 0.15)) / step) * step);
    const id = `c${++this.seq}${Math.floor(this.rand() * 1e6).toString(36)}`;
    const card: ProviderCard = {
      id,
      platform: this.pick(PLATFORMS),
      playerName: `${this.pick(FIRST)} ${this.pick(LAST)}`,
      versionName: this.pick(VERSIONS),
      chemistryStyle: this.pick(CHEMISTRY),
      startPrice: Math.max(step, Math.round((buyNow * 0.8) / step) * step),
      buyNowPrice: buyNow,
      marketPrice: market,
      owner: this.pick(OWNERS),
      contracts: 1 + Math.floor(this.rand() * 7),
      auctionEndsAt: this.now() + this.opts.auctionMs * (0.5 + this.rand()),
      rev: 1,
      ...overrides,
    };
    return card;
  }

  fill() {
    while (this.cards.size < this.opts.size) {
      const c = this.newCard();
      this.cards.set(c.id, c);
    }
  }

  /** One step of market life: ended auctions leave, new cards arrive, a few market prices move. */
  tick() {
    const now = this.now();
    for (const [id, c] of this.cards) if (c.auctionEndsAt <= now) this.cards.delete(id);
    const all = [...this.cards.values()];
    for (let i = 0; i < Math.min(3, all.length); i++) {
      const c = this.pick(all);
      const moved = Math.max(100, Math.round((c.marketPrice * (0.97 + this.rand() * 0.06)) / 100) * 100);
      this.cards.set(c.id, { ...c, marketPrice: moved, rev: c.rev + 1 });
    }
    this.fill();
  }

  reset(size: number, seed: number) {
    this.opts = { ...this.opts, size, seed };
    this.rand = rng(seed);
    this.cards.clear();
    this.purchases.clear();
    this.steering = { mode: 'normal', delayMs: 0, remaining: null };
    this.verifyCalls = 0;
    this.fill();
  }

  saved(): MarketState {
    return { cards: [...this.cards.values()], purchases: [...this.purchases.values()], seq: this.seq, steering: this.steering };
  }

  /** The market as it was saved: the same cards, and the purchases a verification asks about. */
  restore(state: MarketState): void {
    this.cards.clear();
    for (const c of state.cards) this.cards.set(c.id, c);
    this.purchases.clear();
    for (const p of state.purchases) this.purchases.set(p.cardId, p);
    this.seq = state.seq;
    this.steering = state.steering;
  }

  /** A game account buys a card at its buy-now price: the card leaves the market. */
  buy(cardId: string, platform: Platform, gameAccount: string, price?: number): { ok: true; purchase: Purchase } | { ok: false; error: 'card_not_found' | 'wrong_platform' } {
    const card = this.cards.get(cardId);
    if (!card) return { ok: false, error: 'card_not_found' };
    if (card.platform !== platform) return { ok: false, error: 'wrong_platform' };
    this.cards.delete(cardId);
    const purchase: Purchase = { cardId, platform, gameAccount: normaliseAccount(gameAccount), price: price ?? card.buyNowPrice, at: this.now() };
    this.purchases.set(cardId, purchase);
    return { ok: true, purchase };
  }

  /** Did this game account buy this card? Steering may override the truth (tests). */
  verify(cardId: string, platform: Platform, gameAccount: string): VerifyAnswer | 'error' {
    this.verifyCalls++;
    const s = this.steering;
    if (s.mode !== 'normal') {
      if (s.remaining !== null) {
        s.remaining--;
        if (s.remaining <= 0) this.steering = { mode: 'normal', delayMs: s.delayMs, remaining: null };
      }
      if (s.mode === 'error') return 'error';
      return { bought: false, reason: 'no_purchase' };
    }
    const p = this.purchases.get(cardId);
    if (!p) return { bought: false, reason: 'no_purchase' };
    if (p.platform !== platform || p.gameAccount !== normaliseAccount(gameAccount)) return { bought: false, reason: 'bought_by_other' };
    return { bought: true, boughtAt: p.at, price: p.price };
  }
}

export const normaliseAccount = (s: string) => s.trim().toLowerCase();
