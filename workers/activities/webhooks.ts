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

/** Entries of one batch dispatched at once: one slow receiver holds up a lane, not the batch. */
const ENTRIES_AT_ONCE = 8;

export function createWebhookActivities(deps: {
  feed: SellerFeed; endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; starter: DeliveryStarter; send: WebhookSender; slots: Slots;
}) {
  return {
    /** One feed entry to every endpoint that wants it (first attempt here; a workflow for each that failed). Dispatches started before the per-seller dispatcher still call it. */
    async dispatchWebhooks(q: { sellerId: string; position: number }): Promise<void> {
      const e = await deps.feed.at(q.sellerId, q.position);
      // Only a retried activity can find deliveries an earlier try made; the first try skips looking.
      if (e) await dispatchWebhooks(deps, q.sellerId, e, Context.current().info.attempt > 1);
    },
    /** Delivers these feed entries, a few at once, each to every endpoint that wants it (as `dispatchWebhooks`). */
    async dispatchWebhookEntries(q: { sellerId: string; positions: number[] }): Promise<void> {
      const ctx = Context.current();
      const retry = ctx.info.attempt > 1;
      let next = 0;
      const lane = async () => {
        while (next < q.positions.length) {
          const e = await deps.feed.at(q.sellerId, q.positions[next++]!);
          if (e) await dispatchWebhooks(deps, q.sellerId, e, retry);
          ctx.heartbeat();
        }
      };
      await Promise.all(Array.from({ length: Math.min(ENTRIES_AT_ONCE, q.positions.length) }, lane));
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
