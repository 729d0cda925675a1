/**
 * A local push service standing in for the browser vendors' (FCM is out of reach here). It plays the
 * push service's part of RFC 8030/8292/8291 with libraries we did not write: each POST to a
 * subscription's endpoint must carry a VAPID JWT (`Authorization: vapid t=…, k=…`) that `jose`
 * verifies as ES256 under the key `k`, whose audience is this origin, that expires within 24 hours and
 * names a mailto:/https: subject, and whose key is the one the subscription was made with; the body is
 * decrypted by `http_ece` (aes128gcm) with the subscription's private key and auth secret, which only
 * this service and the test hold. What it accepts is handed to `onPush` (the browser test delivers it
 * to the real service worker through CDP). A test can make an endpoint answer 410 or 500.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
// http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) → Buffer.
import ece from 'http_ece';

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  text: string;
  headers: IncomingMessage['headers'];
  claims: Record<string, unknown>;
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The VAPID key it was made with (what PushManager.subscribe got as applicationServerKey). */
  applicationServerKey: string;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  refused: { subscriptionId: string; status: number; reason: string }[];
  /** A new subscription on this service, as a browser would make it for `applicationServerKey`. */
  subscribe(applicationServerKey: string): TestSubscription;
  /** From now on this subscription's endpoint answers `status` (410: the browser dropped it; 500: an outage). */
  answer(subscriptionId: string, status: number): void;
  onPush: ((p: ReceivedPush) => Promise<void> | void) | null;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

export async function startPushService(): Promise<PushServiceStandIn> {
  const subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; applicationServerKey: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: PushServiceStandIn['refused'] = [];
  let origin = '';

  async function accept(id: string, req: IncomingMessage, body: Buffer): Promise<{ status: number; reason?: string; push?: ReceivedPush }> {
    const sub = subs.get(id);
    if (!sub) return { status: 404, reason: 'no such subscription' };
    const forced = answers.get(id);
    if (forced) return { status: forced, reason: 'answer set by the test' };
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return { status: 401, reason: 'no VAPID authorization' };
    const [, token, k] = auth;
    if (k !== sub.applicationServerKey) return { status: 403, reason: 'VAPID key is not the subscription\'s' };
    const point = Buffer.from(k, 'base64url');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, 'ES256');
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin })).payload as Record<string, unknown>;
    } catch (err) {
      return { status: 403, reason: `VAPID JWT refused: ${(err as Error).message}` };
    }
    if (typeof claims.exp !== 'number' || claims.exp > Date.now() / 1000 + 24 * 3600) return { status: 403, reason: 'VAPID JWT expires too late' };
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { status: 403, reason: 'VAPID subject is not mailto:/https:' };
    if (req.headers['content-encoding'] !== 'aes128gcm') return { status: 415, reason: 'not aes128gcm' };
    if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) return { status: 400, reason: 'no TTL' };
    let text: string;
    try {
      text = (ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64u(sub.auth) }) as Buffer).toString('utf8');
    } catch (err) {
      return { status: 400, reason: `cannot decrypt: ${(err as Error).message}` };
    }
    return { status: 201, push: { subscriptionId: id, payload: JSON.parse(text) as Record<string, unknown>, text, headers: req.headers, claims } };
  }

  const service: PushServiceStandIn = {
    origin: '', received, refused, onPush: null,
    subscribe(applicationServerKey) {
      const id = randomBytes(12).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, applicationServerKey });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) }, applicationServerKey };
    },
    answer(id, status) {
      answers.set(id, status);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1];
      void (async () => {
        const r = req.method === 'POST' && id ? await accept(id, req, Buffer.concat(chunks)) : { status: 404, reason: 'not a push endpoint' };
        if (r.push) {
          received.push(r.push);
          await service.onPush?.(r.push);
        } else if (id) {
          refused.push({ subscriptionId: id, status: r.status, reason: r.reason ?? '' });
        }
        res.writeHead(r.status, r.push ? { Location: `${origin}/message/${randomBytes(6).toString('hex')}` } : {}).end();
      })().catch((err) => { res.writeHead(500).end(String(err)); });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.origin = origin;
  return service;
}
