import { proxyActivities, sleep, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { mustStep } from '../domain/process.js';
import { SA } from '../domain/search-attributes.js';
import { WEBHOOK_DELIVERY_TABLE as T, backoffAfter, type DeliveryEvent, type DeliveryInput, type DeliveryResult, type DeliveryState } from '../domain/webhooks.js';
import type { WebhookActivities } from '../workers/activities/webhooks.js';
import { webhookAttemptActivities } from './policies.js';

/**
 * One webhook delivery: POST, and on anything but a 2xx wait (a durable timer, exponential backoff)
 * and POST again, until received or `policy.horizonMs` (three days) after the first attempt. The
 * dispatch makes the first attempt itself and starts this workflow only when it failed. Each
 * attempt is one activity run that logs itself; the activity retries only when our own database
 * fails, never because the receiver did.
 */
export async function webhookDeliveryWorkflow(input: DeliveryInput & { redelivery?: string | null }): Promise<DeliveryResult> {
  const { policy } = input;
  const act = proxyActivities<WebhookActivities>(webhookAttemptActivities(policy));
  // A dispatch that already tried once hands over its count and start: the horizon runs from the first attempt.
  const started = input.firstAttemptAt ?? Date.now();
  let state: DeliveryState = T.initial;
  let attempts = input.attemptsMade ?? 0;
  const end = async (event: DeliveryEvent) => {
    state = mustStep(T, state, event).to;
    upsertSearchAttributes([{ key: SA.status, value: state }, { key: SA.waitingFor, value: 'nobody' }]);
    await act.finishDelivery({ deliveryId: input.deliveryId, state, at: Date.now(), sellerId: input.sellerId, redelivery: input.redelivery ?? null });
  };
  for (;;) {
    if (attempts > 0) {
      const wait = backoffAfter(policy, attempts);
      if (Date.now() + wait - started > policy.horizonMs) { await end('gaveUp'); break; }
      await sleep(wait);
    }
    attempts++;
    const r = await act.deliverWebhook({
      deliveryId: input.deliveryId, attempt: attempts, redelivery: input.redelivery ?? null,
      workflowId: workflowInfo().workflowId, timeoutMs: policy.attemptTimeoutMs,
    });
    if (r.outcome === 'delivered') { await end('accepted'); break; }
    if (r.outcome === 'gone') { await end('endpointRemoved'); break; }
  }
  return { state, attempts };
}
