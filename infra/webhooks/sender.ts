/**
 * One delivery attempt: the feed entry as JSON, signed with the endpoint's secret, POSTed with a
 * timeout; the answer (or the failure) goes to the delivery log. Only a 2xx counts as received.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { AttemptOutcome } from '../../domain/webhooks.js';
import { WEBHOOK_HEADERS } from '../../domain/webhooks.js';
import type { SellerFeed } from '../seller-feed/feed.js';
import type { WebhookDeliveries } from './deliveries.js';
import type { WebhookEndpoints } from './endpoints.js';
import { signWebhook } from './signature.js';

export interface SenderOptions {
  /** Lets endpoints on loopback and private networks receive (development and tests); refused otherwise, so a seller cannot make us call our own services. */
  allowPrivateNetworks: boolean;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16], ['100.64.0.0', 10], ['0.0.0.0', 8]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

async function privateTarget(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  return addresses.some((a) => PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
}

/** The body of a delivery: the same bytes on every attempt (only the signature's timestamp changes). */
export const deliveryBody = (deliveryId: string, sellerId: string, e: { position: number; type: string; subject: string; at: string; data: unknown }) =>
  JSON.stringify({ deliveryId, sellerId, position: e.position, type: e.type, subject: e.subject, at: e.at, data: e.data });

export function createWebhookSender(deps: { feed: SellerFeed; endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; options: SenderOptions }) {
  return async function attempt(q: { deliveryId: string; attempt: number; redelivery: string | null; workflowId: string; timeoutMs: number }): Promise<{ outcome: AttemptOutcome; statusCode: number | null }> {
    const d = await deps.deliveries.get(q.deliveryId);
    const endpoint = d ? await deps.endpoints.byId(d.endpointId) : null;
    if (!d || !endpoint || endpoint.removedAt) return { outcome: 'gone', statusCode: null };
    const event = await deps.feed.at(d.sellerId, d.position);
    if (!event) return { outcome: 'gone', statusCode: null };
    const body = deliveryBody(d._id, d.sellerId, event);
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(endpoint.url);
      if (!deps.options.allowPrivateNetworks && (await privateTarget(url))) throw new Error('address not allowed (private network)');
      const secrets = await deps.endpoints.signingSecrets(endpoint);
      const res = await fetch(url, {
        method: 'POST', body, redirect: 'manual', signal: AbortSignal.timeout(q.timeoutMs),
        headers: {
          'content-type': 'application/json', 'user-agent': 'CoinMarket-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signWebhook(secrets, body), [WEBHOOK_HEADERS.delivery]: d._id, [WEBHOOK_HEADERS.event]: d.type,
        },
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      error = e.name === 'TimeoutError' ? `no answer within ${q.timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message ?? 'request failed');
    }
    await deps.deliveries.logAttempt({
      _id: `${q.workflowId}#${q.attempt}`, deliveryId: d._id, sellerId: d.sellerId, attempt: q.attempt, redelivery: q.redelivery,
      at: new Date(started), statusCode, error, durationMs: Date.now() - started,
    });
    return { outcome: error ? 'failed' : 'delivered', statusCode };
  };
}
