/**
 * Webhook endpoints for the signed-in seller (Settings), under `/api/member/webhooks`: register (the
 * secret is answered once), list, read, remove, read the delivery log, ask for a redelivery, rotate
 * the secret. API keys reach the same actions (api/webhooks/service.ts) as v1 operations.
 */
import type { FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import type { WebhookEndpointView } from '../../domain/webhooks.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import type { WebhookService } from '../webhooks/service.js';

/** How the mount finds the seller: its preHandlers authenticate, `sellerOf` reads the result. */
export interface WebhookMount {
  prefix: string;
  preHandler: preHandlerHookHandler[];
  sellerOf(req: FastifyRequest): string;
  /**
   * Routes that answer a secret (register, rotate-secret): a check before the secret is minted (the
   * cookie mount asks for a fresh re-authentication; a registration's bad input is refused first)
   * and a notice once the secret is out (the cookie mount mails it).
   */
  secrets?: { fresh(req: FastifyRequest): Promise<void>; issued(req: FastifyRequest, notice: SecretNotice): Promise<void> };
}

/** A secret that went out: which action, its own id (endpoint, and rotation time), and the endpoint's URL. */
export interface SecretNotice { action: 'webhook_registered' | 'webhook_rotated'; id: string; url: string }

/** The notice of a secret that went out: a registration once per endpoint, a rotation once per rotation (its time). */
export const secretNotice = (action: SecretNotice['action'], e: WebhookEndpointView): SecretNotice =>
  ({ action, id: action === 'webhook_rotated' ? `${e.id}:${e.secretRotatedAt ?? ''}` : e.id, url: e.url });

/** Tells the seller of a secret that went out (in-app and by mail), whether a session or an API key asked. */
export const tellSecretIssued = (tell: TellAccount, sellerId: string, n: SecretNotice): Promise<void> => tell(sellerId, n.action, n.id, { url: n.url });

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

/** The webhooks slice (Settings): an encapsulated plugin over the service app.ts built, mounted where `mount` says (its own field, not Fastify's `prefix`). */
export const webhookRoutes: FastifyPluginAsync<{ service: WebhookService; mount: WebhookMount }> = async (app, { service, mount }) => {
  const { prefix, preHandler } = mount;
  const fresh = async (req: FastifyRequest) => mount.secrets?.fresh(req);
  const issued = async (req: FastifyRequest, notice: SecretNotice) => mount.secrets?.issued(req, notice);
  type IdParams = { Params: { id: string } };
  type DeliveryParams = { Params: { id: string; deliveryId: string } };

  app.get(prefix, { preHandler }, async (req) => ({ endpoints: await service.list(mount.sellerOf(req)) }));

  app.post(prefix, { preHandler }, async (req, reply) => {
    service.check(req.body);
    await fresh(req);
    const created = await service.register(mount.sellerOf(req), req.body);
    await issued(req, secretNotice('webhook_registered', created.endpoint));
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.get<IdParams>(`${prefix}/:id`, { preHandler }, async (req) => ({ endpoint: await service.read(mount.sellerOf(req), req.params.id) }));

  app.delete<IdParams>(`${prefix}/:id`, { preHandler }, async (req, reply) => {
    await service.remove(mount.sellerOf(req), req.params.id);
    return reply.code(204).send();
  });

  /** A new secret, answered once; the old one keeps signing beside it for the grace period. */
  app.post<IdParams>(`${prefix}/:id/rotate-secret`, { preHandler }, async (req, reply) => {
    await fresh(req);
    const rotated = await service.rotateSecret(mount.sellerOf(req), req.params.id);
    await issued(req, secretNotice('webhook_rotated', rotated.endpoint));
    return reply.header('cache-control', 'no-store').send(rotated);
  });

  app.get<IdParams & { Querystring: { limit?: string; before?: string } }>(`${prefix}/:id/deliveries`, { preHandler }, async (req) => {
    const page = await service.deliveryPage(mount.sellerOf(req), req.params.id, pageSize(req.query.limit), cursor(req.query.before));
    return { deliveries: page.deliveries, next: page.before === null ? null : String(page.before) };
  });

  app.get<DeliveryParams>(`${prefix}/:id/deliveries/:deliveryId`, { preHandler }, async (req) => ({
    delivery: await service.delivery(mount.sellerOf(req), req.params.id, req.params.deliveryId),
  }));

  app.post<DeliveryParams>(`${prefix}/:id/deliveries/:deliveryId/redeliver`, { preHandler }, async (req, reply) => {
    return reply.code(202).send(await service.redeliver(mount.sellerOf(req), req.params.id, req.params.deliveryId));
  });
};
