/** Activities of a webhook delivery: one signed attempt (logged), and the delivery's end in its log. */
import type { DeliveryState } from '../../domain/webhooks.js';
import type { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import type { createWebhookSender } from '../../infra/webhooks/sender.js';

export function createWebhookActivities(deps: { deliveries: WebhookDeliveries; send: ReturnType<typeof createWebhookSender> }) {
  return {
    /** POSTs the delivery to its endpoint once and logs the attempt; `gone` when the endpoint was removed. */
    deliverWebhook: deps.send,
    /** Writes how the delivery ended (delivered, expired after the retry horizon, cancelled). */
    async finishDelivery(q: { deliveryId: string; state: DeliveryState; at: number }): Promise<void> {
      await deps.deliveries.finish(q.deliveryId, q.state, new Date(q.at));
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
