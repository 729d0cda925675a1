/** Activities of webhook deliveries: the fan-out with its first attempts, one signed attempt (logged), and a delivery's end in its log. */
import { Context } from '@temporalio/activity';
import type { DeliveryState } from '../../domain/webhooks.js';
import type { SellerFeed } from '../../infra/seller-feed/feed.js';
import type { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { dispatchWebhooks, type DeliveryStarter } from '../../infra/webhooks/dispatch.js';
import type { WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import type { WebhookSender } from '../../infra/webhooks/sender.js';
import { redeliverySlots } from '../../infra/webhooks/redelivery-slots.js';
import type { Slots } from '../../infra/slots.js';

export function createWebhookActivities(deps: {
  feed: SellerFeed; endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; starter: DeliveryStarter; send: WebhookSender; slots: Slots;
}) {
  return {
    /** Delivers this feed entry to every endpoint that wants it (first attempt here; a workflow for each that failed). */
    async dispatchWebhooks(q: { sellerId: string; position: number }): Promise<void> {
      const e = await deps.feed.at(q.sellerId, q.position);
      // Only a retried activity can find deliveries an earlier try made; the first try skips looking.
      if (e) await dispatchWebhooks(deps, q.sellerId, e, Context.current().info.attempt > 1);
    },
    /** POSTs the delivery to its endpoint once and logs the attempt; `gone` when the endpoint was removed. */
    deliverWebhook: deps.send.attempt,
    /** Writes how the delivery ended (delivered, expired after the retry horizon, cancelled); an ended redelivery gives back its slot. */
    async finishDelivery(q: { deliveryId: string; state: DeliveryState; at: number; sellerId?: string; redelivery?: string | null }): Promise<void> {
      await deps.deliveries.finish(q.deliveryId, q.state, new Date(q.at));
      if (q.sellerId && q.redelivery) await redeliverySlots(deps.slots).release(q.sellerId, q.deliveryId, q.redelivery);
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
