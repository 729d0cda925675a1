/**
 * Webhook endpoints over HTTP: register (the secret is answered once), list, remove, read the
 * delivery log, ask for a redelivery. Mounted twice with the same handlers: under `/api/v1/webhooks`
 * for API keys and under `/api/member/webhooks` for the signed-in seller (settings).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { checkEndpoint, webhookRedeliveryWorkflowId } from '../../domain/webhooks.js';
import type { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { startDelivery, type DeliveryStarter } from '../../infra/webhooks/dispatch.js';
import { endpointView, type WebhookEndpoints } from '../../infra/webhooks/endpoints.js';

export interface WebhookRouteDeps {
  endpoints: WebhookEndpoints;
  deliveries: WebhookDeliveries;
  starter: DeliveryStarter;
  /** Lets endpoints use plain http (development and tests); https only otherwise. */
  allowHttp: boolean;
}

/** How a mount finds the seller: its preHandlers authenticate, `sellerOf` reads the result. */
export interface WebhookMount {
  prefix: string;
  preHandler: preHandlerHookHandler[];
  /** preHandlers only for writes (a key's `trade` scope, for instance); none when unset. */
  writePreHandler?: preHandlerHookHandler[];
  sellerOf(req: FastifyRequest): string;
}

const LIMIT_MAX = 100;
const pageSize = (v: unknown) => {
  if (v === undefined) return 50;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n < 1 || n > LIMIT_MAX) throw DomainError.invalidFields([{ field: 'limit', message: `limit must be 1 to ${LIMIT_MAX}` }]);
  return n;
};
const cursor = (v: unknown) => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v)) throw DomainError.invalidFields([{ field: 'before', message: 'before must be a position' }]);
  return Number(v);
};

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps, mount: WebhookMount): void {
  const { prefix, preHandler } = mount;
  const writes = [...preHandler, ...(mount.writePreHandler ?? [])];
  type IdParams = { Params: { id: string } };
  type DeliveryParams = { Params: { id: string; deliveryId: string } };

  app.get(prefix, { preHandler }, async (req) => {
    const list = await deps.endpoints.active(mount.sellerOf(req));
    return { endpoints: list.map(endpointView) };
  });

  app.post(prefix, { preHandler: writes }, async (req, reply) => {
    const e = checkEndpoint(req.body, deps.allowHttp);
    const created = await deps.endpoints.create(mount.sellerOf(req), e);
    return reply.code(201).send(created);
  });

  app.get<IdParams>(`${prefix}/:id`, { preHandler }, async (req) => {
    const d = await deps.endpoints.get(mount.sellerOf(req), req.params.id);
    if (d.removedAt) throw new DomainError('not_found', 'endpoint_not_found', 'Webhook endpoint not found');
    return { endpoint: endpointView(d) };
  });

  app.delete<IdParams>(`${prefix}/:id`, { preHandler: writes }, async (req, reply) => {
    await deps.endpoints.remove(mount.sellerOf(req), req.params.id);
    return reply.code(204).send();
  });

  app.get<IdParams & { Querystring: { limit?: string; before?: string } }>(`${prefix}/:id/deliveries`, { preHandler }, async (req) => {
    const sellerId = mount.sellerOf(req);
    await deps.endpoints.get(sellerId, req.params.id);
    const limit = pageSize(req.query.limit);
    const deliveries = await deps.deliveries.log(sellerId, req.params.id, limit, cursor(req.query.before));
    const last = deliveries.at(-1);
    return { deliveries, next: deliveries.length === limit && last ? String(last.position) : null };
  });

  app.get<DeliveryParams>(`${prefix}/:id/deliveries/:deliveryId`, { preHandler }, async (req) => {
    const sellerId = mount.sellerOf(req);
    return { delivery: await deps.deliveries.one(sellerId, req.params.id, req.params.deliveryId) };
  });

  /** Sends the delivery again (same delivery id, a new series of attempts), whatever became of it. */
  app.post<DeliveryParams>(`${prefix}/:id/deliveries/:deliveryId/redeliver`, { preHandler: writes }, async (req, reply) => {
    const sellerId = mount.sellerOf(req);
    const endpoint = await deps.endpoints.get(sellerId, req.params.id);
    if (endpoint.removedAt) throw new DomainError('conflict', 'endpoint_removed', 'This webhook endpoint was removed');
    const d = await deps.deliveries.one(sellerId, endpoint._id, req.params.deliveryId);
    const request = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    await deps.deliveries.reopen(d.id);
    await startDelivery(deps.starter, { deliveryId: d.id, sellerId, workflowId: webhookRedeliveryWorkflowId(d.id, request), redelivery: request });
    return reply.code(202).send({ redelivery: request, delivery: await deps.deliveries.one(sellerId, endpoint._id, d.id) });
  });
}
