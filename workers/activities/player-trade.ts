import type { Collection } from 'mongodb';
import {
  MARKET_BROADCAST, MARKET_CHANGED, PURCHASE_UPDATED,
  type PickLimit, type PlayerCard, type PurchaseReason, type PurchaseStatus,
} from '../../domain/player-trade.js';
import type { Platform } from '../../domain/pricing.js';
import { markCardSold, releaseCard, reserveCard, toPlayerCard, type CardDoc } from '../../infra/market/cards.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import type { Purchases } from '../../infra/player-trade/purchases.js';
import { purchaseEvent } from '../../domain/seller-events.js';
import type { Announce } from '../../infra/seller-feed/announce.js';

export type ReserveResult =
  | { ok: true; card: PlayerCard; gameAccount: { id: string; platform: Platform; name: string } }
  | { ok: false; reason: PurchaseReason; retryAt?: number };

/** Activities on our own player-trade data: cards, game accounts and the sell record. */
export function createPlayerTradeActivities(deps: {
  cards: Collection<CardDoc>; accounts: GameAccounts; purchases: Purchases; events: Collection<EventDoc>;
  /** The API sellers' feed (status sockets, webhooks). */
  announce?: Announce;
}) {
  const marketChanged = (data: { removed: string[]; added: string[] }) =>
    publishEvent(deps.events, { sellerId: MARKET_BROADCAST, type: MARKET_CHANGED, subject: 'market', data });

  return {
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

    /** Not Bought or the deadline: the card goes back on sale and the account is free again (no cooldown). */
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

    /** Not verified: the card is returned to our list (the next market sync removes it if the provider no longer has it). */
    async returnUnverifiedCard(q: { purchaseId: string; cardId: string }): Promise<void> {
      if (await releaseCard(deps.cards, q.cardId, q.purchaseId)) await marketChanged({ removed: [], added: [q.cardId] });
    },

    /** Writes the purchase's record (newer versions only) and tells the seller live. */
    async recordPurchase(q: { status: PurchaseStatus; version: number }): Promise<void> {
      await deps.purchases.write(q.status, q.version);
      await publishEvent(deps.events, {
        sellerId: q.status.sellerId, type: PURCHASE_UPDATED, subject: q.status.purchaseId,
        data: { ...q.status, version: q.version },
      });
      await deps.announce?.(purchaseEvent(q.status, q.version));
    },
  };
}

export type PlayerTradeActivities = ReturnType<typeof createPlayerTradeActivities>;
