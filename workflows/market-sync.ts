import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { MarketActivities } from '../workers/activities/market.js';

const { syncMarket } = proxyActivities<MarketActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 3 },
});

export { MARKET_SYNC_WORKFLOW_ID } from '../domain/player-trade.js';

/** Keeps our player list in line with the provider's market, every `intervalMs`; one run for all replicas. */
export async function marketSyncWorkflow(input: { intervalMs: number; rounds?: number }): Promise<void> {
  for (let i = 0; i < (input.rounds ?? 200); i++) {
    try {
      await syncMarket();
    } catch {
      // The provider is down: the list keeps its last known state and the next round tries again.
    }
    await sleep(input.intervalMs);
  }
  await continueAsNew<typeof marketSyncWorkflow>(input);
}
