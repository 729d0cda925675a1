/**
 * API v1 edges an outside fuzzer found (issue 27, finding 9) and schemathesis cannot reach on its
 * own: ids checked by their format, NUL and lone surrogates (sent as raw JSON `\ud800` escapes,
 * which schemathesis cannot generate) refused with a field error everywhere, and the reused
 * Idempotency-Key answered as draft-ietf-httpapi-idempotency-key-header gives it (422 for another
 * request, 409 while the first still runs), as the OpenAPI document says.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '../../domain/api-keys.js';
import { HIDDEN_CHARACTERS } from '../../domain/messages.js';
import { IDEMPOTENCY_COLLECTION } from '../../api/v1/idempotency.js';
import { startApiWorld, type ApiWorld } from '../support/api-v1.js';
import { submission } from '../support/comfort.js';
import { wordsOf } from '../support/error-fields.js';

type Body = Record<string, any>;
type Seller = Awaited<ReturnType<ApiWorld['apiSeller']>>;

/** A POST whose body is JSON text as written (so `\ud800` reaches the server as that escape). */
const rawPost = async (w: ApiWorld, s: Seller, path: string, jsonText: string) => {
  const res = await fetch(`${w.app.url}/api/v1${path}`, {
    method: 'POST', body: jsonText,
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  });
  return { status: res.status, body: (await res.json()) as Body };
};

describe('API v1 contract edges', () => {
  let w: ApiWorld;
  let s: Seller;
  beforeAll(async () => {
    w = await startApiWorld();
    s = await w.apiSeller([...API_SCOPES]);
    await w.wallets.apply({ sellerId: s.sellerId, opId: 'seed:contract', kind: 'player_freeze_released', delta: { available: 100_000 }, ref: 'contract' });
  });
  afterAll(async () => { await w?.close(); });

  it('refuses a withdrawal id holding NUL with a field error (it answered 500), and nothing changes', async () => {
    const code = (await (await s.call('/withdrawals/code', { body: { amountCents: 3000, email: s.email }, idem: randomUUID() })).json()) as Body;
    for (const withdrawalId of [`${code.withdrawalId.slice(0, -1)}\u0000`, 'a\u0000b', '\u0000']) {
      const res = await s.call('/withdrawals', { body: { withdrawalId, code: '123456' }, idem: randomUUID() });
      const body = (await res.json()) as Body;
      expect(res.status, JSON.stringify(withdrawalId)).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(wordsOf(body.error.fields)).toEqual([{ field: 'withdrawalId', message: HIDDEN_CHARACTERS }]);
    }
    // Not in the withdrawal id format: refused by its schema, naming the field.
    const short = (await (await s.call('/withdrawals', { body: { withdrawalId: 'abc', code: '123456' }, idem: randomUUID() })).json()) as Body;
    expect(short.error).toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ field: 'withdrawalId' })] });
    expect((await (await s.call('/withdrawals')).json()).items).toEqual([]);
    expect((await (await s.call('/balance')).json()).wallet.available).toBe(100_000);
  });

  it('refuses NUL and lone surrogates in every body, query and path with a field error; a paired surrogate is text like any other', async () => {
    const resubmit = `/comfort-runs/${'0'.repeat(24)}/resubmit`;
    // Each POST body with one free-text (or id) field holding the bad text; `$` marks where it goes.
    const bodies: [path: string, template: Body, field: string][] = [
      ['/comfort-runs', { ...submission(), password: '$' }, 'password'],
      ['/comfort-batches', { runs: [{ ...submission(), password: '$' }] }, 'runs.0.password'],
      [resubmit, { password: '$' }, 'password'],
      ['/webhooks', { url: 'https://hooks.example.com/contract', description: '$' }, 'description'],
      ['/withdrawals/code', { amountCents: 3000, email: '$' }, 'email'],
      ['/withdrawals', { withdrawalId: '$', code: '123456' }, 'withdrawalId'],
    ];
    // As JSON escapes in the text sent: NUL, a high and a low surrogate alone.
    for (const bad of ['a\\u0000b', '\\ud800', 'x\\udc00y', '\\ude00\\ud83d']) {
      for (const [path, template, field] of bodies) {
        const text = JSON.stringify(template).replace('"$"', `"${bad}"`);
        const r = await rawPost(w, s, path, text);
        expect(r.status, `${path} ${bad}`).toBe(400);
        expect(r.body.error.code, `${path} ${bad}`).toBe('validation_failed');
        expect(wordsOf(r.body.error.fields), `${path} ${bad}`).toEqual([{ field, message: HIDDEN_CHARACTERS }]);
      }
    }
    // In the path and the query (percent-encoded NUL), a query parameter's name included.
    for (const [path, field] of [['/ledger?%00=1', '\\u0000'], ['/comfort-runs/%00', 'runId'], [`/withdrawals/${'0'.repeat(23)}%00`, 'withdrawalId'], ['/webhooks/whe_%00', 'endpointId'], ['/comfort-runs?cursor=1.a%00', 'cursor'], ['/ledger?cursor=%00', 'cursor']] as const) {
      const res = await s.call(path);
      const body = (await res.json()) as Body;
      expect(res.status, path).toBe(400);
      expect(wordsOf(body.error.fields), path).toEqual([{ field, message: HIDDEN_CHARACTERS }]);
    }
    // Nothing was made by any of them.
    expect((await (await s.call('/comfort-runs')).json()).items).toEqual([]);
    expect((await (await s.call('/webhooks')).json()).endpoints).toEqual([]);
    expect((await (await s.call('/withdrawals')).json()).items).toEqual([]);

    // A property the document does not declare is never read: left free, as the document leaves it.
    const extra = await rawPost(w, s, '/webhooks', '{"url":"https://hooks.example.com/extra","note\\u0000":"\\ud800"}');
    expect(extra.status).toBe(201);
    await s.call(`/webhooks/${extra.body.endpoint.id}`, { method: 'DELETE' });
    // A pair (an emoji as two escapes) is well-formed text, kept as sent.
    const made = await rawPost(w, s, '/webhooks', '{"url":"https://hooks.example.com/pair","description":"ok \\ud83d\\udca5"}');
    expect(made.status).toBe(201);
    expect(made.body.endpoint.description).toBe('ok 💥');
    await s.call(`/webhooks/${made.body.endpoint.id}`, { method: 'DELETE' });
  });

  it('checks every id by its format: a malformed one is a 400 naming it, a well-formed unknown one a 404', async () => {
    const cases: [path: string, field: string][] = [
      ['/comfort-runs/unknown-run', 'runId'], [`/comfort-runs/${'A'.repeat(24)}`, 'runId'],
      ['/withdrawals/nope', 'withdrawalId'], ['/webhooks/whe_x', 'endpointId'], ['/webhooks/endpoint-1', 'endpointId'],
      [`/webhooks/whe_${'a'.repeat(16)}/deliveries/whe_${'a'.repeat(16)}.x`, 'deliveryId'],
    ];
    for (const [path, field] of cases) {
      const body = (await (await s.call(path)).json()) as Body;
      expect(body.error, path).toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ field })] });
    }
    for (const path of [`/comfort-runs/${'0'.repeat(24)}`, `/withdrawals/${'f'.repeat(24)}`, `/webhooks/whe_${'a'.repeat(16)}`, `/webhooks/whe_${'a'.repeat(16)}/deliveries/whe_${'a'.repeat(16)}.7`]) {
      expect((await s.call(path)).status, path).toBe(404);
    }
  });

  it('answers the same Idempotency-Key with another request 422 (the draft\'s status), nothing done twice', async () => {
    const idem = randomUUID();
    const first = await s.call('/webhooks', { body: { url: 'https://hooks.example.com/idem-a' }, idem });
    expect(first.status).toBe(201);
    const other = await s.call('/webhooks', { body: { url: 'https://hooks.example.com/idem-b' }, idem });
    expect(other.status).toBe(422);
    const otherBody = (await other.json()) as Body;
    expect(otherBody.error.code).toBe('idempotency_key_reused');
    expect(wordsOf(otherBody.error.fields)).toEqual([{ field: 'Idempotency-Key', message: 'Already used for another request' }]);
    // Another operation under the same key is another request too.
    expect((await s.call('/withdrawals/code', { body: { amountCents: 3000, email: s.email }, idem })).status).toBe(422);
    const urls = ((await (await s.call('/webhooks')).json()).endpoints as Body[]).map((e) => e.url);
    expect(urls.filter((u) => u.includes('idem-'))).toEqual(['https://hooks.example.com/idem-a']);
  });

  it('answers the same Idempotency-Key while the first request still runs 409 (the draft\'s status), nothing done twice', async () => {
    // The first request's claim as it is while that request still runs (its answer not yet kept).
    const running = randomUUID();
    const claimed = await s.call('/webhooks', { body: { url: 'https://hooks.example.com/idem-c' }, idem: running });
    expect(claimed.status).toBe(201);
    await w.app.db.db!.collection(IDEMPOTENCY_COLLECTION).updateOne({ _id: `${s.sellerId}:${running}` as never }, { $set: { state: 'pending', pendingUntil: new Date(Date.now() + 60_000) } });
    const again = await s.call('/webhooks', { body: { url: 'https://hooks.example.com/idem-c' }, idem: running });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).error).toMatchObject({ code: 'idempotency_in_progress', data: { retryAt: expect.any(Number) } });
    const urls = ((await (await s.call('/webhooks')).json()).endpoints as Body[]).map((e) => e.url);
    expect(urls.filter((u) => u.endsWith('/idem-c'))).toEqual(['https://hooks.example.com/idem-c']);
  });

  it('documents 422 and 409 with the error schema on every operation that takes Idempotency-Key', async () => {
    const doc = (await (await fetch(`${w.app.url}/api/v1/openapi.json`)).json()) as Body;
    const ops = Object.values(doc.paths as Record<string, Record<string, Body>>).flatMap((m) => Object.entries(m).map(([method, op]): Body => ({ ...op, method })));
    const withKey = ops.filter((op) => op.parameters.some((p: Body) => p.in === 'header' && p.name === 'Idempotency-Key'));
    // Every POST takes the header (docs/api.md, Idempotency).
    expect(withKey.map((op) => op.operationId).sort()).toEqual(ops.filter((op) => op.method === 'post').map((op) => op.operationId).sort());
    const errorRef = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    for (const op of withKey) {
      expect(op.responses['422'], op.operationId).toEqual({ description: expect.stringContaining('idempotency_key_reused'), content: errorRef });
      expect(op.responses['409'], op.operationId).toEqual({ description: expect.stringContaining('idempotency_in_progress'), content: errorRef });
    }
    for (const op of ops.filter((o) => !withKey.includes(o))) expect(op.responses['422'], op.operationId).toBeUndefined();
  });
});
