import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { countdownWorkflowId } from '../../domain/countdown.js';
import { SA } from '../../domain/search-attributes.js';
import { connectTemporal } from '../../infra/temporal.js';
import { eventually, startTestWorker, testDatabase, uniqueQueue } from '../support/servers.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testKeyRing } from '../support/secrets.js';
import { PROCESS_STATUS_COLLECTION } from '../support/workflows/countdown-activities.js';

interface JsonPayload { metadata?: Record<string, string>; data?: string }

/** Every payload of a history in Temporal's JSON form (inputs, results, signals, activity I/O). */
function payloadsOf(node: unknown, out: JsonPayload[] = []): JsonPayload[] {
  if (Array.isArray(node)) node.forEach((n) => payloadsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'payloads' && Array.isArray(v)) out.push(...(v as JsonPayload[]));
      else payloadsOf(v, out);
    }
  }
  return out;
}
const b64 = (s: string) => Buffer.from(s).toString('base64');
const unb64 = (s = '') => Buffer.from(s, 'base64').toString('utf8');

describe('nothing in workflow history is plain text', () => {
  const TOKEN = randomBytes(24).toString('hex');
  const UI = 'http://127.0.0.1:18233';
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let app: TestApp;
  // Marker values a seller might send: none may appear in clear anywhere in history.
  const sellerId = `seller-marker-${randomBytes(6).toString('hex')}`;
  const id = `codec-${randomBytes(4).toString('hex')}`;
  let historyJson = '';

  beforeAll(async () => {
    database = await testDatabase('codec');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    app = await startTestApp(undefined, { codec: { authToken: TOKEN, uiOrigin: UI } });
    const queue = uniqueQueue('codec');
    const w = await startTestWorker(database.db, queue);
    try {
      // Search attributes are indexed in clear by design (support lists runs by them): none carry the marker here.
      const handle = await temporal.client.workflow.start('countdownWorkflow', {
        taskQueue: queue, workflowId: countdownWorkflowId(id), args: [{ id, sellerId, durationMs: 60_000 }],
        typedSearchAttributes: [{ key: SA.kind, value: 'countdown' }, { key: SA.status, value: 'running' }],
      });
      await eventually(() => database.db.db!.collection(PROCESS_STATUS_COLLECTION).findOne({ _id: countdownWorkflowId(id) as never }), 15_000, 'running status');
      await handle.signal('finish', { outcome: 'bought' });
      // The workflow and its activities did read the encrypted input: the status carries the seller.
      expect(await handle.result()).toMatchObject({ state: 'finished', outcome: 'bought' });
      const doc = await database.db.db!.collection(PROCESS_STATUS_COLLECTION).findOne({ _id: countdownWorkflowId(id) as never });
      expect(doc?.sellerId ?? doc?.status?.sellerId).toBe(sellerId);
    } finally {
      await w.shutdown();
    }
    // Fetched raw: a client without the codec sees what the Temporal server stores.
    const raw = new Client({ connection: temporal.connection });
    historyJson = historyToJSON(await raw.workflow.getHandle(countdownWorkflowId(id)).fetchHistory());
  });
  afterAll(async () => {
    await app?.close();
    await temporal?.connection.close();
    await database?.drop();
  });

  it('stores every payload encrypted: the seller id and signal appear in no form', () => {
    const payloads = payloadsOf(JSON.parse(historyJson));
    expect(payloads.length).toBeGreaterThanOrEqual(4); // input, activity inputs and results, signal, result
    for (const p of payloads) {
      expect(unb64(p.metadata?.encoding)).toBe('binary/encrypted');
      expect(unb64(p.metadata?.['encryption-key-id'])).toBe('test1');
      expect(unb64(p.data)).not.toContain(sellerId);
      expect(unb64(p.data)).not.toContain('bought');
    }
    expect(historyJson).not.toContain(sellerId);
    expect(historyJson).not.toContain(b64(JSON.stringify(sellerId)).slice(0, 20));
    expect(historyJson).not.toContain('bought');
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('decodes through the codec endpoint for support with the token', async () => {
    const payloads = payloadsOf(JSON.parse(historyJson));
    const res = await post('/codec/decode', { payloads }, { authorization: `Bearer ${TOKEN}`, 'x-namespace': 'default' });
    expect(res.status).toBe(200);
    const decoded = (await res.json()) as { payloads: JsonPayload[] };
    expect(decoded.payloads).toHaveLength(payloads.length);
    expect(unb64(decoded.payloads[0].metadata?.encoding)).toBe('json/plain');
    const clear = decoded.payloads.map((p) => unb64(p.data)).join('\n');
    expect(clear).toContain(sellerId);
    expect(clear).toContain('"outcome":"bought"');

    // The Temporal UI form: token as the endpoint's path segment, from the UI origin (CORS answered).
    const ui = await post(`/codec/${TOKEN}/decode`, { payloads: payloads.slice(0, 1) }, { origin: UI });
    expect(ui.status).toBe(200);
    expect(ui.headers.get('access-control-allow-origin')).toBe(UI);
    expect(unb64(((await ui.json()) as { payloads: JsonPayload[] }).payloads[0].data)).toContain(sellerId);
  });

  it('encodes through the endpoint, and a payload never encrypted passes unchanged', async () => {
    const plain = { metadata: { encoding: b64('json/plain') }, data: b64('{"note":"support typed this"}') };
    const enc = await post('/codec/encode', { payloads: [plain] }, { authorization: `Bearer ${TOKEN}` });
    const sealed = ((await enc.json()) as { payloads: JsonPayload[] }).payloads[0];
    expect(unb64(sealed.data)).not.toContain('support typed this');
    const dec = await post('/codec/decode', { payloads: [sealed, plain] }, { authorization: `Bearer ${TOKEN}` });
    expect(((await dec.json()) as { payloads: JsonPayload[] }).payloads).toEqual([plain, plain]);
  });

  it('refuses a request without the token, with a wrong one, from another origin or namespace', async () => {
    const payloads = payloadsOf(JSON.parse(historyJson)).slice(0, 1);
    const none = await post('/codec/decode', { payloads });
    expect(none.status).toBe(401);
    expect(JSON.stringify(await none.json())).not.toContain(sellerId);
    expect((await post('/codec/decode', { payloads }, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post('/codec/wrong-token/decode', { payloads }, { origin: UI })).status).toBe(401);
    const evil = await post('/codec/decode', { payloads }, { authorization: `Bearer ${TOKEN}`, origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await post('/codec/decode', { payloads }, { authorization: `Bearer ${TOKEN}`, 'x-namespace': 'other' })).status).toBe(403);
    expect((await post('/codec/decode', { nope: 1 }, { authorization: `Bearer ${TOKEN}` })).status).toBe(400);
  });

  it('answers the browser preflight for the UI origin only', async () => {
    const pre = (origin: string) => fetch(`${app.url}/codec/decode`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-namespace' } });
    const ok = await pre(UI);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(UI);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/X-Namespace/i);
    expect((await pre('http://evil.example')).status).toBe(403);
  });
});
