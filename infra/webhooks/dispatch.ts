/**
 * Starts one delivery workflow per endpoint for a feed entry. Workflow ids derive from the delivery
 * id, so a repeated dispatch (a retried activity, two replicas) never starts a second delivery.
 */
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { SA } from '../../domain/search-attributes.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import {
  WEBHOOK_DELIVERY_KIND, WEBHOOK_DISPATCH_KIND, deliveryIdOf, webhookDeliveryWorkflowId, webhookDispatchWorkflowId, type DeliveryInput, type DeliveryPolicy,
} from '../../domain/webhooks.js';
import type { WebhookDeliveries } from './deliveries.js';
import type { WebhookEndpoints } from './endpoints.js';

export const WEBHOOK_WORKFLOW = 'webhookDeliveryWorkflow';
export const WEBHOOK_DISPATCH_WORKFLOW = 'webhookDispatchWorkflow';

export interface DeliveryStarter { client: Client; taskQueue: string; policy: DeliveryPolicy }

/** Starts (once) the delivery workflow of one delivery; `redelivery` names a seller's redelivery request. */
export async function startDelivery(s: DeliveryStarter, d: { deliveryId: string; sellerId: string; workflowId?: string; redelivery?: string }): Promise<void> {
  const input: DeliveryInput & { redelivery: string | null } = { deliveryId: d.deliveryId, sellerId: d.sellerId, policy: s.policy, redelivery: d.redelivery ?? null };
  try {
    await s.client.workflow.start(WEBHOOK_WORKFLOW, {
      taskQueue: s.taskQueue, workflowId: d.workflowId ?? webhookDeliveryWorkflowId(d.deliveryId), args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [
        { key: SA.sellerId, value: d.sellerId }, { key: SA.kind, value: WEBHOOK_DELIVERY_KIND }, { key: SA.status, value: 'pending' },
        { key: SA.subState, value: 'none' }, { key: SA.waitingFor, value: 'system' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Called where a change is recorded: when one of the seller's endpoints wants this event, starts
 * (once) the dispatch workflow that starts the deliveries. One cheap query for a seller without
 * webhooks, one workflow start otherwise, so a run's own step never waits for twenty starts.
 */
export async function startDispatch(
  deps: { endpoints: WebhookEndpoints; starter: DeliveryStarter },
  sellerId: string,
  e: SellerEvent,
): Promise<void> {
  if (!(await deps.endpoints.active(sellerId)).some((x) => x.events.includes(e.type))) return;
  try {
    await deps.starter.client.workflow.start(WEBHOOK_DISPATCH_WORKFLOW, {
      taskQueue: deps.starter.taskQueue, workflowId: webhookDispatchWorkflowId(sellerId, e.position), args: [{ sellerId, position: e.position }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [{ key: SA.sellerId, value: sellerId }, { key: SA.kind, value: WEBHOOK_DISPATCH_KIND }],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Every active endpoint of the seller that wants this event type gets a delivery of it. */
export async function dispatchWebhooks(
  deps: { endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; starter: DeliveryStarter },
  sellerId: string,
  e: SellerEvent,
): Promise<void> {
  const endpoints = (await deps.endpoints.active(sellerId)).filter((x) => x.events.includes(e.type));
  await Promise.all(endpoints.map(async (x) => {
    const deliveryId = deliveryIdOf(x._id, e.position);
    await deps.deliveries.create({
      _id: deliveryId, endpointId: x._id, sellerId, position: e.position, type: e.type, subject: e.subject,
      state: 'pending', createdAt: new Date(), deliveredAt: null,
    });
    await startDelivery(deps.starter, { deliveryId, sellerId });
  }));
}
