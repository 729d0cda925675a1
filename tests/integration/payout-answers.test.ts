/**
 * A payout provider whose answers break the contract (docs/provider-contract.md): a tiny HTTP server
 * stands in for it, answering each payout creation from a script. An answer out of contract is a
 * retryable fault: never a paid payout; with a good answer on a later attempt the payout is paid.
 * Real API, worker, Temporal, MongoDB and SMTP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { signBody } from '../../infra/payout/contract.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, post, requestCode, sellerWithMoney, startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

/** The provider's creation answers per payout key, in order (the last one repeats); every call is counted. */
function scriptedProvider() {
  const scripts = new Map<string, ((key: string) => unknown)[]>();
  const calls = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/payouts/v1/payouts') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
        return;
      }
      const key = (JSON.parse(body) as { key: string }).key;
      const n = calls.get(key) ?? 0;
      calls.set(key, n + 1);
      const script = scripts.get(key) ?? [];
      const answer = script[Math.min(n, script.length - 1)];
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer ? answer(key) : {}));
    });
  });
  return {
    listen: async () => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    script: (key: string, answers: ((key: string) => unknown)[]) => scripts.set(key, answers),
    calls: (key: string) => calls.get(key) ?? 0,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const payout = (key: string, over: Record<string, unknown>) => ({ payout: { payoutId: 'po-1', key, state: 'pending', failure: null, reference: null, updatedAt: 1_764_000_000_000, ...over } });

describe('payout provider answers out of contract', () => {
  const provider = scriptedProvider();
  let w: WithdrawalWorld;
  beforeAll(async () => {
    w = await startWithdrawalWorld({ payoutUrl: await provider.listen() });
  });
  afterAll(async () => {
    await w?.close();
    await provider.close();
  });

  const ledgerKinds = async (sellerId: string, withdrawalId: string) =>
    (await w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray()).filter((e) => e.ref === `withdrawal:${withdrawalId}`).map((e) => e.kind);
  const record = (id: string) => w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: id as never });
  /** The record once the payout step has ended one way or the other (paid, failed, or waiting for support after the retries). */
  const settled = (id: string) => eventually(async () => {
    const r = await record(id);
    return r && ['paid', 'failed', 'needs_support'].includes(r.state) ? r : null;
  }, 60_000, 'the payout step ends');

  /** Asks for the code (the withdrawal's id, so its payout key, is known then), scripts the provider, confirms. */
  async function withdrawScripted(cents: number, answers: ((key: string) => unknown)[]) {
    const seller = await sellerWithMoney(w, 5_000);
    const { withdrawalId, code } = await requestCode(seller, cents);
    const key = withdrawalWorkflowId(withdrawalId);
    provider.script(key, answers);
    const res = await post(seller, '/api/withdrawals', { withdrawalId, code });
    expect(res.status).toBe(201);
    return { seller, withdrawalId, key };
  }

  it('never pays on "paid" without its reference or on an unknown state: retried, then it waits for support', { timeout: 120_000 }, async () => {
    const { seller, withdrawalId, key } = await withdrawScripted(3_000, [
      (k) => ({ payout: { key: k, state: 'paid' } }),
      (k) => payout(k, { state: 'paid', reference: null }),
      (k) => payout(k, { state: 'moonshot-7f3', reference: 'REF-SECRET-7f3' }),
    ]);
    const end = await settled(withdrawalId);
    // Every attempt was made (the policy's 3) and none was taken as an answer.
    expect(provider.calls(key)).toBe(w.timings.providerAttempts);
    expect(end).toMatchObject({ state: 'needs_support', paidAt: null, providerRef: null, reference: null });
    expect(end.decisions.map((d) => d.event)).toEqual(['debited', 'providerDown']);
    expect(await ledgerKinds(seller.sellerId, withdrawalId)).toEqual(['withdrawal_requested']);
    expect((await w.wallets.get(seller.sellerId))).toMatchObject({ available: 2_000, pendingPayout: 3_000 });

    // The last attempt's failure (the one history keeps) says what was wrong with the answer, and never quotes it.
    const history = JSON.stringify(await w.temporal.client.workflow.getHandle(key).fetchHistory());
    expect(history).toContain('payout provider answered /payouts out of contract (docs/provider-contract.md): /payout/state must be equal to one of the allowed values');
    // Checked by the answer's words (not its 3 hex digits, which the history's base64 payloads held by chance).
    expect(history).not.toContain('moonshot');
    expect(history).not.toContain('REF-SECRET');
  });

  it('pays once a later attempt answers within the contract', { timeout: 120_000 }, async () => {
    const { seller, withdrawalId, key } = await withdrawScripted(2_500, [
      (k) => payout(k, { state: 'paid', reference: null }),
      () => ({ status: 'wat' }),
      (k) => payout(k, { payoutId: 'po-good', state: 'paid', reference: 'PP-REF-42' }),
    ]);
    const end = await settled(withdrawalId);
    expect(provider.calls(key)).toBe(3);
    // The provider's reference, as for any automatic payout.
    expect(end).toMatchObject({ state: 'paid', providerRef: 'PP-REF-42' });
    expect(end.decisions.map((d) => d.event)).toEqual(['debited', 'payoutCreated', 'providerConfirmed']);
    expect(end.decisions.at(-1)!.data).toEqual({ reference: 'PP-REF-42' });
    expect(await ledgerKinds(seller.sellerId, withdrawalId)).toEqual(['withdrawal_requested', 'withdrawal_paid']);
  });

  it('does not take another payout\'s answer for this one', { timeout: 120_000 }, async () => {
    const { withdrawalId, key } = await withdrawScripted(2_000, [(k) => payout(`${k}-other`, { state: 'paid', reference: 'PP-OTHER' })]);
    const end = await settled(withdrawalId);
    expect(provider.calls(key)).toBe(w.timings.providerAttempts);
    expect(end).toMatchObject({ state: 'needs_support', paidAt: null });
  });

  it('a signed callback out of contract is refused and changes nothing; a good one pays', { timeout: 120_000 }, async () => {
    const { seller, withdrawalId, key } = await withdrawScripted(2_000, [(k) => payout(k, { state: 'pending' })]);
    await eventually(async () => ((await record(withdrawalId))?.state === 'in_progress' ? true : null), 30_000, 'payment in progress');
    const callback = (body: unknown) => {
      const raw = JSON.stringify(body);
      return fetch(`${w.app.url}/api/payouts/callback`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-payout-signature': signBody(CALLBACK_SECRET, raw) } });
    };
    for (const bad of [{ payout: { key, state: 'moonshot' } }, payout(key, { state: 'paid', reference: null }), payout(key, { state: 'failed', failure: null })]) {
      const res = await callback(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Callback out of contract/);
    }
    expect(await record(withdrawalId)).toMatchObject({ state: 'in_progress', paidAt: null, failedAt: null });
    expect(await ledgerKinds(seller.sellerId, withdrawalId)).toEqual(['withdrawal_requested']);

    expect((await callback(payout(key, { state: 'paid', reference: 'PP-CB-9' }))).status).toBe(200);
    const done = await w.temporal.client.workflow.getHandle(key).result() as WithdrawalStatus;
    expect(done).toMatchObject({ state: 'paid', providerRef: 'PP-CB-9' });
    expect(await ledgerKinds(seller.sellerId, withdrawalId)).toEqual(['withdrawal_requested', 'withdrawal_paid']);
  });
});
