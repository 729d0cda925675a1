/**
 * One delivery attempt: the feed entry as JSON, signed with the endpoint's secret, POSTed with a
 * timeout; the answer (or the failure) goes to the delivery log. Only a 2xx counts as received.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { AttemptOutcome } from '../../domain/webhooks.js';
import { WEBHOOK_HEADERS } from '../../domain/webhooks.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import type { SellerFeed } from '../seller-feed/feed.js';
import type { DeliveryDoc, WebhookDeliveries } from './deliveries.js';
import type { EndpointDoc, WebhookEndpoints } from './endpoints.js';
import { signWebhook } from './signature.js';

export interface SenderOptions {
  /** Lets endpoints on loopback and private networks receive (development and tests); refused otherwise, so a seller cannot make us call our own services. */
  allowPrivateNetworks: boolean;
  /** Name resolution (the system's by default; tests answer for names they make up). */
  resolve?: Resolver;
}

/** Every address a name resolves to. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolver = (host) => lookup(host, { all: true });

const PRIVATE = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16], ['100.64.0.0', 10], ['0.0.0.0', 8]] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

const isPrivate = (a: { address: string; family: number }) => PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4');
const NOT_ALLOWED = 'address not allowed (private network)';

/**
 * The connection's own name lookup, refusing private addresses. Checking a name first and letting
 * the request resolve it again would leave a gap a rebinding name server uses (public at the check,
 * loopback at connect); here the address checked is the address connected to.
 */
function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then((found) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = found.filter((a) => !family || a.family === family);
      if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (addresses.some(isPrivate)) return callback(Object.assign(new Error(NOT_ALLOWED), { code: 'EPRIVATE' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    }, (err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}

/** POSTs and answers the status code; redirects are not followed (a 3xx is an answer, not a receipt). */
function postOnce(url: URL, body: string, headers: Record<string, string>, timeoutMs: number, lookup?: LookupFunction): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal: AbortSignal.timeout(timeoutMs), ...(lookup ? { lookup } : {}),
    }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
    req.on('error', reject);
    req.end(body);
  });
}

/** The body of a delivery: the same bytes on every attempt (only the signature's timestamp changes). */
export const deliveryBody = (deliveryId: string, sellerId: string, e: { position: number; type: string; subject: string; at: string; data: unknown }) =>
  JSON.stringify({ deliveryId, sellerId, position: e.position, type: e.type, subject: e.subject, at: e.at, data: e.data });

/** What one attempt needs, already read: the delivery, its endpoint, the feed entry. */
export interface AttemptRequest {
  delivery: DeliveryDoc;
  endpoint: EndpointDoc;
  event: SellerEvent;
  /** The attempt log's id (`<workflow id>#<n>`): a retried activity never logs twice. */
  attemptId: string;
  attempt: number;
  redelivery: string | null;
  timeoutMs: number;
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

export function createWebhookSender(deps: { feed: SellerFeed; endpoints: WebhookEndpoints; deliveries: WebhookDeliveries; options: SenderOptions }) {
  const guard = deps.options.allowPrivateNetworks ? undefined : guardedLookup(deps.options.resolve ?? systemResolve);
  /** POSTs once and logs the attempt; only a 2xx counts as received. */
  async function post(r: AttemptRequest): Promise<{ outcome: AttemptOutcome; statusCode: number | null }> {
    const { delivery: d, endpoint } = r;
    const body = deliveryBody(d._id, d.sellerId, r.event);
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(endpoint.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address written in the URL is never looked up, so it is checked here; names are checked at connect.
      if (guard && isIP(host) && isPrivate({ address: host, family: isIP(host) })) throw Object.assign(new Error(NOT_ALLOWED), { code: 'EPRIVATE' });
      const secrets = await deps.endpoints.signingSecrets(endpoint);
      statusCode = await postOnce(url, body, {
        'content-type': 'application/json', 'user-agent': 'CoinMarket-Webhooks/1',
        [WEBHOOK_HEADERS.signature]: signWebhook(secrets, body), [WEBHOOK_HEADERS.delivery]: d._id, [WEBHOOK_HEADERS.event]: d.type,
      }, r.timeoutMs, guard);
      if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { cause?: { name?: string } };
      const timedOut = e.name === 'TimeoutError' || (e.name === 'AbortError' && e.cause?.name === 'TimeoutError');
      error = timedOut ? `no answer within ${r.timeoutMs} ms` : e.code === 'EPRIVATE' ? NOT_ALLOWED : (e.code ?? e.message ?? 'request failed');
    }
    await deps.deliveries.logAttempt({
      _id: r.attemptId, deliveryId: d._id, sellerId: d.sellerId, attempt: r.attempt, redelivery: r.redelivery,
      at: new Date(started), statusCode, error, durationMs: Date.now() - started,
    });
    return { outcome: error ? 'failed' : 'delivered', statusCode };
  }

  /** One attempt of a delivery workflow: reads the delivery, its endpoint and entry; `gone` when either was removed. */
  async function attempt(q: { deliveryId: string; attempt: number; redelivery: string | null; workflowId: string; timeoutMs: number }): Promise<{ outcome: AttemptOutcome; statusCode: number | null }> {
    const d = await deps.deliveries.get(q.deliveryId);
    const endpoint = d ? await deps.endpoints.byId(d.endpointId) : null;
    if (!d || !endpoint || endpoint.removedAt) return { outcome: 'gone', statusCode: null };
    const event = await deps.feed.at(d.sellerId, d.position);
    if (!event) return { outcome: 'gone', statusCode: null };
    return post({ delivery: d, endpoint, event, attemptId: `${q.workflowId}#${q.attempt}`, attempt: q.attempt, redelivery: q.redelivery, timeoutMs: q.timeoutMs });
  }

  return { post, attempt };
}
