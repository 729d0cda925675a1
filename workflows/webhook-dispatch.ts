import { proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../workers/activities/webhooks.js';
import { WEBHOOK_DISPATCH_ACTIVITIES } from './policies.js';

const act = proxyActivities<WebhookActivities>(WEBHOOK_DISPATCH_ACTIVITIES);

/**
 * Fans one entry of a seller's feed out to the endpoints that want it: one delivery workflow each.
 * Its own workflow, so recording a run's status only starts this one, and a slow fan-out (many
 * endpoints, a busy Temporal) never holds up the run.
 */
export async function webhookDispatchWorkflow(input: { sellerId: string; position: number }): Promise<void> {
  await act.dispatchWebhooks(input);
}
