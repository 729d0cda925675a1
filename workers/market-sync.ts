import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { SA } from '../domain/search-attributes.js';
import { connectTemporal } from '../infra/temporal.js';
import { MARKET_SYNC_WORKFLOW, MARKET_SYNC_WORKFLOW_ID } from '../domain/player-trade.js';
import type { KeyRing } from '../infra/secrets/key-ring.js';

/** Starts the one market-sync run shared by every worker replica (a second start is refused, which is fine). */
export async function startMarketSync(address: string, keys: KeyRing, taskQueue: string, intervalMs: number, namespace = 'default'): Promise<void> {
  const { client, connection } = await connectTemporal(address, keys, namespace);
  try {
    await client.workflow.start(MARKET_SYNC_WORKFLOW, {
      taskQueue, workflowId: MARKET_SYNC_WORKFLOW_ID, args: [{ intervalMs }],
      typedSearchAttributes: [{ key: SA.sellerId, value: '*' }, { key: SA.kind, value: 'market-sync' }, { key: SA.status, value: 'running' }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  } finally {
    await connection.close();
  }
}
