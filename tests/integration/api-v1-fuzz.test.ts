/**
 * Schema-driven fuzzing of every operation in /api/v1/openapi.json (our own generator, next to
 * schemathesis in api-v1-schemathesis.test.ts: this one counts the database after every refusal,
 * which an outside tool cannot): valid and broken inputs from each operation's own
 * schemas, with good, missing and under-scoped keys. Every answer is below 500 and, when refused,
 * in the one error format; a refused request changes no business data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createProvenSeller } from '../support/proven.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { API_SCOPES } from '../../domain/api-keys.js';
import { uniqueQueue } from '../support/servers.js';
import { seededRandom as rng } from '../../infra/simulator/seeded-random.js';

type Schema = Record<string, any>;
const CASES_PER_OPERATION = 16;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);


const JUNK: unknown[] = ['', ' ', 'null', '0', '-1', '1e309', '💥'.repeat(30), '<script>', '{"$gt":""}', 'a'.repeat(5000), -1, 0, 2 ** 53, 1.5, true, null, [], {}, { $ne: null }, ['x']];

function generator(random: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  /** A value the schema accepts (mostly): enums, bounds, required properties. */
  const valid = (s: Schema): unknown => {
    if (s.enum) return pick(s.enum);
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    switch (type) {
      case 'integer': return int(s.minimum ?? 0, Math.min(s.maximum ?? 1_000_000, (s.minimum ?? 0) + 1_000_000));
      case 'number': return random() * 1000;
      case 'boolean': return random() < 0.5;
      case 'array': return Array.from({ length: int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)) }, () => valid(s.items ?? {}));
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, sub] of Object.entries<Schema>(s.properties ?? {})) if ((s.required ?? []).includes(k) || random() < 0.6) out[k] = valid(sub);
        return out;
      }
      case 'string': {
        // Webhook URLs are documented by a pattern that starts with the scheme.
        if (s.format === 'uri' || s.pattern?.startsWith('^https')) return `https://hooks.example.com/${Math.floor(random() * 1e9).toString(36)}`;
        if (s.pattern) return Math.random().toString(36).slice(2, 2 + Math.max(1, Math.min(s.maxLength ?? 12, 12)));
        const len = int(s.minLength ?? 0, Math.min(s.maxLength ?? 20, 20));
        return Array.from({ length: len }, () => pick('abcXYZ019 @.-_'.split(''))).join('');
      }
      default: return pick(JUNK);
    }
  };

  /** The valid value with one thing broken: a wrong type, a missing required field, junk, out of range. */
  const broken = (s: Schema): unknown => {
    const v = valid(s);
    if (v && typeof v === 'object' && !Array.isArray(v) && s.properties) {
      const o = { ...(v as Record<string, unknown>) };
      const keys = Object.keys(s.properties);
      const k = pick(keys);
      const r = random();
      if (r < 0.3) delete o[k];
      else if (r < 0.8) o[k] = random() < 0.5 ? pick(JUNK) : broken(s.properties[k]);
      else o[`extra_${int(0, 9)}`] = pick(JUNK);
      return o;
    }
    if (Array.isArray(v)) return random() < 0.5 ? Array.from({ length: (s.maxItems ?? 3) + 1 }, () => valid(s.items ?? {})) : [pick(JUNK)];
    if (typeof v === 'number') return pick([(s.minimum ?? 0) - 1, (s.maximum ?? 2 ** 31) + 1, 'abc', 1.5]);
    return pick(JUNK);
  };
  return { valid, broken, pick, random };
}

describe('API v1 fuzzed from its own OpenAPI document', () => {
  let app: TestApp;
  let full: string;
  let readOnly: string;
  beforeAll(async () => {
    // Its own task queue with no worker: accepted runs and withdrawals start and wait, nothing else moves.
    const taskQueue = uniqueQueue('fuzz');
    // A per-key limit above the run's request count: at the default 120 a minute the later operations were answered 429 before reaching their handlers.
    app = await startTestApp(undefined, { playerTrade: { taskQueue }, withdrawals: { taskQueue }, accounts: { limits: { resendWaitSeconds: 0 } }, apiV1: { rateLimit: { max: 100_000, windowSeconds: 60 } } });
    const keys = await ApiKeys.open(app.db.db!);
    const seller = await createProvenSeller(app);
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'fuzz');
    full = (await keys.issueKey(seller.sellerId, { name: 'all', scopes: [...API_SCOPES] })).secret;
    readOnly = (await keys.issueKey(seller.sellerId, { name: 'read', scopes: ['read'] })).secret;
  });
  afterAll(async () => { await app?.close(); });

  /** What a request may change: business data only (not rate counters, last-use times or kept idempotent answers). */
  const state = async () => {
    const db = app.db.db!;
    const names = ['comfort_runs', 'comfort_run_events', 'comfort_account_locks', 'secrets', 'withdrawal_drafts', 'withdrawals', 'wallet_ledger', 'events', 'api_keys', 'api_access', 'webhook_endpoints', 'webhook_secret_rotations', 'webhook_deliveries'];
    const counts = await Promise.all(names.map(async (n) => [n, await db.collection(n).countDocuments({})] as const));
    // Removing or rotating changes an endpoint without adding a document.
    const endpoints = await db.collection('webhook_endpoints').find({}, { projection: { removedAt: 1, generation: 1, secretRef: 1 } }).sort({ _id: 1 }).toArray();
    return { ...Object.fromEntries(counts), endpoints };
  };

  it(`answers every operation below 500, refusals in the one error format and changing nothing (seed ${SEED})`, async () => {
    const doc = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Schema>> };
    const g = generator(rng(SEED));
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<string, number[]> = {};
    // Ids answered so far, by the path parameter they fill (`endpoint.id` → endpointId, `runId` → runId), so later operations also meet real objects.
    const known: Record<string, string[]> = {};
    const harvest = (v: unknown, parent = ''): void => {
      if (Array.isArray(v)) return v.forEach((x) => harvest(x, parent));
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && (k.endsWith('Id') || (k === 'id' && parent))) (known[k === 'id' ? `${parent}Id` : k] ??= []).push(x);
        else harvest(x, k);
      }
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (let i = 0; i < CASES_PER_OPERATION; i++) {
          const mutate = g.random() < 0.6;
          let url = path;
          const query = new URLSearchParams();
          const headers: Record<string, string> = {};
          for (const p of op.parameters as { name: string; in: string; required: boolean; schema: Schema }[]) {
            const value = mutate && g.random() < 0.3 ? g.broken(p.schema) : g.valid(p.schema);
            if (!p.required && g.random() < 0.4) continue;
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(known[p.name]?.length && g.random() < 0.5 ? g.pick(known[p.name]!) : value)));
            else if (p.in === 'query') query.set(p.name, String(value));
            else if (p.in === 'header') {
              if (mutate && g.random() < 0.2) continue; // a missing Idempotency-Key
              headers[p.name] = p.name === 'Idempotency-Key' && !mutate ? randomUUID() : String(value).replace(/[^\x21-\x7e]/g, '') || 'k';
            }
          }
          const auth = g.random();
          if (auth < 0.75) headers.authorization = `Bearer ${full}`;
          else if (auth < 0.85) headers.authorization = `Bearer ${readOnly}`;
          else if (auth < 0.95) headers.authorization = `Bearer ${g.pick(['cmk_0000000000000000_' + 'A'.repeat(43), 'nonsense', full.slice(0, -2)])}`;
          const schema = op.requestBody?.content['application/json'].schema as Schema | undefined;
          let body: string | undefined;
          if (schema) {
            headers['content-type'] = 'application/json';
            body = g.random() < 0.05 ? '{not json' : JSON.stringify(mutate ? g.broken(schema) : g.valid(schema));
          }
          const before = await state();
          const target = `${app.url}${url}${query.size ? `?${query}` : ''}`;
          const res = await fetch(target, { method: method.toUpperCase(), headers, body });
          requests++;
          (statuses[op.operationId as string] ??= []).push(res.status);
          const text = await res.text();
          const where = `${method.toUpperCase()} ${url}${query.size ? `?${query}` : ''} body=${(body ?? '').slice(0, 200)} -> ${res.status} ${text.slice(0, 200)}`;
          if (res.status >= 500) failures.push(`5xx: ${where}`);
          if (res.status < 300) { try { harvest(JSON.parse(text)); } catch { /* an empty answer */ } }
          if (res.status >= 400) {
            let parsed: any = null;
            try { parsed = JSON.parse(text); } catch { /* reported below */ }
            const e = parsed?.error;
            if (!e || typeof e.code !== 'string' || typeof e.message !== 'string' || !Array.isArray(e.fields)) failures.push(`error format: ${where}`);
            const after = await state();
            if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`changed ${JSON.stringify(before)} -> ${JSON.stringify(after)}: ${where}`);
          }
        }
      }
    }
    const operations = Object.values(doc.paths).flatMap((m) => Object.values(m).map((o) => o.operationId as string));
    expect(operations.length).toBeGreaterThanOrEqual(21);
    expect(requests).toBe(operations.length * CASES_PER_OPERATION);
    // The webhook operations are in the document, so they are fuzzed like the rest; registration gets through with generated URLs.
    for (const id of ['listWebhookEndpoints', 'registerWebhookEndpoint', 'getWebhookEndpoint', 'removeWebhookEndpoint', 'rotateWebhookSecret', 'listWebhookDeliveries', 'getWebhookDelivery', 'redeliverWebhook']) {
      expect(statuses[id], id).toHaveLength(CASES_PER_OPERATION);
    }
    expect(statuses.registerWebhookEndpoint).toContain(201);
    // Every case reached its operation's checks (none stopped at the rate limit).
    expect(Object.values(statuses).flat()).not.toContain(429);
    expect(failures).toEqual([]);
  });
});
