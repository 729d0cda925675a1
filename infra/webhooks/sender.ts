/**
 * One delivery attempt: the feed entry as JSON, signed with the endpoint's secret, POSTed with a
 * timeout; the answer (or the failure) goes to the delivery log. Only a 2xx counts as received.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AttemptOutcome } from '../../domain/webhooks.js';
import { WEBHOOK_HEADERS, webhookRedeliveryWorkflowId } from '../../domain/webhooks.js';
import type { SellerEvent } from '../../domain/seller-events.js';
import type { SellerFeed } from '../seller-feed/feed.js';
import type { DeliveryDoc, WebhookDeliveries } from './deliveries.js';
import type { EndpointDoc, WebhookEndpoints } from './endpoints.js';
import { guardedLookup, isPublicAddress, logged, notAllowed, systemResolve, type Resolver } from './address-guard.js';
import { signWebhook } from './signature.js';

export type { Resolver } from './address-guard.js';

export interface SenderOptions {
  /** Lets endpoints on loopback and private networks receive (development and tests); refused otherwise, so a seller cannot make us call our own services. */
  allowPrivateNetworks: boolean;
  /** Name resolution (the system's by default; tests answer for names they make up). */
  resolve?: Resolver;
  /** Connections this process opens to one endpoint (host and port) at once; more requests wait for one. */
  connectionsPerEndpoint?: number;
}

/**
 * At most two connections per endpoint and worker process. A burst of deliveries opened all at once
 * overflowed small receivers' listen queues (Python's http.server: 5): the kernel dropped the
 * handshakes and retried them 1, 3, 7 s later, so requests reached the receiver seconds late; some
 * after our timeout, which made a received delivery look failed and sent it again.
 */
export const DEFAULT_CONNECTIONS_PER_ENDPOINT = 2;

/**
 * POSTs and answers the status code; redirects are not followed (a 3xx is an answer, not a receipt).
 * Two clocks of `timeoutMs` each: one until the request has a connection (waiting for a free one,
 * resolving, connecting: the receiver cannot have it yet, "not sent"), one from there to the answer.
 * Time spent waiting on our side never makes a receiver's prompt answer count as missing.
 */
function postOnce(url: URL, body: string, headers: Record<string, string>, timeoutMs: number, agent: HttpAgent, lookup?: LookupFunction): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent, ...(lookup ? { lookup } : {}),
    }, (res) => { clearTimeout(clock); res.resume(); resolve(res.statusCode ?? 0); });
    let clock = setTimeout(() => req.destroy(logged(`not sent: no connection within ${timeoutMs} ms`)), timeoutMs);
    const answerClock = () => {
      clearTimeout(clock);
      clock = setTimeout(() => req.destroy(logged(`no answer within ${timeoutMs} ms`)), timeoutMs);
    };
    req.on('socket', (socket) => (socket.connecting ? socket.once('connect', answerClock) : answerClock()));
    req.on('error', (err) => { clearTimeout(clock); reject(err); });
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
  // Kept-alive connections are reused by receivers that allow it (HTTP/1.1); HTTP/1.0 ones close each.
  const pool = { keepAlive: true, maxSockets: deps.options.connectionsPerEndpoint ?? DEFAULT_CONNECTIONS_PER_ENDPOINT, timeout: 4_000 };
  const agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };
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
      if (guard && isIP(host) && !isPublicAddress(host)) throw notAllowed();
      const secrets = await deps.endpoints.signingSecrets(endpoint);
      statusCode = await postOnce(url, body, {
        'content-type': 'application/json', 'user-agent': 'CoinMarket-Webhooks/1',
        [WEBHOOK_HEADERS.signature]: signWebhook(secrets, body), [WEBHOOK_HEADERS.delivery]: d._id, [WEBHOOK_HEADERS.event]: d.type,
      }, r.timeoutMs, url.protocol === 'https:' ? agents.https : agents.http, guard);
      if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { logged?: string };
      error = e.logged ?? e.code ?? e.message ?? 'request failed';
    }
    await deps.deliveries.logAttempt({
      _id: r.attemptId, deliveryId: d._id, sellerId: d.sellerId, attempt: r.attempt, redelivery: r.redelivery,
      at: new Date(started), statusCode, error, durationMs: Date.now() - started,
    });
    return { outcome: error ? 'failed' : 'delivered', statusCode };
  }

  /**
   * One attempt of a delivery workflow: reads the delivery, its endpoint and entry; `gone` when either
   * was removed, or the API key that registered the endpoint was revoked or rotated since (or API
   * access turned off): a queued delivery never reaches a channel its key no longer vouches for.
   */
  async function attempt(q: { deliveryId: string; attempt: number; redelivery: string | null; workflowId: string; timeoutMs: number }): Promise<{ outcome: AttemptOutcome; statusCode: number | null }> {
    const d = await deps.deliveries.get(q.deliveryId);
    const endpoint = d ? await deps.endpoints.byId(d.endpointId) : null;
    if (!d || !endpoint || !(await deps.endpoints.receives(endpoint))) return { outcome: 'gone', statusCode: null };
    const event = await deps.feed.at(d.sellerId, d.position);
    if (!event) return { outcome: 'gone', statusCode: null };
    // Every redelivery of a delivery runs under one workflow id; its request names its own series of attempts.
    const series = q.redelivery ? webhookRedeliveryWorkflowId(q.deliveryId, q.redelivery) : q.workflowId;
    return post({ delivery: d, endpoint, event, attemptId: `${series}#${q.attempt}`, attempt: q.attempt, redelivery: q.redelivery, timeoutMs: q.timeoutMs });
  }

  return { post, attempt };
}
