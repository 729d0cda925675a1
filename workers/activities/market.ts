/**
 * Activities on the game market: the provider (verify a purchase, copy its list) and our side of
 * it, the listed cards and the sellers' game accounts they are bought with. A reservation's undo
 * (releasePick, returnUnverifiedCard) sits next to it.
 */
import { providerRefusal } from './provider-refusal.js';
import type { Collection } from 'mongodb';
import { MARKET_BROADCAST, MARKET_CHANGED, type PickLimit, type PlayerCard, type PurchaseReason } from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';
import type { VerifyAnswer } from '../../infra/market/contract.js';
import { MarketContractError, MarketUnavailableError, type MarketGateway } from '../../infra/market/gateway.js';
import { markCardSold, releaseCard, reserveCard, syncCards, toPlayerCard, type CardDoc } from '../../infra/market/cards.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import type { Purchases } from '../../infra/player-trade/purchases.js';

/** A market that is not configured: every call fails as "provider unavailable" (verification then waits for support). */
export const unconfiguredMarket = (): MarketGateway => ({
  listCards: async () => { throw new MarketUnavailableError('no market provider configured (PROVIDER_URL)'); },
  verifyPurchase: async () => { throw new MarketUnavailableError('no market provider configured (PROVIDER_URL)'); },
});

export type ReserveResult =
  | { ok: true; card: PlayerCard; gameAccount: { id: string; platform: Platform; name: string } }
  | { ok: false; reason: PurchaseReason; retryAt?: number };

export function createMarketActivities(deps: {
  market: MarketGateway; cards: Collection<CardDoc>; accounts: GameAccounts; purchases: Purchases; events: Collection<EventDoc>;
}) {
  const marketChanged = (data: { removed: string[]; added: string[]; changed?: number }) =>
    publishEvent(deps.events, { sellerId: MARKET_BROADCAST, type: MARKET_CHANGED, subject: 'market', data });

  return {
    /** Copies the provider's market into ours and tells every seller what joined or left the list. */
    async syncMarket(): Promise<{ added: number; changed: number; removed: number }> {
      const r = await syncCards(deps.cards, await deps.market.listCards());
      if (r.added.length || r.removed.length || r.changed.length) {
        await marketChanged({ added: r.added.slice(0, 500), removed: r.removed.slice(0, 500), changed: r.changed.length });
      }
      return { added: r.added.length, changed: r.changed.length, removed: r.removed.length };
    },

    /**
     * Pick: checks the pick limit, claims the game account (free, not cooling down), then reserves
     * the card; each claim is one conditional update, and a failed card reservation gives the
     * account back. Repeating it for the same purchase answers the same.
     */
    async reservePurchase(q: { purchaseId: string; sellerId: string; cardId: string; gameAccountId: string; pickLimit: PickLimit }): Promise<ReserveResult> {
      const now = Date.now();
      const account = await deps.accounts.get(q.sellerId, q.gameAccountId);
      if (!account) return { ok: false, reason: 'account_not_found' };
      if (account.activePurchaseId !== q.purchaseId) {
        const unbought = await deps.purchases.unboughtSince(q.sellerId, now - q.pickLimit.windowMs);
        if (unbought.length >= q.pickLimit.maxUnbought) {
          return { ok: false, reason: 'pick_limit', retryAt: unbought[unbought.length - q.pickLimit.maxUnbought] + q.pickLimit.windowMs };
        }
      }
      const card = await deps.cards.findOne({ _id: q.cardId });
      if (!card || (card.state !== 'listed' && card.purchaseId !== q.purchaseId)) return { ok: false, reason: 'card_unavailable' };
      if (card.platform !== account.platform) return { ok: false, reason: 'platform_mismatch' };
      const claim = await deps.accounts.claim(q.sellerId, q.gameAccountId, q.purchaseId, now);
      if (!claim.ok) return { ok: false, reason: claim.reason, ...(claim.retryAt ? { retryAt: claim.retryAt } : {}) };
      const reserved = await reserveCard(deps.cards, q.cardId, q.purchaseId, q.sellerId, now);
      if (!reserved) {
        await deps.accounts.release(q.gameAccountId, q.purchaseId, null);
        return { ok: false, reason: 'card_unavailable' };
      }
      await marketChanged({ removed: [q.cardId], added: [] });
      return { ok: true, card: toPlayerCard(reserved), gameAccount: { id: account._id, platform: account.platform, name: account.name } };
    },

    /** Undoes reservePurchase on Not Bought or the deadline: the card goes back on sale and the account is free again (no cooldown). */
    async releasePick(q: { purchaseId: string; cardId: string; gameAccountId: string }): Promise<void> {
      const back = await releaseCard(deps.cards, q.cardId, q.purchaseId);
      await deps.accounts.release(q.gameAccountId, q.purchaseId, null);
      if (back) await marketChanged({ removed: [], added: [q.cardId] });
    },

    /** Player Bought: the card is sold and the game account cools down until `cooldownUntil`. */
    async confirmBought(q: { purchaseId: string; cardId: string; gameAccountId: string; cooldownUntil: number }): Promise<void> {
      await markCardSold(deps.cards, q.cardId, q.purchaseId);
      await deps.accounts.release(q.gameAccountId, q.purchaseId, q.cooldownUntil);
    },

    /** Asks the provider whether this game account bought this card; transient failures retry by policy. */
    async verifyPurchase(q: { cardId: string; platform: Platform; gameAccount: string }): Promise<VerifyAnswer> {
      try {
        return await deps.market.verifyPurchase(q);
      } catch (err) {
        if (err instanceof MarketContractError) throw providerRefusal('market', err);
        throw err;
      }
    },

    /** Undoes the sale when the provider did not verify it: the card is returned to our list (the next market sync removes it if the provider no longer has it). */
    async returnUnverifiedCard(q: { purchaseId: string; cardId: string }): Promise<void> {
      if (await releaseCard(deps.cards, q.cardId, q.purchaseId)) await marketChanged({ removed: [], added: [q.cardId] });
    },
  };
}

export type MarketActivities = ReturnType<typeof createMarketActivities>;
