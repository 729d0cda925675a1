/**
 * The webhook operations of API v1 over the same actions as the Settings routes: reading endpoints
 * and delivery logs needs `read`; registering, removing, rotating a secret and redelivering need
 * `webhooks` (they decide where events go and who can sign for them). Registration and rotation
 * answer the secret once; their kept Idempotency-Key answers leave it out (see `keptAnswer`), so
 * no second copy of a secret rests in the idempotency store. Both tell the seller (in-app and by mail)
 * as the Settings routes do, and an endpoint registered here remembers the key: revoking or rotating
 * that key, or API access turned off, removes it (WebhookEndpoints.removeMadeByKey).
 */
import { checkEndpoint, WEBHOOK_SECRET_NOT_REPLAYED } from '../../domain/webhooks.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import { secretNotice, tellSecretIssued } from '../routes/webhooks.js';
import type { WebhookService } from '../webhooks/service.js';
import { keyOf } from './guard.js';
import type { Operation } from './openapi.js';
import {
  IdempotencyHeaders, PageQuery, pageOf, WebhookDeliveryParams, WebhookDeliverySchema, WebhookEndpointSchema, WebhookIdParams, webhookRegisterSchema,
  WebhookSecretAnswerSchema, POSITION_CURSOR,
} from './schemas.js';

type EndpointParams = { endpointId: string };
type DeliveryParams = EndpointParams & { deliveryId: string };

/** What an Idempotency-Key replay of a secret-bearing answer says instead of the secret. */
const withoutSecret = (body: unknown): unknown => ({ ...(body as object), secret: null, secretNote: WEBHOOK_SECRET_NOT_REPLAYED });

/** The v1 webhook operations bound to the shared actions; `allowHttp` as for the Settings routes; `tell` makes the account notices. */
/** The webhook actions shared with the Settings routes; `allowHttp` as there; `tell` makes the account notices. */
export interface V1WebhookDeps { service: WebhookService; allowHttp: boolean; tell: TellAccount }

export function webhookOperations(service: WebhookService, allowHttp: boolean, tell: TellAccount): Operation[] {
  const post = { headers: IdempotencyHeaders };
  const seller = (req: Parameters<typeof keyOf>[0]) => keyOf(req).sellerId;
  return [
    {
      operationId: 'listWebhookEndpoints', method: 'GET', path: '/webhooks', scope: 'read',
      summary: 'Your webhook endpoints (never their secrets)',
      success: { status: 200, schema: { type: 'object', properties: { endpoints: { type: 'array', items: WebhookEndpointSchema } } }, description: 'The endpoints, oldest first' },
      handler: async (req) => ({ endpoints: await service.list(seller(req)) }),
    },
    {
      operationId: 'registerWebhookEndpoint', method: 'POST', path: '/webhooks', scope: 'webhooks', ...post, body: webhookRegisterSchema(allowHttp),
      summary: 'Register a webhook endpoint; the answer shows its signing secret once',
      description: 'At most 20 endpoints. The account owner is told (in-app and by mail), as for a registration in Settings. The endpoint belongs to the key that registered it: revoking or rotating that key, or API access turned off, removes it (the owner is told) and it receives nothing from then on. An Idempotency-Key replay answers the same endpoint (no second one is made) with secret null and secretNote: the secret is never kept.',
      success: { status: 201, schema: WebhookSecretAnswerSchema, description: 'The endpoint and its secret' },
      check: (body) => { checkEndpoint(body, allowHttp); },
      keptAnswer: withoutSecret,
      handler: async (req, reply) => {
        const { sellerId, keyId, revision } = keyOf(req);
        const created = await service.register(sellerId, req.body, { keyId, revision });
        await tellSecretIssued(tell, sellerId, secretNotice('webhook_registered', created.endpoint));
        return reply.code(201).header('cache-control', 'no-store').send(created);
      },
    },
    {
      operationId: 'getWebhookEndpoint', method: 'GET', path: '/webhooks/:endpointId', scope: 'read', params: WebhookIdParams,
      summary: 'One webhook endpoint', success: { status: 200, schema: { type: 'object', properties: { endpoint: WebhookEndpointSchema } }, description: 'The endpoint' },
      handler: async (req) => ({ endpoint: await service.read(seller(req), (req.params as EndpointParams).endpointId) }),
    },
    {
      operationId: 'removeWebhookEndpoint', method: 'DELETE', path: '/webhooks/:endpointId', scope: 'webhooks', params: WebhookIdParams,
      summary: 'Remove a webhook endpoint: no new deliveries, pending ones end as cancelled, its secret is destroyed, its log stays readable',
      success: { status: 204, description: 'Removed (also when it already was)' },
      handler: async (req, reply) => {
        await service.remove(seller(req), (req.params as EndpointParams).endpointId);
        return reply.code(204).send();
      },
    },
    {
      operationId: 'rotateWebhookSecret', method: 'POST', path: '/webhooks/:endpointId/rotate-secret', scope: 'webhooks', ...post, params: WebhookIdParams,
      summary: 'Give an endpoint a new signing secret, shown once',
      description: 'The account owner is told (in-app and by mail). For the grace period (24 hours by default) every delivery carries two v1 signatures, made with the new and with the replaced secret, so a receiver can switch without losing an event; then only the new one. An Idempotency-Key replay does not rotate again and answers secret null with secretNote.',
      success: { status: 200, schema: WebhookSecretAnswerSchema, description: 'The endpoint and its new secret' },
      keptAnswer: withoutSecret,
      handler: async (req, reply) => {
        const rotated = await service.rotateSecret(seller(req), (req.params as EndpointParams).endpointId);
        await tellSecretIssued(tell, seller(req), secretNotice('webhook_rotated', rotated.endpoint));
        return reply.header('cache-control', 'no-store').send(rotated);
      },
    },
    {
      operationId: 'listWebhookDeliveries', method: 'GET', path: '/webhooks/:endpointId/deliveries', scope: 'read', params: WebhookIdParams, query: PageQuery(POSITION_CURSOR),
      summary: 'The delivery log of an endpoint, newest first (also of a removed one)',
      success: { status: 200, schema: pageOf(WebhookDeliverySchema), description: 'A page of deliveries with their attempts' },
      handler: async (req) => {
        const q = req.query as { limit?: number; cursor?: string };
        const page = await service.deliveryPage(seller(req), (req.params as EndpointParams).endpointId, q.limit ?? 20, q.cursor === undefined ? undefined : Number(q.cursor));
        // The cursor is the last delivery's position (POSITION_CURSOR).
        return { items: page.deliveries, nextCursor: page.before === null ? null : String(page.before) };
      },
    },
    {
      operationId: 'getWebhookDelivery', method: 'GET', path: '/webhooks/:endpointId/deliveries/:deliveryId', scope: 'read', params: WebhookDeliveryParams,
      summary: 'One delivery with every attempt', success: { status: 200, schema: { type: 'object', properties: { delivery: WebhookDeliverySchema } }, description: 'The delivery' },
      handler: async (req) => {
        const p = req.params as DeliveryParams;
        return { delivery: await service.delivery(seller(req), p.endpointId, p.deliveryId) };
      },
    },
    {
      operationId: 'redeliverWebhook', method: 'POST', path: '/webhooks/:endpointId/deliveries/:deliveryId/redeliver', scope: 'webhooks', ...post, params: WebhookDeliveryParams,
      summary: 'Send a delivery again: the same delivery id, a new series of attempts, whatever became of it',
      success: { status: 202, schema: { type: 'object', properties: { redelivery: { type: 'string' }, delivery: WebhookDeliverySchema } }, description: 'Redelivery started' },
      handler: async (req, reply) => {
        const p = req.params as DeliveryParams;
        return reply.code(202).send(await service.redeliver(seller(req), p.endpointId, p.deliveryId));
      },
    },
  ];
}
