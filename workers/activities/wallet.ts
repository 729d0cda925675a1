import type { Collection } from 'mongodb';
import { WALLET_UPDATED } from '../../domain/player-trade.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { WalletView } from '../../domain/wallet.js';
import type { Wallets } from '../../infra/wallet/wallet.js';

/** Activities that move money in sellers' wallets; each is keyed by an operation id and applies once. */
export function createWalletActivities(deps: { wallets: Wallets; events: Collection<EventDoc> }) {
  const tell = (w: WalletView, ref: string) =>
    publishEvent(deps.events, { sellerId: w.sellerId, type: WALLET_UPDATED, subject: `wallet:${w.sellerId}`, data: { ...w, ref } });
  return {
    /** Credits a verified purchase's income as frozen. */
    async creditFrozen(q: { sellerId: string; opId: string; cents: number; purchaseId: string; by?: string; reason?: string }): Promise<{ applied: boolean; wallet: WalletView }> {
      const r = await deps.wallets.creditFrozen(q.sellerId, q.opId, q.cents, q.purchaseId, { by: q.by, reason: q.reason });
      await tell(r.wallet, q.purchaseId);
      return r;
    },
    /** Releases a purchase's frozen income to available when its freeze ends. */
    async releaseFrozen(q: { sellerId: string; opId: string; cents: number; purchaseId: string }): Promise<{ applied: boolean; wallet: WalletView }> {
      const r = await deps.wallets.releaseFrozen(q.sellerId, q.opId, q.cents, q.purchaseId);
      await tell(r.wallet, q.purchaseId);
      return r;
    },
  };
}

export type WalletActivities = ReturnType<typeof createWalletActivities>;
