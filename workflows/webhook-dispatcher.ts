import { condition, continueAsNew, defineSignal, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { DISPATCH_BATCH, FEED_ENTRY_SIGNAL, type DispatcherInput } from '../domain/webhooks.js';
import type { WebhookActivities } from '../workers/activities/webhooks.js';
import { WEBHOOK_DISPATCH_BATCH_ACTIVITIES } from './policies.js';

const act = proxyActivities<WebhookActivities>(WEBHOOK_DISPATCH_BATCH_ACTIVITIES);

export const feedEntrySignal = defineSignal<[position: number]>(FEED_ENTRY_SIGNAL);

/** Dispatched positions remembered against a repeated signal. */
const RECENT = 500;
/** History events before the dispatcher continues as new (a replay after a cache miss stays short). */
const HISTORY_LIMIT = 2_000;

/**
 * One seller's webhook fan-out. Positions arrive by signal, any order, any number of times; what
 * arrived while a batch was dispatched is the next batch. Ends after `idleMs` with nothing to do: a
 * signal that arrives as it ends makes Temporal refuse the end, and the workflow sees it.
 */
export async function webhookDispatcherWorkflow(input: DispatcherInput): Promise<void> {
  const pending = new Set(input.pending ?? []);
  const recent = new Set(input.recent ?? []);
  setHandler(feedEntrySignal, (position) => {
    if (!recent.has(position)) pending.add(position);
  });
  for (;;) {
    if (!(await condition(() => pending.size > 0, input.idleMs))) return;
    const batch = [...pending].sort((a, b) => a - b).slice(0, DISPATCH_BATCH);
    await act.dispatchWebhookEntries({ sellerId: input.sellerId, positions: batch });
    for (const p of batch) {
      pending.delete(p);
      recent.add(p);
    }
    for (const p of recent) {
      if (recent.size <= RECENT) break;
      recent.delete(p);
    }
    const info = workflowInfo();
    if (info.historyLength > HISTORY_LIMIT || info.continueAsNewSuggested) {
      await continueAsNew<typeof webhookDispatcherWorkflow>({ ...input, pending: [...pending], recent: [...recent] });
    }
  }
}
