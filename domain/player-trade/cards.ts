/** The player cards the provider lists and the income a seller reads on each. */
import { type Platform, type PriceTable, playerIncomeCents, priceFor } from '../pricing.js';

/** A player card offered for sale on the game's transfer market (as the provider lists it). */
export interface PlayerCard {
  id: string;
  platform: Platform;
  playerName: string;
  versionName: string;
  chemistryStyle: string;
  /** Coins. */
  startPrice: number;
  /** Coins the seller spends to buy it now. */
  buyNowPrice: number;
  /** Coins: what the card usually sells for. */
  marketPrice: number;
  owner: string;
  contracts: number;
  /** Epoch ms when the provider's auction ends. */
  auctionEndsAt: number;
}

/** A card as the list shows it: with the seller's estimated income in euro cents. */
export interface ListedCard extends PlayerCard {
  incomeCents: number;
}

/** Estimated income of a card: its buy-now price minus the 5% tax, priced for its platform. */
export const cardIncomeCents = (card: Pick<PlayerCard, 'buyNowPrice' | 'platform'>, prices: PriceTable): number =>
  playerIncomeCents(card.buyNowPrice, priceFor(prices, card.platform));
