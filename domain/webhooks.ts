/**
 * Webhooks: endpoints a seller registers and the deliveries of their feed's events to them. A
 * delivery is a process like the others (one transition table, `webhook-delivery:<deliveryId>`):
 * attempts with exponential backoff until the receiver answers 2xx, for up to three days.
 */
import type { ProcessTable } from './process.js';
import { SELLER_EVENT_TYPES, type SellerEventType } from './seller-events.js';
import { DomainError } from './errors.js';
import { WEBHOOK_DESCRIPTION_TEXT, WEBHOOK_EVENTS_INVALID, WEBHOOK_URL_HTTP, WEBHOOK_URL_INVALID } from './messages.js';

export const WEBHOOK_DELIVERY_KIND = 'webhook-delivery';
export const webhookDeliveryWorkflowId = (deliveryId: string) => `${WEBHOOK_DELIVERY_KIND}:${deliveryId}`;
/** Fanned one feed entry out (one workflow per entry); only those started before the per-seller dispatcher still run. */
export const WEBHOOK_DISPATCH_KIND = 'webhook-dispatch';
export const webhookDispatchWorkflowId = (sellerId: string, position: number) => `${WEBHOOK_DISPATCH_KIND}:${sellerId}:${position}`;
/**
 * Fans a seller's feed entries out to their endpoints, off the path of the runs that changed: one
 * workflow per seller, told each new position by a signal, dispatching what arrived meanwhile as one
 * batch. A workflow per entry cost the dev server a start, two workflow tasks and a close per change,
 * and fell behind in the hour-long soak (docs/reliability.md).
 */
export const WEBHOOK_DISPATCHER_KIND = 'webhook-dispatcher';
export const webhookDispatcherWorkflowId = (sellerId: string) => `${WEBHOOK_DISPATCHER_KIND}:${sellerId}`;
/** The signal that tells a dispatcher a new position of its seller's feed. */
export const FEED_ENTRY_SIGNAL = 'feedEntry';
/** A dispatcher with nothing to do for this long ends; the next entry starts it again. */
export const DISPATCHER_IDLE_MS = 10 * 60_000;
/** Positions one dispatch activity takes at most. */
export const DISPATCH_BATCH = 50;
/** What a dispatcher is started with, and carries over when it continues as new. */
export interface DispatcherInput {
  sellerId: string;
  idleMs: number;
  /** Positions told and not yet dispatched. */
  pending?: number[];
  /** Positions dispatched lately: the same position told again (a retried record step) is not sent twice. */
  recent?: number[];
}
/** A redelivery the seller asked for: its series of attempts (the attempt log's ids), the same delivery id on the wire. */
export const webhookRedeliveryWorkflowId = (deliveryId: string, request: string) => `${WEBHOOK_DELIVERY_KIND}:${deliveryId}:redelivery-${request}`;
/** The workflow of a delivery's redelivery: one id per delivery, so at most one is open at a time (a closed one may be followed by another). */
export const webhookOpenRedeliveryId = (deliveryId: string) => `${WEBHOOK_DELIVERY_KIND}:${deliveryId}:redelivery`;
/**
 * Deliveries run on a task queue of their own beside the workers' (with their own activity slots),
 * so receivers that are slow or many never hold up a run's or a withdrawal's steps.
 */
export const webhookTaskQueue = (taskQueue: string) => `${taskQueue}-webhooks`;
/** Redeliveries one seller may have under way at once (on every replica together). */
export const MAX_OPEN_REDELIVERIES = 20;
/** A redelivery tries for an hour (a seller asking for one is watching), not the three days of a delivery. */
export const REDELIVERY_HORIZON_MS = 3600_000;
export const REDELIVERY_IN_PROGRESS = 'A redelivery of this delivery is already under way';
export const TOO_MANY_REDELIVERIES = `At most ${MAX_OPEN_REDELIVERIES} redeliveries can be under way at once; please wait for one to finish`;
/** Stable per endpoint and feed position: what the receiver deduplicates by. */
export const deliveryIdOf = (endpointId: string, position: number) => `${endpointId}.${position}`;

export type DeliveryState = 'pending' | 'delivered' | 'expired' | 'cancelled';
export type DeliveryEvent = 'accepted' | 'gaveUp' | 'endpointRemoved';

export const WEBHOOK_DELIVERY_TABLE: ProcessTable<DeliveryState, DeliveryEvent> = {
  kind: WEBHOOK_DELIVERY_KIND,
  initial: 'pending',
  events: {
    accepted: { by: 'system' },
    gaveUp: { by: 'system' },
    endpointRemoved: { by: 'system' },
  },
  states: {
    pending: { on: { accepted: 'delivered', gaveUp: 'expired', endpointRemoved: 'cancelled' }, waitsFor: 'system' },
    delivered: { on: {}, waitsFor: null },
    expired: { on: {}, waitsFor: null },
    cancelled: { on: {}, waitsFor: null },
  },
};

/** How a delivery retries: exponential backoff from `initialMs` (times `factor`, at most `maxMs`) until `horizonMs` after the first attempt. */
export interface DeliveryPolicy {
  initialMs: number;
  factor: number;
  maxMs: number;
  horizonMs: number;
  /** One attempt's HTTP timeout. */
  attemptTimeoutMs: number;
}
/** 30 s, 1 min, 2 min, … at most hourly, for three days. */
export const DEFAULT_DELIVERY_POLICY: Readonly<DeliveryPolicy> = {
  initialMs: 30_000, factor: 2, maxMs: 3600_000, horizonMs: 3 * 24 * 3600_000, attemptTimeoutMs: 10_000,
};

/** The wait before attempt n+1 after n failed attempts (n ≥ 1). */
export const backoffAfter = (p: DeliveryPolicy, failedAttempts: number): number =>
  Math.min(p.maxMs, Math.round(p.initialMs * p.factor ** Math.max(0, failedAttempts - 1)));

/** What one attempt found. */
export type AttemptOutcome = 'delivered' | 'failed' | 'gone';

/** Input of a delivery workflow: ids only; the body and the secret are read by the activity. */
export interface DeliveryInput {
  deliveryId: string;
  sellerId: string;
  policy: DeliveryPolicy;
  /** Attempts the dispatch already made (its first one failed): the workflow waits the backoff, then tries attempt n+1. */
  attemptsMade?: number;
  /** When the first attempt was made (epoch ms): the three-day horizon counts from it. */
  firstAttemptAt?: number;
}

export interface DeliveryResult { state: DeliveryState; attempts: number }

// ---- Endpoints ------------------------------------------------------------------------------

export const MAX_ENDPOINTS_PER_SELLER = 20;
// Field messages live in domain/messages so a refusal carries their code (the web translates by it).
export { WEBHOOK_URL_INVALID, WEBHOOK_URL_HTTP, WEBHOOK_EVENTS_INVALID, WEBHOOK_DESCRIPTION_TEXT } from './messages.js';
export const WEBHOOK_TOO_MANY = `At most ${MAX_ENDPOINTS_PER_SELLER} webhook endpoints per seller`;
export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const WEBHOOK_ROTATION_RACED = 'This secret was just rotated by another request; rotate again to see a new secret';
/** Said instead of the secret when an Idempotency-Key replays a registration or rotation: the secret is shown only once and never kept. */
export const WEBHOOK_SECRET_NOT_REPLAYED = 'The secret was shown only in the first answer to this Idempotency-Key and is not kept; if it was lost, rotate the secret';

/** A registration as the seller sends it, checked: an https URL (http only where the operator allows it), the event types wanted. */
export function checkEndpoint(body: unknown, allowHttp: boolean): { url: string; description: string; events: SellerEventType[] } {
  const b = (body ?? {}) as { url?: unknown; description?: unknown; events?: unknown };
  const fields: { field: string; message: string }[] = [];
  let url = '';
  if (typeof b.url !== 'string' || b.url.length > 2048) fields.push({ field: 'url', message: WEBHOOK_URL_INVALID });
  else {
    try {
      const u = new URL(b.url);
      if (u.protocol !== 'https:' && !(allowHttp && u.protocol === 'http:')) fields.push({ field: 'url', message: WEBHOOK_URL_HTTP });
      else if (u.username || u.password) fields.push({ field: 'url', message: WEBHOOK_URL_INVALID });
      else url = u.toString();
    } catch {
      fields.push({ field: 'url', message: WEBHOOK_URL_INVALID });
    }
  }
  const description = typeof b.description === 'string' ? b.description.trim().slice(0, 200) : '';
  if (b.description !== undefined && typeof b.description !== 'string') fields.push({ field: 'description', message: WEBHOOK_DESCRIPTION_TEXT });
  let events: SellerEventType[] = [...SELLER_EVENT_TYPES];
  if (b.events !== undefined) {
    if (!Array.isArray(b.events) || b.events.length === 0 || !b.events.every((e) => (SELLER_EVENT_TYPES as readonly unknown[]).includes(e))) {
      fields.push({ field: 'events', message: WEBHOOK_EVENTS_INVALID });
    } else events = [...new Set(b.events as SellerEventType[])];
  }
  if (fields.length) throw DomainError.invalidFields(fields);
  return { url, description, events };
}

/** An endpoint as the seller sees it (the secret only once, at creation). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: SellerEventType[];
  createdAt: string;
  /** When the secret was last rotated, or null. */
  secretRotatedAt: string | null;
  /** Until when the replaced secret still signs deliveries too (after a rotation), or null. */
  previousSecretUntil: string | null;
}

/** One attempt of a delivery, as the delivery log shows it. */
export interface DeliveryAttemptView {
  at: string;
  attempt: number;
  /** Redelivery request this attempt belongs to, or null for the first delivery. */
  redelivery: string | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryView {
  id: string;
  endpointId: string;
  position: number;
  type: SellerEventType;
  subject: string;
  state: DeliveryState;
  createdAt: string;
  deliveredAt: string | null;
  attempts: DeliveryAttemptView[];
}

// ---- Signatures ------------------------------------------------------------------------------

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  /**
   * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`; during a
   * rotation's grace period a second `v1=` with the replaced secret follows the new one.
   */
  signature: 'coin-market-signature',
  /** The delivery id: the same on every attempt and redelivery; deduplicate by it. */
  delivery: 'coin-market-delivery',
  event: 'coin-market-event',
} as const;
/** A signature older (or newer) than this is refused by receivers: replays of a captured request fail. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
