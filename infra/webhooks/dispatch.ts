/**
 * Delivers a feed entry to the seller's endpoints: a first attempt from the dispatch, a delivery
 * workflow for each that failed. Workflow ids derive from the delivery id, so a repeated dispatch
 * (a retried activity, two replicas) never starts a second delivery.
 */
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import { SA } from '../../domain/search-attributes.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import {
  DISPATCHER_IDLE_MS, FEED_ENTRY_SIGNAL, REDELIVERY_HORIZON_MS, WEBHOOK_DELIVERY_KIND, WEBHOOK_DISPATCHER_KIND, deliveryIdOf, webhookDeliveryWorkflowId,
  webhookDispatcherWorkflowId, webhookOpenRedeliveryId, type DeliveryInput, type DeliveryPolicy, type DispatcherInput,
} from '../../domain/webhooks.js';
import type { DeliveryDoc, WebhookDeliveries } from './deliveries.js';
import type { WebhookSender } from './sender.js';
import type { WebhookEndpoints } from './endpoints.js';

export const WEBHOOK_WORKFLOW = 'webhookDeliveryWorkflow';
export const WEBHOOK_DISPATCH_WORKFLOW = 'webhookDispatchWorkflow';
export const WEBHOOK_DISPATCHER_WORKFLOW = 'webhookDispatcherWorkflow';

/** Starts webhook workflows; `taskQueue` is the webhook queue (`webhookTaskQueue` of the workers' queue). */
export interface DeliveryStarter {
  client: Client; taskQueue: string; policy: DeliveryPolicy;
  /** How long a seller's dispatcher waits for entries before it ends (DISPATCHER_IDLE_MS; tests shorten it). */
  dispatcherIdleMs?: number;
}

/**
 * Starts the delivery workflow of one delivery, once: false when it was already started. A
 * redelivery (`redelivery` names the seller's request) has one workflow id per delivery that may
 * start again after the last one closed, and tries for `REDELIVERY_HORIZON_MS`; `attemptsMade` says
 * the dispatch already tried (the workflow then waits before trying).
 */
export async function startDelivery(
  s: DeliveryStarter,
  d: { deliveryId: string; sellerId: string; redelivery?: string; attemptsMade?: number; firstAttemptAt?: number },
): Promise<boolean> {
  const input: DeliveryInput & { redelivery: string | null } = {
    deliveryId: d.deliveryId, sellerId: d.sellerId, redelivery: d.redelivery ?? null,
    policy: d.redelivery ? { ...s.policy, horizonMs: Math.min(s.policy.horizonMs, REDELIVERY_HORIZON_MS) } : s.policy,
    ...(d.attemptsMade ? { attemptsMade: d.attemptsMade, firstAttemptAt: d.firstAttemptAt } : {}),
  };
  try {
    await s.client.workflow.start(WEBHOOK_WORKFLOW, {
      taskQueue: s.taskQueue, workflowId: d.redelivery ? webhookOpenRedeliveryId(d.deliveryId) : webhookDeliveryWorkflowId(d.deliveryId), args: [input],
      workflowIdReusePolicy: d.redelivery ? WorkflowIdReusePolicy.ALLOW_DUPLICATE : WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [
        { key: SA.sellerId, value: d.sellerId }, { key: SA.kind, value: WEBHOOK_DELIVERY_KIND }, { key: SA.status, value: 'pending' },
        { key: SA.subState, value: 'none' }, { key: SA.waitingFor, value: 'system' },
      ],
    });
    return true;
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    return false;
  }
}

/**
 * Called where a change is recorded: when one of the seller's endpoints wants this event, tells the
 * seller's dispatcher its position, starting the dispatcher when none runs (one signal-with-start).
 * One cheap query for a seller without webhooks, one Temporal call otherwise, so a run's own step
 * never waits for the fan-out.
 */
export async function startDispatch(
  deps: { endpoints: WebhookEndpoints; starter: DeliveryStarter },
  sellerId: string,
  e: SellerEvent,
): Promise<void> {
  if (!(await deps.endpoints.deliverable(sellerId)).some((x) => x.events.includes(e.type))) return;
  const input: DispatcherInput = { sellerId, idleMs: deps.starter.dispatcherIdleMs ?? DISPATCHER_IDLE_MS };
  await deps.starter.client.workflow.signalWithStart(WEBHOOK_DISPATCHER_WORKFLOW, {
    taskQueue: deps.starter.taskQueue, workflowId: webhookDispatcherWorkflowId(sellerId), args: [input],
    signal: FEED_ENTRY_SIGNAL, signalArgs: [e.position],
    typedSearchAttributes: [{ key: SA.sellerId, value: sellerId }, { key: SA.kind, value: WEBHOOK_DISPATCHER_KIND }],
  });
}

/**
 * Every active endpoint of the seller that wants this event type gets a delivery of it. The first
 * attempt is made here, all endpoints at once, and the delivery is written once, with how that
 * attempt ended: most receivers answer it, and then the delivery needs no workflow of its own and
 * costs two writes (its attempt and itself). Only a failed first attempt starts the delivery
 * workflow, which goes on from attempt 2 after the first backoff. A retried dispatch (`retry`)
 * first looks for what the earlier try did: a written delivery is done or handed to its workflow,
 * a logged first attempt is not made again; so a receiver gets a first attempt twice only when a
 * process died between the POST and its log line.
 */
export async function dispatchWebhooks(
  deps: { endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; starter: DeliveryStarter; send: WebhookSender },
  sellerId: string,
  e: SellerEvent,
  retry = true,
): Promise<void> {
  // Deliverable, not merely active: an endpoint whose registering key was revoked or rotated gets nothing, even before its removal ran.
  const endpoints = (await deps.endpoints.deliverable(sellerId)).filter((x) => x.events.includes(e.type));
  await Promise.all(endpoints.map(async (endpoint) => {
    const delivery: DeliveryDoc = {
      _id: deliveryIdOf(endpoint._id, e.position), endpointId: endpoint._id, sellerId, position: e.position, type: e.type, subject: e.subject,
      state: 'pending', createdAt: new Date(), deliveredAt: null,
    };
    const firstId = `${webhookDeliveryWorkflowId(delivery._id)}#1`;
    const toWorkflow = () => startDelivery(deps.starter, { deliveryId: delivery._id, sellerId, attemptsMade: 1, firstAttemptAt: delivery.createdAt.getTime() });
    if (retry) {
      const written = await deps.deliveries.get(delivery._id);
      // Written after its first attempt: pending means that attempt failed.
      if (written) return written.state === 'pending' ? toWorkflow() : undefined;
    }
    const logged = retry ? await deps.deliveries.attempt(firstId) : null;
    const delivered = logged
      ? logged.error === null
      : (await deps.send.post({ delivery, endpoint, event: e, attemptId: firstId, attempt: 1, redelivery: null, timeoutMs: deps.starter.policy.attemptTimeoutMs })).outcome === 'delivered';
    const at = new Date();
    await deps.deliveries.create(delivered ? { ...delivery, state: 'delivered', deliveredAt: at } : delivery);
    if (!delivered) await toWorkflow();
  }));
}
