import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { cardsCollection } from '../../infra/market/cards.js';
import { MarketUnavailableError, type MarketGateway } from '../../infra/market/gateway.js';
import { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { Purchases } from '../../infra/player-trade/purchases.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { createMarketActivities } from './market.js';
import { createPlayerTradeActivities } from './player-trade.js';
import { createWalletActivities } from './wallet.js';
import type { Announce } from '../../infra/seller-feed/announce.js';

/** A market that is not configured: every call fails as "provider unavailable". */
export const unconfiguredMarket = (): MarketGateway => ({
  listCards: async () => { throw new MarketUnavailableError('no market provider configured (PROVIDER_URL)'); },
  verifyPurchase: async () => { throw new MarketUnavailableError('no market provider configured (PROVIDER_URL)'); },
});

/** Every activity of the player trade (market, our player-trade data, wallets), built from the worker's deps. */
export async function createPlayerActivities(deps: { db: Connection; events: Collection<EventDoc>; market?: MarketGateway; announce?: Announce }) {
  const db = deps.db.db!;
  const cards = await cardsCollection(db);
  const [accounts, purchases, wallets] = await Promise.all([GameAccounts.open(db), Purchases.open(db), Wallets.open(db)]);
  return {
    ...createMarketActivities({ market: deps.market ?? unconfiguredMarket(), cards, events: deps.events }),
    ...createPlayerTradeActivities({ cards, accounts, purchases, events: deps.events, announce: deps.announce }),
    ...createWalletActivities({ wallets, events: deps.events }),
  };
}
