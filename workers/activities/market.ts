import { ApplicationFailure } from '@temporalio/activity';
import type { Collection } from 'mongodb';
import { MARKET_BROADCAST, MARKET_CHANGED } from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';
import type { VerifyAnswer } from '../../infra/market/contract.js';
import { MarketContractError, type MarketGateway } from '../../infra/market/gateway.js';
import { syncCards, type CardDoc } from '../../infra/market/cards.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';

/** Activities that talk to the game-market provider through its gateway. */
export function createMarketActivities(deps: { market: MarketGateway; cards: Collection<CardDoc>; events: Collection<EventDoc> }) {
  return {
    /** Asks the provider whether this game account bought this card; transient failures retry by policy. */
    async verifyPurchase(q: { cardId: string; platform: Platform; gameAccount: string }): Promise<VerifyAnswer> {
      try {
        return await deps.market.verifyPurchase(q);
      } catch (err) {
        if (err instanceof MarketContractError) throw ApplicationFailure.nonRetryable(err.message, 'MarketContractError');
        throw err;
      }
    },

    /** Copies the provider's market into ours and tells every seller what joined or left the list. */
    async syncMarket(): Promise<{ added: number; changed: number; removed: number }> {
      const r = await syncCards(deps.cards, await deps.market.listCards());
      if (r.added.length || r.removed.length || r.changed.length) {
        await publishEvent(deps.events, {
          sellerId: MARKET_BROADCAST, type: MARKET_CHANGED, subject: 'market',
          data: { added: r.added.slice(0, 500), removed: r.removed.slice(0, 500), changed: r.changed.length },
        });
      }
      return { added: r.added.length, changed: r.changed.length, removed: r.removed.length };
    },
  };
}

export type MarketActivities = ReturnType<typeof createMarketActivities>;
