/**
 * Steps whose effect and record always run together, as one activity: the market's or the
 * wallet's change, then the process's record with its live event. Run as local activities (one
 * marker in the history, no task round trip through Temporal); each part is idempotent, so a retry
 * of the whole step applies each once.
 */
import type { PurchaseStatus } from '../../domain/player-trade.js';
import type { MarketActivities } from './market.js';
import type { RecordActivities } from './records.js';
import type { WalletActivities } from './wallet.js';

type Arg<F extends (q: never) => unknown> = Parameters<F>[0];

/** The effect a purchase step makes before its record is written. */
export type PurchaseEffect =
  | ({ kind: 'confirmBought' } & Arg<MarketActivities['confirmBought']>)
  | ({ kind: 'releasePick' } & Arg<MarketActivities['releasePick']>)
  | ({ kind: 'returnUnverifiedCard' } & Arg<MarketActivities['returnUnverifiedCard']>)
  | ({ kind: 'creditFrozen' } & Arg<WalletActivities['creditFrozen']>)
  | ({ kind: 'releaseFrozen' } & Arg<WalletActivities['releaseFrozen']>);

export function createStepActivities(deps: { market: MarketActivities; wallet: WalletActivities; records: RecordActivities }) {
  const effect = async (e: PurchaseEffect): Promise<void> => {
    const { kind, ...q } = e;
    switch (kind) {
      case 'confirmBought': await deps.market.confirmBought(q as Arg<MarketActivities['confirmBought']>); return;
      case 'releasePick': await deps.market.releasePick(q as Arg<MarketActivities['releasePick']>); return;
      case 'returnUnverifiedCard': await deps.market.returnUnverifiedCard(q as Arg<MarketActivities['returnUnverifiedCard']>); return;
      case 'creditFrozen': await deps.wallet.creditFrozen(q as Arg<WalletActivities['creditFrozen']>); return;
      case 'releaseFrozen': await deps.wallet.releaseFrozen(q as Arg<WalletActivities['releaseFrozen']>); return;
    }
  };
  return {
    /** A purchase step: its effect (none for a plain state change), then the purchase's record (newer versions only), told live. */
    async purchaseStep(q: { effect: PurchaseEffect | null; status: PurchaseStatus; version: number }): Promise<void> {
      if (q.effect) await effect(q.effect);
      await deps.records.recordPurchase({ status: q.status, version: q.version });
    },
  };
}

export type StepActivities = ReturnType<typeof createStepActivities>;
