/**
 * Webhook endpoints as one set of actions, shared by the Settings routes (`/api/member/webhooks`)
 * and the REST API v1 operations (`/api/v1/webhooks`): register (the secret answered once), list,
 * read, remove, page the delivery log, read one delivery, redeliver, rotate the secret.
 */
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import { checkEndpoint, REDELIVERY_IN_PROGRESS, TOO_MANY_REDELIVERIES, WEBHOOK_NOT_FOUND, type DeliveryView, type WebhookEndpointView } from '../../domain/webhooks.js';
import type { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { startDelivery, type DeliveryStarter } from '../../infra/webhooks/dispatch.js';
import { redeliverySlots } from '../../infra/webhooks/redelivery-slots.js';
import type { Slots } from '../../infra/slots.js';
import { DEFAULT_ROTATION_GRACE_MS, endpointView, type KeyEndpointRemoval, type KeyEndpointScope, type KeyMark, type WebhookEndpoints } from '../../infra/webhooks/endpoints.js';
import type { RemovedEndpoint } from '../../infra/webhooks/key-removal-notices.js';

export interface WebhookServiceDeps {
  endpoints: WebhookEndpoints;
  deliveries: WebhookDeliveries;
  starter: DeliveryStarter;
  /** Counts open redeliveries per seller, on every replica together. */
  slots: Slots;
  /** Lets endpoints use plain http (development and tests); https only otherwise. */
  allowHttp: boolean;
  /** How long a replaced secret keeps signing beside the new one (default 24 hours). */
  rotationGraceMs?: number;
}

/** An endpoint with its secret: the one answer that shows it (registration, rotation). */
export interface EndpointWithSecret { endpoint: WebhookEndpointView; secret: string }

/** A page of the delivery log, newest first; `before` is the position to continue below, or null on the last page. */
export interface DeliveryPage { deliveries: DeliveryView[]; before: number | null }

export interface WebhookService {
  list(sellerId: string): Promise<WebhookEndpointView[]>;
  /** Refuses a registration body the way `register` would, creating nothing. */
  check(body: unknown): void;
  /** `madeBy`: the API key registering it (v1); the endpoint then lives only as long as that key stands as it is. */
  register(sellerId: string, body: unknown, madeBy?: KeyMark): Promise<EndpointWithSecret>;
  read(sellerId: string, endpointId: string): Promise<WebhookEndpointView>;
  remove(sellerId: string, endpointId: string): Promise<void>;
  deliveryPage(sellerId: string, endpointId: string, limit: number, before?: number): Promise<DeliveryPage>;
  delivery(sellerId: string, endpointId: string, deliveryId: string): Promise<DeliveryView>;
  redeliver(sellerId: string, endpointId: string, deliveryId: string): Promise<{ redelivery: string; delivery: DeliveryView }>;
  rotateSecret(sellerId: string, endpointId: string): Promise<EndpointWithSecret>;
  /** Removes the endpoints a changed key registered (see WebhookEndpoints.removeMadeByKey); answers them for the notices. */
  removeMadeByKey(sellerId: string, scope: KeyEndpointScope, reason: KeyEndpointRemoval): Promise<RemovedEndpoint[]>;
}

/** The actions over the stores and the delivery starter. */
export function createWebhookService(deps: WebhookServiceDeps): WebhookService {
  const live = async (sellerId: string, endpointId: string) => {
    const d = await deps.endpoints.get(sellerId, endpointId);
    if (d.removedAt) throw new DomainError('not_found', 'endpoint_not_found', WEBHOOK_NOT_FOUND);
    return d;
  };
  const openRedeliveries = redeliverySlots(deps.slots);
  return {
    list: async (sellerId) => (await deps.endpoints.active(sellerId)).map((d) => endpointView(d)),
    check: (body) => void checkEndpoint(body, deps.allowHttp),
    register: async (sellerId, body, madeBy) => deps.endpoints.create(sellerId, checkEndpoint(body, deps.allowHttp), madeBy),
    read: async (sellerId, endpointId) => endpointView(await live(sellerId, endpointId)),
    remove: (sellerId, endpointId) => deps.endpoints.remove(sellerId, endpointId),
    async deliveryPage(sellerId, endpointId, limit, before) {
      // A removed endpoint's log stays readable.
      await deps.endpoints.get(sellerId, endpointId);
      const rows = await deps.deliveries.log(sellerId, endpointId, limit + 1, before);
      const deliveries = rows.slice(0, limit);
      return { deliveries, before: rows.length > limit ? deliveries.at(-1)!.position : null };
    },
    delivery: (sellerId, endpointId, deliveryId) => deps.deliveries.one(sellerId, endpointId, deliveryId),
    /**
     * Sends the delivery again (same delivery id, a new series of attempts), whatever became of it:
     * one redelivery per delivery at a time, at most MAX_OPEN_REDELIVERIES per seller.
     */
    async redeliver(sellerId, endpointId, deliveryId) {
      const endpoint = await deps.endpoints.get(sellerId, endpointId);
      if (endpoint.removedAt) throw new DomainError('conflict', 'endpoint_removed', 'This webhook endpoint was removed');
      const d = await deps.deliveries.one(sellerId, endpoint._id, deliveryId);
      const request = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
      const slot = await openRedeliveries.claim(sellerId, d.id, request);
      if (!slot) throw new DomainError('rate_limited', 'too_many_redeliveries', TOO_MANY_REDELIVERIES);
      await deps.deliveries.reopen(d.id);
      if (!(await startDelivery(deps.starter, { deliveryId: d.id, sellerId, redelivery: request }))) {
        await openRedeliveries.release(sellerId, d.id, request);
        throw new DomainError('conflict', 'redelivery_in_progress', REDELIVERY_IN_PROGRESS);
      }
      return { redelivery: request, delivery: await deps.deliveries.one(sellerId, endpoint._id, d.id) };
    },
    rotateSecret: (sellerId, endpointId) => deps.endpoints.rotateSecret(sellerId, endpointId, deps.rotationGraceMs ?? DEFAULT_ROTATION_GRACE_MS),
    removeMadeByKey: (sellerId, scope, reason) => deps.endpoints.removeMadeByKey(sellerId, scope, reason),
  };
}

/** Stands in where no key ring is configured: endpoint secrets are sealed in the vault, so there is nowhere to keep them. */
export function unavailableWebhookService(): WebhookService {
  const refuseNow = (): never => { throw new DomainError('unavailable', 'webhooks_unavailable', 'Webhooks are not configured (SECRETS_KEY)'); };
  const refuse = async (): Promise<never> => refuseNow();
  return {
    list: refuse, check: refuseNow, register: refuse, read: refuse, remove: refuse, deliveryPage: refuse, delivery: refuse, redeliver: refuse, rotateSecret: refuse,
    // No endpoint can have been registered without a vault: there is nothing to remove.
    removeMadeByKey: async () => [],
  };
}

/** WEBHOOK_ROTATION_GRACE_HOURS as milliseconds (unset: the 24-hour default); a bad value stops the start. */
export function rotationGraceFromEnv(hours: string | undefined): number | undefined {
  if (hours === undefined || hours === '') return undefined;
  const h = Number(hours);
  if (!Number.isFinite(h) || h < 0 || h > 24 * 30) throw new Error(`WEBHOOK_ROTATION_GRACE_HOURS must be 0 to 720 hours, not "${hours}"`);
  return Math.round(h * 3600_000);
}
