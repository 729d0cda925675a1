import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { SA } from '../../domain/search-attributes.js';
import { FAILURE_TEXT, withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { signBody } from '../../infra/payout/contract.js';
import { recordHistory } from '../support/histories.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

describe('withdrawal failure, delay and support paths', () => {
  let w: WithdrawalWorld;
  beforeAll(async () => { w = await startWithdrawalWorld({ timings: { overdueMs: 4_000 } }); });
  afterAll(async () => { await w?.close(); });

  const handleOf = (id: string): WorkflowHandle => w.temporal.client.workflow.getHandle(withdrawalWorkflowId(id));
  const stateOf = async (id: string) => ((await handleOf(id).query('status')) as WithdrawalStatus);
  const waitState = (id: string, state: string) => eventually(async () => (await stateOf(id)).state === state && stateOf(id), 30_000, `state ${state}`);
  const ledgerKinds = async (sellerId: string) => (await w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray()).map((e) => e.kind);

  it.each([
    ['wrong_address', 'wrong_address'], ['unverified_account', 'unverified_account'], ['receive_only_hold', 'receive_only_hold'], ['rejected', 'provider_rejected'],
  ] as const)('provider failure %s returns the money exactly once and says why', async (outcome, reason) => {
    const s = await sellerWithMoney(w, 5000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome, duplicates: 2 });
    const { res, withdrawalId } = await withdraw(s, 3000);
    expect(res.status).toBe(201);
    const final = (await handleOf(withdrawalId).result()) as WithdrawalStatus;
    expect(final).toMatchObject({ state: 'failed', status: 'failed', reason, reasonText: FAILURE_TEXT[reason] });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_returned']);
    const rec = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
    expect(rec.withdrawal.reasonText).toBe(FAILURE_TEXT[reason]);
    if (outcome === 'wrong_address') await recordHistory(handleOf(withdrawalId), 'withdrawal--failed-wrong-address');
  });

  it('a confirmation delivered twice or late changes nothing', async () => {
    const s = await sellerWithMoney(w, 5000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome: 'paid', duplicates: 3 });
    const { withdrawalId } = await withdraw(s, 2000);
    await handleOf(withdrawalId).result();
    await eventually(async () => (await w.payouts()).payouts.find((p) => p.key === withdrawalWorkflowId(withdrawalId))!.callbacks >= 4, 10_000, 'all callbacks');
    // A late, validly signed "failed" for the paid payout: refused by the table, nothing moves.
    const body = JSON.stringify({ payout: { payoutId: 'x', key: withdrawalWorkflowId(withdrawalId), state: 'failed', failure: 'wrong_address', reference: null, updatedAt: Date.now() } });
    const late = await fetch(w.callbackUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-payout-signature': signBody(CALLBACK_SECRET, body) } });
    expect(await late.json()).toEqual({ ok: true, applied: false });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 3000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
  });

  it('refuses a callback with a wrong signature', async () => {
    const body = JSON.stringify({ payout: { key: 'withdrawal:nope', state: 'paid' } });
    const res = await fetch(w.callbackUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-payout-signature': signBody('other-secret', body) } });
    expect(res.status).toBe(401);
  });

  it('a payout not confirmed in time is delayed for support; support retries and it is paid once', async () => {
    const s = await sellerWithMoney(w, 5000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome: 'pending' });
    const { withdrawalId } = await withdraw(s, 2500);
    const delayed = await waitState(withdrawalId, 'delayed');
    expect(delayed.status).toBe('delayed');
    const desc = await handleOf(withdrawalId).describe();
    expect(desc.typedSearchAttributes.get(SA.subState)).toBe('delayed');
    expect(desc.typedSearchAttributes.get(SA.waitingFor)).toBe('support');
    // The seller's record follows the workflow (its record step runs right after the state changes).
    const rec = await eventually(async () => {
      const r = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
      return r.withdrawal.status === 'delayed' ? r : null;
    }, 10_000, 'the record to say delayed');
    expect(rec.withdrawal.status).toBe('delayed');
    // Support must say who and why.
    await expect(handleOf(withdrawalId).executeUpdate('supportRetry', { args: [{ by: 'ana' }] })).rejects.toMatchObject({ cause: { message: 'Support must say who and why' } });
    await handleOf(withdrawalId).executeUpdate('supportRetry', { args: [{ by: 'ana', reason: 'provider says it will pay today' }] });
    await fetch(`${w.simUrl}/test/payouts/${encodeURIComponent(withdrawalWorkflowId(withdrawalId))}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: 'paid', duplicates: 1 }) });
    const final = (await handleOf(withdrawalId).result()) as WithdrawalStatus;
    expect(final.state).toBe('paid');
    expect(final.decisions.map((d) => [d.event, d.by])).toEqual([['debited', 'system'], ['payoutCreated', 'system'], ['overdue', 'system'], ['supportRetry', 'ana'], ['providerConfirmed', 'system']]);
    expect((await w.payouts()).payouts.filter((p) => p.key === withdrawalWorkflowId(withdrawalId))).toHaveLength(1);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2500, pendingPayout: 0 });
    await recordHistory(handleOf(withdrawalId), 'withdrawal--delayed-support-retry-paid');
  });

  it('provider down: support marks it paid with a reference, or returns the money, once', async () => {
    const a = await sellerWithMoney(w, 5000);
    const b = await sellerWithMoney(w, 5000);
    for (const s of [a, b]) await w.steer({ address: s.settings.settings.paymentAddress, down: true });
    const [wa, wb] = [await withdraw(a, 2000), await withdraw(b, 2000)];
    await waitState(wa.withdrawalId, 'needs_support');
    await waitState(wb.withdrawalId, 'needs_support');
    await expect(handleOf(wa.withdrawalId).executeUpdate('supportMarkPaid', { args: [{ by: 'ana', reason: 'paid by bank' }] }))
      .rejects.toMatchObject({ cause: { message: 'Marking paid needs the payment reference' } });
    await handleOf(wa.withdrawalId).executeUpdate('supportMarkPaid', { args: [{ by: 'ana', reason: 'paid by bank transfer', reference: 'BANK-123' }] });
    await handleOf(wb.withdrawalId).executeUpdate('supportReturnMoney', { args: [{ by: 'ben', reason: 'seller asked to cancel' }] });
    const [fa, fb] = [(await handleOf(wa.withdrawalId).result()) as WithdrawalStatus, (await handleOf(wb.withdrawalId).result()) as WithdrawalStatus];
    expect(fa).toMatchObject({ state: 'paid', reference: 'BANK-123' });
    expect(fb).toMatchObject({ state: 'failed', reason: 'returned_by_support', reasonText: FAILURE_TEXT.returned_by_support });
    // Repeats change nothing.
    await expect(handleOf(wb.withdrawalId).executeUpdate('supportReturnMoney', { args: [{ by: 'ben', reason: 'again' }] })).rejects.toThrow();
    expect(await w.wallets.get(a.sellerId)).toMatchObject({ available: 3000, pendingPayout: 0 });
    expect(await w.wallets.get(b.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    const manual = await w.wallets.ledger.findOne({ sellerId: a.sellerId, kind: 'withdrawal_paid' });
    expect(manual).toMatchObject({ by: 'ana', reason: 'paid by bank transfer' });
    expect(await ledgerKinds(b.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_returned']);
    await recordHistory(handleOf(wa.withdrawalId), 'withdrawal--provider-down-support-marked-paid');
    await recordHistory(handleOf(wb.withdrawalId), 'withdrawal--provider-down-support-returned');
  });

  it('50 concurrent withdrawals on one wallet never overdraw and each is paid at most once', async () => {
    const s = await sellerWithMoney(w, 30 * 2000);
    const base = { sellerId: s.sellerId, method: 'paypal' as const, address: s.settings.settings.paymentAddress, trueName: 'Ana Seller', currency: 'EUR',
      fees: { amountCents: 2000, feeCents: 103, handlingFeeCents: 50, totalPayoutCents: 1847 }, quote: null };
    const ids = Array.from({ length: 50 }, (_, i) => `conc${i}-${s.sellerId.slice(-6)}`);
    const handles = await Promise.all(ids.map((id) => w.temporal.client.workflow.start('withdrawalWorkflow', {
      taskQueue: w.taskQueue, workflowId: withdrawalWorkflowId(id), workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ request: { ...base, withdrawalId: id, requestedAt: Date.now() }, timings: w.timings }],
    })));
    const results = (await Promise.all(handles.map((h) => h.result()))) as (WithdrawalStatus | null)[];
    expect(results.filter((r) => r?.state === 'paid')).toHaveLength(30);
    expect(results.filter((r) => r === null)).toHaveLength(20); // refused: not enough available, nothing moved
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 0, pendingPayout: 0 });
    const paid = (await w.payouts()).payouts.filter((p) => ids.some((id) => p.key === withdrawalWorkflowId(id)));
    expect(paid).toHaveLength(30);
    expect(new Set(paid.map((p) => p.key)).size).toBe(30);
    expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId, kind: 'withdrawal_paid' })).toBe(30);
    // A duplicate start is refused for good.
    await expect(w.temporal.client.workflow.start('withdrawalWorkflow', {
      taskQueue: w.taskQueue, workflowId: withdrawalWorkflowId(ids[0]!), workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ request: { ...base, withdrawalId: ids[0]!, requestedAt: Date.now() }, timings: w.timings }],
    })).rejects.toThrow();
  }, 240_000);
});
