/**
 * API v1 over HTTP against the real app, worker, Temporal, FerretDB, SMTP catcher and simulator:
 * every operation, key lifecycle (rotate and revoke refused at once), scopes, Idempotency-Key,
 * cursor pages, the one error format, per-key rate limits across two replicas, the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_ACCOUNT, MIN_COINS_MESSAGE } from '../../domain/comfort-trade.js';
import { SECOND_FACTOR_NOT_ASKED } from '../../domain/messages.js';
import { KEY_INVALID, KEY_REVOKED, SCOPE_MISSING } from '../../domain/api-keys.js';
import { WITHDRAWAL_SENT } from '../../domain/withdrawal.js';
import { IDEMPOTENCY_COLLECTION } from '../../api/v1/idempotency.js';
import { Purchases } from '../../infra/player-trade/purchases.js';
import { startTestApp } from '../support/app.js';
import { startApiWorld, type ApiWorld } from '../support/api-v1.js';
import { gameEmail, steerTransfer, submission } from '../support/comfort.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { eventually } from '../support/servers.js';
import { withdraw } from '../support/withdrawals.js';
import { reauthenticate } from '../support/reauth.js';

type Body = Record<string, any>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body, headers: res.headers });
const expectError = (b: Body, code: string) => {
  expect(b).toMatchObject({ error: { code, message: expect.any(String), fields: expect.any(Array) } });
};

describe('API v1 over HTTP', () => {
  let w: ApiWorld;
  beforeAll(async () => { w = await startApiWorld(); });
  afterAll(async () => { await w?.close(); });

  it('authenticates by Bearer key only; a rotated or revoked key is refused at once, in one error format', async () => {
    const s = await w.apiSeller(['read']);
    const none = await json(await fetch(`${w.app.url}/api/v1/me`));
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: { code: 'invalid_api_key', message: KEY_INVALID, fields: [] } });
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    // The browser session cookie is not a key.
    expect((await s.fetch('/api/v1/me')).status).toBe(401);

    const me = await json(await s.call('/me'));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ sellerId: s.sellerId, keyId: s.keyId, scopes: ['read'] });
    expect(Number(me.headers.get('ratelimit-limit'))).toBe(100_000);

    await reauthenticate(s); // a new secret needs the seller to confirm it is them (docs/security.md, item 25)
    const rotated = await json(await s.fetch(`/api/member/api-keys/${s.keyId}/rotate`, { method: 'POST', body: '{}' }));
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expectError((await json(await s.call('/me'))).body, 'invalid_api_key');
    expect((await s.call('/me', { key: rotated.body.secret })).status).toBe(200);

    expect((await s.fetch(`/api/member/api-keys/${s.keyId}/revoke`, { method: 'POST', body: '{}' })).status).toBe(200);
    const revoked = await json(await s.call('/me', { key: rotated.body.secret }));
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toMatchObject({ code: 'key_revoked', message: KEY_REVOKED });
    const listed = await json(await s.fetch('/api/member/api-keys'));
    expect(listed.body.keys[0]).toMatchObject({ keyId: s.keyId, revokedAt: expect.any(String), lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(rotated.body.secret.slice(21));
  });

  it('refuses an operation outside the key scopes and changes nothing', async () => {
    const s = await w.apiSeller(['read']);
    const r = await json(await s.call('/comfort-runs', { body: submission(), idem: randomUUID() }));
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'scope_missing', message: SCOPE_MISSING('trade') });
    expect((await json(await s.call('/comfort-runs'))).body.items).toEqual([]);
  });

  it('manages webhook endpoints only with the webhooks scope: a read key reads them but cannot register, remove, rotate or redeliver', async () => {
    const manager = await w.apiSeller(['read', 'webhooks']);
    const made = await json(await manager.call('/webhooks', { body: { url: 'https://hooks.example.com/scoped' }, idem: randomUUID() }));
    expect(made.status).toBe(201);
    const id = made.body.endpoint.id as string;
    const readKey = (await w.keys.issueKey(manager.sellerId, { name: 'reader', scopes: ['read'] })).secret;
    const stored = async () => w.app.db.db!.collection('webhook_endpoints').find({ sellerId: manager.sellerId }).sort({ _id: 1 }).toArray();
    const before = await stored();
    const refused = [
      await manager.call('/webhooks', { key: readKey, body: { url: 'https://hooks.example.com/other' }, idem: randomUUID() }),
      await manager.call(`/webhooks/${id}`, { key: readKey, method: 'DELETE' }),
      await manager.call(`/webhooks/${id}/rotate-secret`, { key: readKey, method: 'POST', idem: randomUUID() }),
      await manager.call(`/webhooks/${id}/deliveries/${id}.1/redeliver`, { key: readKey, method: 'POST', idem: randomUUID() }),
    ];
    for (const r of refused) {
      const b = await json(r);
      expect(b.status).toBe(403);
      expect(b.body.error).toMatchObject({ code: 'scope_missing', message: SCOPE_MISSING('webhooks') });
    }
    expect(await stored()).toEqual(before);
    // Reading stays with read.
    expect((await manager.call(`/webhooks/${id}`, { key: readKey })).status).toBe(200);
    expect((await manager.call(`/webhooks/${id}/deliveries`, { key: readKey })).status).toBe(200);
    expect((await manager.call(`/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('does what the document says: the transferTime default applied, any cursor of the documented shape paged from, undeclared methods 405 with Allow', async () => {
    const s = await w.apiSeller();
    const { transferTime: _omitted, ...body } = submission();
    const made = await json(await s.call('/comfort-runs', { body, idem: randomUUID() }));
    expect(made.status).toBe(201);
    expect(made.body.run).toMatchObject({ transferTime: '48h' });
    for (const path of ['/comfort-runs?cursor=0.AA', '/ledger?cursor=99.eA', '/withdrawals?cursor=1.0', '/player-purchases?cursor=5.x-_']) {
      const page = await json(await s.call(path));
      expect(page.status, path).toBe(200);
      expect(page.body.items).toEqual([]);
    }
    // JSON bodies are taken as sent: a number in a string is not the documented integer, null is not text.
    await w.wallets.apply({ sellerId: s.sellerId, opId: `seed:coerce-${s.sellerId}`, kind: 'player_freeze_released', delta: { available: 5000 }, ref: `coerce-${s.sellerId}` });
    const stringAmount = await json(await s.call('/withdrawals/code', { body: { amountCents: '3000', email: s.email }, idem: randomUUID() }));
    expect(stringAmount.status).toBe(400);
    expect(stringAmount.body.error.fields).toEqual([expect.objectContaining({ field: 'amountCents' })]);
    expect((await json(await s.call('/withdrawals'))).body.items).toEqual([]);
    // A path parameter past its documented length is a bad input like any other (not the router's 414).
    const long = await json(await s.call(`/webhooks/whe_x/deliveries/${'d'.repeat(101)}`));
    expect(long.status).toBe(400);
    for (const [method, path, allow] of [['TRACE', '/me', 'GET, HEAD'], ['PUT', '/comfort-runs', 'GET, HEAD, POST'], ['QUERY', '/comfort-runs/x', 'GET, HEAD'], ['PATCH', '/webhooks/whe_x', 'DELETE, GET, HEAD'], ['GET', '/withdrawals/code', 'POST']] as const) {
      // node:http, since fetch refuses TRACE.
      const res = await new Promise<{ status?: number; allow?: string; body: string }>((done, fail) => {
        request(`${w.app.url}/api/v1${path}`, { method }, (r) => {
          let body = '';
          r.on('data', (d) => { body += d; }).on('end', () => done({ status: r.statusCode, allow: r.headers.allow, body }));
        }).on('error', fail).end();
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.allow).toBe(allow);
      expectError(JSON.parse(res.body) as Body, 'method_not_allowed');
    }
  });

  it('submits a comfort run with the form rules and words; Idempotency-Key replays the first answer and refuses another body', async () => {
    const s = await w.apiSeller();
    const bad = { ...submission(), coinAmount: 5 };
    expectError((await json(await s.call('/comfort-runs', { body: submission() }))).body, 'validation_failed');
    const viaApi = await json(await s.call('/comfort-runs', { body: bad, idem: randomUUID() }));
    const viaForm = await json(await s.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(bad) }));
    expect(viaApi.status).toBe(400);
    expect(viaApi.body).toEqual(viaForm.body);
    expect(viaApi.body.error.fields).toContainEqual(expect.objectContaining({ field: 'coinAmount', message: MIN_COINS_MESSAGE }));
    expect((await json(await s.call('/comfort-runs'))).body.items).toEqual([]);

    const idem = randomUUID();
    const body = submission();
    const first = await json(await s.call('/comfort-runs', { body, idem }));
    expect(first.status).toBe(201);
    expect(first.body.run).toMatchObject({ status: 'transferring', coinAmount: 200_000, originEmail: body.email });
    expect(JSON.stringify(first.body)).not.toContain(body.password);
    // The same request again (in another key order): the first answer, no second run.
    const again = await json(await s.call('/comfort-runs', { body: Object.fromEntries(Object.entries(body).reverse()), idem }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The same key with another body: 422, as the Idempotency-Key draft gives it (docs/api.md, Idempotency).
    const other = await json(await s.call('/comfort-runs', { body: submission(), idem }));
    expect(other.status).toBe(422);
    expectError(other.body, 'idempotency_key_reused');
    const list = await json(await s.call('/comfort-runs'));
    expect(list.body.items.map((r: Body) => r.runId)).toEqual([first.body.run.runId]);
    // The same account again, under a new key: the form's refusal, as a conflict with the current state (docs/api.md, Errors).
    const busy = await json(await s.call('/comfort-runs', { body: { ...submission(), email: body.email }, idem: randomUUID() }));
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: 'account_busy', fields: [expect.objectContaining({ field: 'email', message: DUPLICATE_ACCOUNT })] });
  });

  it('submits a batch only when every account is good; lists runs by cursor and reads one; refuses a resubmit not needed', async () => {
    const s = await w.apiSeller();
    const dup = gameEmail();
    const refused = await json(await s.call('/comfort-batches', { body: { runs: [submission({ email: dup }), submission({ email: dup }), submission({ coinAmount: 1 })] }, idem: randomUUID() }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('batch_invalid');
    expect(refused.body.error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'runs.1.email', message: DUPLICATE_ACCOUNT }), expect.objectContaining({ field: 'runs.2.coinAmount', message: MIN_COINS_MESSAGE })]));
    // Only the same account twice: the conflict a run in progress gives, not a bad input.
    const twice = await json(await s.call('/comfort-batches', { body: { runs: [submission({ email: dup }), submission({ email: dup })] }, idem: randomUUID() }));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'account_busy', fields: [{ field: 'runs.1.email', message: DUPLICATE_ACCOUNT, code: 'DUPLICATE_ACCOUNT' }] });
    expect((await json(await s.call('/comfort-runs'))).body.items).toEqual([]);

    const batch = await json(await s.call('/comfort-batches', { body: { runs: [submission(), submission(), submission()] }, idem: randomUUID() }));
    expect(batch.status).toBe(201);
    expect(batch.body.runs).toHaveLength(3);
    // Accepting a batch is one durable step; its workflow starts the rows right after the answer.
    await vi.waitFor(async () => expect((await json(await s.call('/comfort-runs'))).body.items).toHaveLength(3), { timeout: 30_000, interval: 200 });
    const p1 = await json(await s.call('/comfort-runs?limit=2'));
    expect(p1.body.items).toHaveLength(2);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await json(await s.call(`/comfort-runs?limit=2&cursor=${p1.body.nextCursor}`));
    expect(p2.body.items).toHaveLength(1);
    expect(p2.body.nextCursor).toBeNull();
    expect(new Set([...p1.body.items, ...p2.body.items].map((r: Body) => r.runId))).toEqual(new Set(batch.body.runs.map((r: Body) => r.runId)));
    expect((await json(await s.call('/comfort-runs?status=paid'))).body.items).toEqual([]);
    expectError((await json(await s.call('/comfort-runs?cursor=nonsense'))).body, 'invalid_cursor');
    expectError((await json(await s.call('/comfort-runs?limit=0'))).body, 'validation_failed');

    const one = await json(await s.call(`/comfort-runs/${batch.body.runs[0].runId}`));
    expect(one.body.run).toMatchObject({ runId: batch.body.runs[0].runId, status: expect.any(String) });
    // A well-formed id of no run is not found; an id not in the run id format is a bad input.
    expect((await s.call(`/comfort-runs/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await json(await s.call('/comfort-runs/unknown-run'))).body.error).toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ field: 'runId' })] });
    // Another seller's run is not found either.
    const other = await w.apiSeller(['read']);
    expect((await other.call(`/comfort-runs/${batch.body.runs[0].runId}`)).status).toBe(404);

    // Once the coins have moved, nothing waits for new login details. (While still transferring, a
    // resubmit is taken as a harmless repeat of a double click: the table's `repeats`.)
    const runId = batch.body.runs[0].runId;
    await vi.waitFor(async () => expect(['transfer_completed', 'pending_payment', 'paid']).toContain((await json(await s.call(`/comfort-runs/${runId}`))).body.run.state), { timeout: 30_000, interval: 200 });
    const resubmit = await json(await s.call(`/comfort-runs/${runId}/resubmit`, { body: { password: 'New-Pass-1', backupCodes: submission().backupCodes }, idem: randomUUID() }));
    expect(resubmit.status).toBe(409);
    expect(resubmit.body.error.message).toEqual(expect.any(String));
  });

  it('resubmits only what the run\'s error asks: after Wrong Account/Password backup codes are refused (409, on their field), a corrected email continues the run under it', async () => {
    const s = await w.apiSeller();
    const typo = gameEmail('v1-typo');
    const right = gameEmail('v1-right');
    await steerTransfer(w.simUrl, 'rules', { email: typo, error: 'wrong_password', afterChunks: 0, times: 100 });
    const made = await json(await s.call('/comfort-runs', { body: submission({ email: typo }), idem: randomUUID() }));
    expect(made.status).toBe(201);
    const runId = made.body.run.runId as string;
    const read = async () => (await json(await s.call(`/comfort-runs/${runId}`))).body.run as Body;
    await vi.waitFor(async () => expect((await read()).subState).toBe('wrong_password'), { timeout: 30_000, interval: 200 });
    // The second factor is not what the game refused: refused in the run's state, on its field, and nothing taken.
    const codes = await json(await s.call(`/comfort-runs/${runId}/resubmit`, { body: { password: 'Right-Pass-61', backupCodes: submission().backupCodes }, idem: randomUUID() }));
    expect(codes.status).toBe(409);
    expect(codes.body.error).toMatchObject({ code: 'details_not_asked', fields: [{ field: 'backupCodes', message: SECOND_FACTOR_NOT_ASKED }] });
    expect(await read()).toMatchObject({ originEmail: typo, subState: 'wrong_password' });
    // The login again, the email corrected: the run goes on with the codes it kept, under the new email.
    const fixed = await json(await s.call(`/comfort-runs/${runId}/resubmit`, { body: { email: right, password: 'Right-Pass-61' }, idem: randomUUID() }));
    expect(fixed.status).toBe(200);
    await vi.waitFor(async () => expect(await read()).toMatchObject({ originEmail: right, status: 'paid' }), { timeout: 60_000, interval: 200 });
  });

  it('reads the balance, the ledger by cursor and the player purchase record', async () => {
    const s = await w.apiSeller(['read']);
    for (const [i, cents] of [[1, 1000], [2, 2500], [3, 700]] as const) {
      await w.wallets.apply({ sellerId: s.sellerId, opId: `seed:${i}`, kind: 'player_freeze_released', delta: { available: cents }, ref: `p${i}` });
    }
    const balance = await json(await s.call('/balance'));
    expect(balance.body.wallet).toMatchObject({ available: 4200, frozen: 0, pendingPayout: 0, total: 4200 });
    const l1 = await json(await s.call('/ledger?limit=2'));
    expect(l1.body.items.map((e: Body) => e.after.available)).toEqual([4200, 3500]);
    const l2 = await json(await s.call(`/ledger?limit=2&cursor=${l1.body.nextCursor}`));
    expect(l2.body.items.map((e: Body) => e.delta.available)).toEqual([1000]);
    expect(l2.body.nextCursor).toBeNull();

    const purchases = await Purchases.open(w.app.db.db!);
    await purchases.coll.insertOne({ _id: `pp-${s.sellerId}`, sellerId: s.sellerId, state: 'available', phase: 'available', incomeCents: 1200, pickedAt: 5, card: { playerName: 'X' } } as never);
    const pp = await json(await s.call('/player-purchases'));
    expect(pp.body.items).toMatchObject([{ purchaseId: `pp-${s.sellerId}`, phase: 'available', incomeCents: 1200 }]);
  });

  it('requests a withdrawal with the emailed code, and reads it back', async () => {
    const s = await w.apiSeller(['read', 'withdraw']);
    await w.wallets.apply({ sellerId: s.sellerId, opId: 'seed:w', kind: 'player_freeze_released', delta: { available: 5000 }, ref: 'w' });
    const code = await json(await s.call('/withdrawals/code', { body: { amountCents: 3000, email: s.email }, idem: randomUUID() }));
    expect(code.status).toBe(200);
    const mailed = codeIn(await waitForMail(s.email, /withdrawal verification code/i));
    const wrong = await json(await s.call('/withdrawals', { body: { withdrawalId: code.body.withdrawalId, code: mailed === '000000' ? '111111' : '000000' }, idem: randomUUID() }));
    // Well-formed, but not the emailed code: refused as not authorized (docs/api.md, Errors).
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: 'code_invalid', fields: [expect.objectContaining({ field: 'code' })] });
    expect((await json(await s.call('/balance'))).body.wallet.available).toBe(5000);
    const sent = await json(await s.call('/withdrawals', { body: { withdrawalId: code.body.withdrawalId, code: mailed }, idem: randomUUID() }));
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(WITHDRAWAL_SENT);
    const list = await json(await s.call('/withdrawals'));
    expect(list.body.items).toMatchObject([{ withdrawalId: code.body.withdrawalId }]);
    const one = await json(await s.call(`/withdrawals/${code.body.withdrawalId}`));
    expect(one.body.withdrawal).toMatchObject({ withdrawalId: code.body.withdrawalId, fees: { amountCents: 3000 } });
    expect((await s.call(`/withdrawals/${'f'.repeat(24)}`)).status).toBe(404);
    expect((await json(await s.call('/withdrawals/nope'))).body.error).toMatchObject({ code: 'validation_failed', fields: [expect.objectContaining({ field: 'withdrawalId' })] });
  });

  it('answers a retried confirmation whose first try sent the withdrawal but died before its answer was kept with that answer, not "already sent"', async () => {
    const s = await w.apiSeller(['read', 'withdraw']);
    await w.wallets.apply({ sellerId: s.sellerId, opId: 'seed:lost', kind: 'player_freeze_released', delta: { available: 5000 }, ref: 'lost' });
    const code = await json(await s.call('/withdrawals/code', { body: { amountCents: 3000, email: s.email }, idem: randomUUID() }));
    const body = { withdrawalId: code.body.withdrawalId, code: codeIn(await waitForMail(s.email, /withdrawal verification code/i)) };
    const idem = randomUUID();
    const first = await json(await s.call('/withdrawals', { body, idem }));
    expect(first.status).toBe(201);
    // The API died after sending and before keeping the answer: the key is left claimed, and taken over once its lease lapsed.
    const kept = w.app.db.db!.collection<{ _id: string }>(IDEMPOTENCY_COLLECTION);
    const claim = await kept.updateOne({ _id: `${s.sellerId}:${idem}` }, { $set: { state: 'pending', status: 0, body: '', pendingUntil: new Date(Date.now() - 1000) } });
    expect(claim.modifiedCount).toBe(1);
    const retried = await json(await s.call('/withdrawals', { body, idem }));
    expect(retried.status).toBe(201);
    // The same request's answer (its state is the latest, should it have been paid meanwhile).
    expect(retried.body).toMatchObject({ message: first.body.message, withdrawal: { withdrawalId: body.withdrawalId, fees: first.body.withdrawal.fees } });
    // Another request for the same withdrawal is still told it was sent, and the money moved once.
    const other = await json(await s.call('/withdrawals', { body, idem: randomUUID() }));
    expect(other.status).toBe(409);
    expectError(other.body, 'already_sent');
    expect((await json(await s.call('/withdrawals'))).body.items).toHaveLength(1);
    expect((await json(await s.call('/balance'))).body.wallet.available).toBe(2000);
  });

  it('marks a Paid comfort run Settled once paid withdrawals cover all its income (oldest first); a partial one leaves it unsettled', async () => {
    const s = await w.apiSeller(['read', 'trade', 'withdraw']);
    // 1,000,000 PS coins at 2.50 EUR per 100K: 25 EUR, the seller's only earning so far.
    const made = await json(await s.call('/comfort-runs', { body: submission({ coinAmount: 1_000_000 }), idem: randomUUID() }));
    expect(made.status).toBe(201);
    const runId = made.body.run.runId as string;
    const v1Run = async () => (await json(await s.call(`/comfort-runs/${runId}`))).body.run as Body;
    const webRun = async () => ((await (await s.fetch(`/api/comfort-trade/runs/${runId}`)).json()) as Body).run as Body;
    const paid = await eventually(async () => { const r = await v1Run(); return r.status === 'paid' ? r : null; }, 60_000, 'the run paid');
    expect(paid).toMatchObject({ creditedCents: 2500, settled: false });
    const webList = async (status: string) => ((await (await s.fetch(`/api/comfort-trade/runs?status=${status}`)).json()) as Body).items as Body[];
    const v1List = async (status: string) => (await json(await s.call(`/comfort-runs?status=${status}`))).body.items as Body[];
    const payOut = async (cents: number, nth: number) => {
      const sent = await withdraw(s, cents, nth);
      expect(sent.res.status).toBe(201);
      await eventually(async () => ((await (await s.fetch(`/api/withdrawals/${sent.withdrawalId}`)).json()) as Body).withdrawal?.state === 'paid', 30_000, 'the withdrawal paid');
    };

    // 20 of the run's 25 EUR paid out: not Settled, anywhere; its money says what went out and what is left.
    await payOut(2000, 1);
    expect(await webRun()).toMatchObject({ status: 'paid', settled: false, money: { state: 'available', availableCents: 500, paidOutCents: 2000 } });
    expect(await v1Run()).toMatchObject({ status: 'paid', settled: false });
    expect(await webList('settled')).toEqual([]);
    expect(await v1List('settled')).toEqual([]);
    expect((await webList('paid')).map((r) => [r.runId, r.settled])).toEqual([[runId, false]]);

    // A later earning; the next 20 EUR pay the run's last 5 EUR first: now Settled.
    await w.wallets.apply({ sellerId: s.sellerId, opId: `seed:later-${s.sellerId}`, kind: 'player_freeze_released', delta: { available: 1500 }, ref: `later-${s.sellerId}` });
    await payOut(2000, 2);
    expect(await webRun()).toMatchObject({ status: 'paid', settled: true });
    expect(await v1Run()).toMatchObject({ status: 'paid', settled: true });
    expect((await webList('settled')).map((r) => [r.runId, r.status, r.settled])).toEqual([[runId, 'paid', true]]);
    // Settled runs are no longer under Paid: one run, one place.
    expect(await webList('paid')).toEqual([]);
    expect((await webList('all')).map((r) => [r.runId, r.settled])).toEqual([[runId, true]]);
    expect((await v1List('settled')).map((r) => [r.runId, r.settled])).toEqual([[runId, true]]);
  });

  it('limits calls per key across replicas with RateLimit headers, then 429 with Retry-After', async () => {
    const replica = await startTestApp({ dbName: w.app.dbName, liveSecret: w.app.liveSecret }, { apiV1: { rateLimit: { max: 3, windowSeconds: 3600 } } });
    try {
      const s = await w.apiSeller(['read']);
      const at = (app: { url: string }) => fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${s.key}` } });
      // The first replica counts in the same hour window (its own limit is far higher); windows are fixed, so an hour's turn would restart the count.
      expect((await at(w.app)).status).toBe(200);
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await at(replica);
        expect(r.status).toBe(200);
        seen.push(r.headers.get('ratelimit-remaining')!);
        expect(r.headers.get('ratelimit-limit')).toBe('3');
      }
      expect(seen).toEqual(['1', '0']);
      const over = await json(await at(replica));
      expect(over.status).toBe(429);
      expectError(over.body, 'rate_limited');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(over.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    } finally {
      await replica.close();
    }
  });

  it('serves the OpenAPI 3.1 document and a docs page for every operation', async () => {
    const doc = await json(await fetch(`${w.app.url}/api/v1/openapi.json`));
    expect(doc.body.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.body.paths as Record<string, Record<string, Body>>).flatMap(([p, m]) => Object.entries(m).map(([verb, o]) => `${verb} ${p} ${o.operationId}`));
    expect(ops).toHaveLength(21);
    // Webhook endpoints are v1 operations too, from the same table that validates them.
    expect(ops.filter((o) => o.includes('/api/v1/webhooks')).map((o) => o.split(' ')[2]).sort()).toEqual([
      'getWebhookDelivery', 'getWebhookEndpoint', 'listWebhookDeliveries', 'listWebhookEndpoints', 'redeliverWebhook', 'registerWebhookEndpoint', 'removeWebhookEndpoint', 'rotateWebhookSecret',
    ]);
    for (const [, m] of Object.entries(doc.body.paths as Record<string, Record<string, Body>>)) {
      if (m.post) expect(m.post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    }
    // Managing webhook endpoints is its own scope; reading them is read.
    const scopeOf = (path: string, verb: string) => (doc.body.paths as Record<string, Record<string, Body>>)[`/api/v1${path}`]![verb]!['x-scope'];
    expect([scopeOf('/webhooks', 'post'), scopeOf('/webhooks/{endpointId}', 'delete'), scopeOf('/webhooks/{endpointId}/rotate-secret', 'post'), scopeOf('/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver', 'post')]).toEqual(['webhooks', 'webhooks', 'webhooks', 'webhooks']);
    expect([scopeOf('/webhooks', 'get'), scopeOf('/webhooks/{endpointId}', 'get'), scopeOf('/webhooks/{endpointId}/deliveries', 'get')]).toEqual(['read', 'read', 'read']);
    const page = await fetch(`${w.app.url}/api/v1/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const o of ops) expect(html).toContain(o.split(' ')[2]);
    const unknown = await json(await fetch(`${w.app.url}/api/v1/nothing-here`));
    expect(unknown.status).toBe(404);
    expectError(unknown.body, 'not_found');
  });
});
