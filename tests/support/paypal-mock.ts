/**
 * PayPal's Payouts API for tests, as a server we did not write: Stoplight Prism mocking PayPal's own
 * OpenAPI document (tests/contracts/paypal/payments_payouts_batch_v1.json) with `--errors`, so every
 * request that does not match PayPal's schema (body, headers, the bearer token) is an error answer.
 * In front of it, a small recording proxy of ours does the three things a stateless mock cannot, each
 * as PayPal's document says: the OAuth2 token endpoint (not part of that document), the memory of
 * sender_batch_ids (a reused one is refused with a link to the original batch), and the item's
 * outcome a test chose (PayPal's document has no examples, so prism's answer is taken and the batch id,
 * sender_batch_id, `transaction_status` and `errors.name` are set on it). Every answer the proxy
 * changed is checked against the document's own schema again; every request is recorded.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { freePort } from './processes.js';

const SPEC = join(dirname(fileURLToPath(import.meta.url)), '../contracts/paypal/payments_payouts_batch_v1.json');
/** PayPal's webhooks document: the verify-webhook-signature call is checked against it. */
const WEBHOOKS_SPEC = join(dirname(fileURLToPath(import.meta.url)), '../contracts/paypal/notifications_webhooks_v1.json');

export interface PaypalOutcome { status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNCLAIMED' | 'RETURNED' | 'ONHOLD' | 'BLOCKED' | 'REFUNDED' | 'REVERSED'; error?: string }
export interface RecordedCall { method: string; path: string; status: number; senderBatchId?: string; authorized: boolean }

/** The devDependency's CLI; PRISM_CLI names another install of it (a tree whose node_modules predates it). */
function prismCli(): string {
  if (process.env.PRISM_CLI) return process.env.PRISM_CLI;
  const pkg = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  const bin = (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin.prism!;
  return join(dirname(pkg), bin);
}

const body = (req: IncomingMessage): Promise<Buffer> => new Promise((resolve, reject) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
});

/** Prism mocking one of PayPal's documents, static and validating, on a port of its own. */
async function startPrism(spec: string) {
  const port = await freePort();
  const proc = spawn(process.execPath, [prismCli(), 'mock', '--errors', '-h', '127.0.0.1', '-p', String(port), spec], {
    env: { ...process.env, SCARF_ANALYTICS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (c: Buffer) => {
      out = (out + c.toString()).slice(-20_000);
      if (out.includes('Prism is listening')) resolve();
    };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', seen);
    proc.once('exit', (code) => reject(new Error(`prism exited (${code}):\n${out}`)));
  });
  return {
    port,
    close: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startPaypalMock(creds: { clientId: string; clientSecret: string; webhookId?: string }) {
  // Prism: PayPal's documents, static answers (deterministic), requests validated, offline (pure JS from npm).
  const [prism, webhooksPrism] = await Promise.all([startPrism(SPEC), startPrism(WEBHOOKS_SPEC)]);
  const prismPort = prism.port;

  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as object;
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(spec, 'paypal');
  const schemaOf = (name: string) => ajv.getSchema(`paypal#/components/schemas/${name}`)!;
  const checks = { payout: schemaOf('payout'), payout_batch: schemaOf('payout_batch'), error: schemaOf('error') };

  const token = `A21AA-test-${Math.random().toString(36).slice(2)}`;
  const calls: RecordedCall[] = [];
  /** Requests prism refused as not matching PayPal's document, and proxy answers that would not match it. */
  const violations: string[] = [];
  const outcomes = new Map<string, PaypalOutcome>();
  const batches = new Map<string, { batchId: string; transactionId: string; senderBatchId: string; receiver: string; amount: { currency: string; value: string } }>();
  const loseFirstAnswer = new Set<string>();
  /** Receivers whose payouts PayPal refuses for our account (an error name such as INSUFFICIENT_FUNDS), until cleared. */
  const refusals = new Map<string, string>();
  const held = new Map<string, ServerResponse>();
  const waiters: { senderBatchId: string; resolve: () => void }[] = [];
  let tokenRequests = 0;
  let seq = 0;
  /** Webhook events this "PayPal" sent: transmission id -> its signature and the event's bytes. */
  const deliveries = new Map<string, { signature: string; event: string }>();
  const verifications: { transmissionId: string; verdict: 'SUCCESS' | 'FAILURE' }[] = [];

  const toPrism = async (req: IncomingMessage, raw: Buffer, prefer?: string, port = prismPort) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    if (prefer) headers.prefer = prefer;
    const res = await fetch(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, ...(raw.length ? { body: raw.toString() } : {}) });
    const text = await res.text();
    // Prism's own refusals (a request outside PayPal's document) come as problem+json.
    if ((res.headers.get('content-type') ?? '').includes('problem+json')) violations.push(`${req.method} ${req.url}: ${res.status} ${text.slice(0, 400)}`);
    return { status: res.status, type: res.headers.get('content-type') ?? 'application/json', json: (() => { try { return JSON.parse(text) as Record<string, any>; } catch { return null; } })(), text };
  };
  const answer = (res: ServerResponse, status: number, value: unknown, check?: keyof typeof checks) => {
    if (check && !checks[check](value)) violations.push(`our ${check} answer outside PayPal's document: ${ajv.errorsText(checks[check].errors)}`);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await body(req);
      const path = (req.url ?? '').split('?')[0]!;
      const authorized = req.headers.authorization === `Bearer ${token}`;
      const record = (status: number, senderBatchId?: string) => calls.push({ method: req.method!, path, status, authorized, ...(senderBatchId ? { senderBatchId } : {}) });

      if (req.method === 'POST' && path === '/v1/oauth2/token') {
        tokenRequests++;
        const basic = `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== basic || raw.toString() !== 'grant_type=client_credentials') {
          record(401);
          return answer(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        record(200);
        return answer(res, 200, { scope: 'https://uri.paypal.com/payments/payouts', access_token: token, token_type: 'Bearer', app_id: 'APP-TEST', expires_in: 32400, nonce: 'n' });
      }
      // Prism checks that a bearer token is there; PayPal checks it is the one it issued.
      if (!authorized) {
        record(401);
        return answer(res, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', debug_id: 'dbg' }, 'error');
      }

      if (req.method === 'POST' && path === '/v1/payments/payouts') {
        const asked = JSON.parse(raw.toString() || '{}') as { sender_batch_header?: { sender_batch_id?: string }; items?: { receiver: string; amount: { currency: string; value: string } }[] };
        const sbid = asked.sender_batch_header?.sender_batch_id ?? '';
        held.get(sbid)?.destroy();
        held.delete(sbid);
        const existing = batches.get(sbid);
        if (existing) {
          // PayPal: a sender_batch_id used in the last 30 days is refused, with a link to the original payout.
          const p = await toPrism(req, raw, 'code=400');
          record(p.status === 400 ? 400 : p.status, sbid);
          if (p.status !== 400) return res.writeHead(p.status, { 'content-type': p.type }).end(p.text);
          return answer(res, 400, {
            ...p.json, name: 'USER_BUSINESS_ERROR', message: 'User business error.', debug_id: `dbg${++seq}`,
            details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists: ${sbid}` }],
            links: [{ href: `${url}/v1/payments/payouts/${existing.batchId}`, rel: 'self', method: 'GET' }],
          }, 'error');
        }
        const refusal = refusals.get(asked.items?.[0]?.receiver ?? '');
        if (refusal) {
          // PayPal refuses the batch for the sender's account (`INSUFFICIENT_FUNDS`: 422, PayPal's error object).
          record(422, sbid);
          return answer(res, 422, { name: refusal, message: 'Sender does not have sufficient funds. Please add funds and retry.', debug_id: `dbg${++seq}`, information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors' }, 'error');
        }
        const p = await toPrism(req, raw);
        record(p.status, sbid);
        if (p.status !== 201 || !p.json) return res.writeHead(p.status, { 'content-type': p.type }).end(p.text);
        const batchId = `PB${String(++seq).padStart(11, '0')}`;
        batches.set(sbid, { batchId, transactionId: `TX${batchId.slice(2)}`, senderBatchId: sbid, receiver: asked.items![0]!.receiver, amount: asked.items![0]!.amount });
        const created = { ...p.json, batch_header: { ...p.json.batch_header, payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: { ...p.json.batch_header?.sender_batch_header, sender_batch_id: sbid } } };
        // PayPal took the payout; its answer is lost on the way (held until the caller asks again, then cut).
        if (loseFirstAnswer.delete(asked.items![0]!.receiver)) {
          held.set(sbid, res);
          return;
        }
        return answer(res, 201, created, 'payout');
      }

      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        // Prism checks the request against PayPal's webhooks document; PayPal's verdict is ours to give:
        // SUCCESS only for a transmission we signed, with our webhook id and the event exactly as delivered.
        const p = await toPrism(req, raw, undefined, webhooksPrism.port);
        record(p.status);
        if (p.status !== 200 || !p.json) return res.writeHead(p.status, { 'content-type': p.type }).end(p.text);
        const asked = JSON.parse(raw.toString()) as { transmission_id?: string; transmission_sig?: string; webhook_id?: string };
        const sent = deliveries.get(asked.transmission_id ?? '');
        const eventAsSent = /"webhook_event":([\s\S]*)\}$/.exec(raw.toString())?.[1];
        const genuine = !!sent && sent.signature === asked.transmission_sig && asked.webhook_id === creds.webhookId && eventAsSent === sent.event;
        verifications.push({ transmissionId: asked.transmission_id ?? '', verdict: genuine ? 'SUCCESS' : 'FAILURE' });
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ verification_status: genuine ? 'SUCCESS' : 'FAILURE' }));
      }

      const show = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && show) {
        const b = [...batches.values()].find((x) => x.batchId === show[1]);
        const p = await toPrism(req, raw, b ? undefined : 'code=404');
        record(p.status, b?.senderBatchId);
        if (!b || p.status !== 200 || !p.json) return res.writeHead(p.status, { 'content-type': p.type }).end(p.text);
        const o = outcomes.get(b.receiver) ?? { status: 'SUCCESS' };
        const item = p.json.items?.[0] ?? {};
        const { errors: _e, transaction_id: _t, ...rest } = item as Record<string, unknown>;
        const shown = {
          ...p.json, total_items: 1,
          batch_header: { ...p.json.batch_header, payout_batch_id: b.batchId, batch_status: o.status === 'PENDING' || o.status === 'ONHOLD' ? 'PROCESSING' : 'SUCCESS', sender_batch_header: { ...p.json.batch_header?.sender_batch_header, sender_batch_id: b.senderBatchId } },
          items: [{
            ...rest, payout_item_id: `PI${b.batchId.slice(2)}`, payout_batch_id: b.batchId, transaction_status: o.status,
            ...(o.status === 'SUCCESS' ? { transaction_id: b.transactionId } : {}),
            ...(o.error ? { errors: { name: o.error, message: o.error.toLowerCase().replace(/_/g, ' '), debug_id: `dbg${++seq}` } } : {}),
            payout_item: { ...(item.payout_item ?? {}), recipient_type: 'EMAIL', receiver: b.receiver, amount: b.amount },
          }],
        };
        answer(res, 200, shown, 'payout_batch');
        for (const w of waiters.filter((x) => x.senderBatchId === b.senderBatchId)) w.resolve();
        waiters.splice(0, waiters.length, ...waiters.filter((x) => x.senderBatchId !== b.senderBatchId));
        return;
      }
      const p = await toPrism(req, raw);
      record(p.status);
      res.writeHead(p.status, { 'content-type': p.type }).end(p.text);
    })().catch((err: Error) => { if (!res.headersSent) res.writeHead(500).end(err.message); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url, calls, violations,
    tokenRequests: () => tokenRequests,
    /** How the item paid to `receiver` stands from now on (SUCCESS unless set). */
    outcome: (receiver: string, o: PaypalOutcome) => { outcomes.set(receiver, o); },
    /** PayPal refuses every payout to `receiver` with `name` (for our account, e.g. INSUFFICIENT_FUNDS); null: accepts again. */
    refuseCreates: (receiver: string, name: string | null) => { if (name) refusals.set(receiver, name); else refusals.delete(receiver); },
    /** The next payout to `receiver` is taken by PayPal, but its answer never reaches the caller. */
    loseFirstAnswer: (receiver: string) => { loseFirstAnswer.add(receiver); },
    batchFor: (senderBatchId: string) => batches.get(senderBatchId),
    verifications,
    /**
     * PayPal's webhook delivery of a payout item event for the batch of `senderBatchId` (PayPal's
     * `PAYMENT.PAYOUTS-ITEM.*` shape): the headers and body PayPal would send; `forged` leaves it unsigned by us.
     */
    webhook: (senderBatchId: string, eventType: string, opts: { forged?: boolean } = {}) => {
      const b = batches.get(senderBatchId);
      const transmissionId = `tx-${randomUUID()}`;
      const event = JSON.stringify({
        id: `WH-${++seq}`, create_time: new Date().toISOString(), resource_type: 'payouts_item', event_version: '1.0', event_type: eventType,
        summary: `A payout item event: ${eventType}`, resource_version: '1.0',
        resource: { payout_item_id: `PI${b?.batchId.slice(2) ?? '0'}`, payout_batch_id: b?.batchId ?? 'PB0', transaction_status: eventType.split('.').pop(), payout_item: { recipient_type: 'EMAIL', receiver: b?.receiver, amount: b?.amount } },
        links: [],
      });
      const signature = randomUUID().replace(/-/g, '');
      if (!opts.forged) deliveries.set(transmissionId, { signature, event });
      return {
        body: event,
        headers: {
          'content-type': 'application/json', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
          'paypal-transmission-id': transmissionId, 'paypal-transmission-sig': signature, 'paypal-transmission-time': new Date().toISOString(),
        },
      };
    },
    /** Resolves when the batch of `senderBatchId` is next shown to the caller (a status read), whether or not it exists yet. */
    nextRead: (senderBatchId: string) => new Promise<void>((resolve) => { waiters.push({ senderBatchId, resolve }); }),
    close: async () => {
      for (const r of held.values()) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await Promise.all([prism.close(), webhooksPrism.close()]);
    },
  };
}
export type PaypalMock = Awaited<ReturnType<typeof startPaypalMock>>;
