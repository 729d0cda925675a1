import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import { MARKET_SYNC_ACTIVITIES } from './policies.js';
import type { MarketActivities } from '../workers/activities/market.js';

const { syncMarket } = proxyActivities<MarketActivities>(MARKET_SYNC_ACTIVITIES);

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
