/**
 * A complete webhook receiver for Coin Market events (docs/api-events.md, "Webhooks"). Standalone:
 * only Node's own modules. Run it with
 *
 *   WEBHOOK_SECRET=whsec_… PORT=8080 npx tsx examples/webhook-receiver.ts
 *
 * After rotating the secret, deliveries carry a signature with the new and with the old secret for
 * 24 hours, so either works; WEBHOOK_SECRET may also list both (`whsec_new,whsec_old`) while you switch.
 *
 * It checks each request's signature and timestamp (refusing replays older than five minutes),
 * processes each delivery id once, and answers 2xx only after processing, so anything else is
 * delivered again later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';

/** How far a signature's timestamp may be from the receiver's clock. */
export const TOLERANCE_SECONDS = 300;

/**
 * The documented check: split `Coin-Market-Signature` into `t` and `v1` parts, refuse a `t` more than
 * the tolerance away from now, compute HMAC-SHA256 with the endpoint's secret over `"<t>.<raw body>"`
 * (the exact bytes received, before any JSON parsing) as lower-case hex, and compare in constant time
 * with every `v1` (there are two during a secret rotation). Several secrets: any one may match.
 */
export function verifySignature(secret: string | readonly string[], header: string | undefined, rawBody: string, nowMs = Date.now(), toleranceSeconds = TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds) return false;
  return (typeof secret === 'string' ? [secret] : secret).some((s) => {
    const expected = Buffer.from(createHmac('sha256', s).update(`${t}.${rawBody}`).digest('hex'));
    return parts.some(([k, v]) => k === 'v1' && v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
  });
}

/** What a delivery carries. */
export interface Delivery {
  deliveryId: string;
  sellerId: string;
  /** The event's position in your feed (the same as on status sockets). */
  position: number;
  type: 'comfort-run:updated' | 'withdrawal:updated' | 'purchase:updated';
  subject: string;
  at: string;
  data: Record<string, unknown> & { version: number };
}

/**
 * A receiver: verifies, then hands each delivery id to `process` once. Keep the processed ids where
 * your data is (a unique key in your database, written in the same transaction as the effect);
 * this example keeps them in memory.
 */
export function createReceiver(opts: { secret: string | readonly string[]; process(d: Delivery): Promise<void> | void; processed?: Set<string> }): Server {
  const processed = opts.processed ?? new Set<string>();
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || !verifySignature(opts.secret, req.headers['coin-market-signature'] as string | undefined, raw)) {
      res.writeHead(401).end();
      return;
    }
    const delivery = JSON.parse(raw) as Delivery;
    // The header and the signed body name the same delivery; the body's is covered by the signature.
    if (!processed.has(delivery.deliveryId)) {
      try {
        await opts.process(delivery);
      } catch {
        res.writeHead(500).end();
        return;
      }
      processed.add(delivery.deliveryId);
    }
    res.writeHead(204).end();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secret = process.env.WEBHOOK_SECRET?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!secret?.length) throw new Error('set WEBHOOK_SECRET to the secret shown when you registered the endpoint');
  const server = createReceiver({
    secret,
    process: (d) => console.log(`#${d.position} ${d.type} ${d.subject}`, JSON.stringify(d.data)),
  });
  server.listen(Number(process.env.PORT ?? 8080), () => console.log(`receiving on port ${process.env.PORT ?? 8080}`));
}
