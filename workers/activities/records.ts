/**
 * Activities on our own records of each process: the read model a seller's pages show (newer
 * versions only), told live on the socket and announced to the API sellers' feed (status sockets,
 * webhooks); and the seller settings a process checks.
 */
import type { Collection, Db } from 'mongodb';
import { firstRunView } from '../../domain/comfort-batch.js';
import { COMFORT_RUN_UPDATED, withoutVaultRefs, type ComfortRunInput, type ComfortRunView } from '../../domain/comfort-trade.js';
import { PURCHASE_UPDATED, type PurchaseStatus } from '../../domain/player-trade.js';
import { hasPayoutDetails } from '../../domain/payout-readiness.js';
import { comfortRunEvent, purchaseEvent, withdrawalEvent, type SellerEventInput } from '../../domain/seller-events.js';
import { WITHDRAWAL_UPDATED, type WithdrawalStatus } from '../../domain/withdrawal.js';
import type { ComfortRuns } from '../../infra/comfort/runs.js';
import type { LiveEventInput, LiveEventType } from '../../domain/live-events.js';
import type { EventDoc } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { Purchases } from '../../infra/player-trade/purchases.js';
import type { Announce } from '../../infra/seller-feed/announce.js';
import type { Withdrawals } from '../../infra/withdrawals/records.js';

export function createRecordActivities(deps: {
  db: Db; purchases: Purchases; withdrawals: Withdrawals; runs: ComfortRuns; events: Collection<EventDoc>;
  /** The API sellers' feed (status sockets, webhooks). */
  announce?: Announce;
}) {
  /** Tells the seller's pages (live socket), then the API sellers' feed. */
  const tell = async <T extends LiveEventType>(live: LiveEventInput<T>, feed: SellerEventInput) => {
    await publishEvent(deps.events, live);
    await deps.announce?.(feed);
  };
  const tellRun = (view: ComfortRunView) =>
    tell({ sellerId: view.sellerId, type: COMFORT_RUN_UPDATED, subject: view.runId, data: { ...view } }, comfortRunEvent(view));

  return {
    /** Writes the purchase's record (newer versions only) and tells the seller live. */
    async recordPurchase(q: { status: PurchaseStatus; version: number }): Promise<void> {
      await deps.purchases.write(q.status, q.version);
      await tell({ sellerId: q.status.sellerId, type: PURCHASE_UPDATED, subject: q.status.purchaseId, data: { ...q.status, version: q.version } }, purchaseEvent(q.status, q.version));
    },

    /** Writes the history record (newer versions only) and tells the seller live. */
    async recordWithdrawal(q: { status: WithdrawalStatus; version: number }): Promise<void> {
      await deps.withdrawals.write(q.status, q.version);
      await tell({ sellerId: q.status.sellerId, type: WITHDRAWAL_UPDATED, subject: q.status.withdrawalId, data: { ...q.status, version: q.version } }, withdrawalEvent(q.status, q.version));
    },

    /**
     * The first record of a batch row, written just before its run starts (a repeat writes nothing);
     * the seller's record shows the row as it starts, and it reaches API sellers' sockets and
     * webhooks like every later status.
     */
    async openComfortRun(q: { input: ComfortRunInput; batchId: string }): Promise<{ created: boolean }> {
      const view = firstRunView(q.input);
      const created = await deps.runs.create({ _id: view.runId, ...view, credentialsRef: q.input.credentialsRef, batchId: q.batchId, batchLine: q.input.batchLine ?? null });
      if (created) await tellRun(view);
      return { created };
    },

    /** Writes the run's read model (newer versions only) and tells the seller live. */
    async recordComfortRun(q: { view: ComfortRunView; note: string }): Promise<{ applied: boolean }> {
      const view = withoutVaultRefs(q.view);
      const r = await deps.runs.record(view, q.note);
      if (r.applied) await tellRun(view);
      return r;
    },

    /** Whether the seller's payment settings can receive a payout (method and address present). */
    async paymentSettingsOk(q: { sellerId: string }): Promise<boolean> {
      const seller = await deps.db.collection<{ _id: string; settings?: { paymentMethod?: string; paymentAddress?: string } | null }>('sellers')
        .findOne({ _id: q.sellerId }, { projection: { settings: 1 } });
      return hasPayoutDetails(seller?.settings);
    },
  };
}

export type RecordActivities = ReturnType<typeof createRecordActivities>;
