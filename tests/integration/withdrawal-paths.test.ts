import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { SA } from '../../domain/search-attributes.js';
import { AMOUNT_ABOVE_AVAILABLE, FAILURE_TEXT, withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { codeIn, mailsTo } from '../support/mail.js';
import { signBody } from '../../infra/payout/contract.js';
import { recordHistory } from '../support/histories.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, post, sellerWithMoney, TRON, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

describe('withdrawal failure, delay and support paths', () => {
  let w: WithdrawalWorld;
  // 50 codes for one seller in the concurrency case: the per-seller code limit is lifted here (withdrawal-api.test.ts tests it).
  beforeAll(async () => { w = await startWithdrawalWorld({ timings: { overdueMs: 4_000 }, codesPerSeller: 100 }); });
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
    if (outcome === 'wrong_address') await recordHistory(handleOf(withdrawalId), 'withdrawal--local-steps-failed-wrong-address');
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
    await recordHistory(handleOf(withdrawalId), 'withdrawal--local-steps-delayed-support-retry-paid');
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
    await recordHistory(handleOf(wa.withdrawalId), 'withdrawal--local-steps-provider-down-support-marked-paid');
    await recordHistory(handleOf(wb.withdrawalId), 'withdrawal--local-steps-provider-down-support-returned');
  });

  it('a support retry after the locked rate expired fails with the true reason (request again), returning the money once', async () => {
    const s = await sellerWithMoney(w, 5000, { paymentMethod: 'usdt-trc20', paymentAddress: TRON });
    await w.steer({ address: TRON, down: true });
    const { res, withdrawalId } = await withdraw(s, 3000);
    expect(res.status).toBe(201);
    await waitState(withdrawalId, 'needs_support');
    // The outage outlasts the provider's rate lock; then the provider is back and support retries.
    const quoteId = (await stateOf(withdrawalId)).quote!.quoteId;
    const expired = await fetch(`${w.simUrl}/test/payouts/quotes/expire`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ quoteId }) });
    expect(await expired.json()).toEqual({ expired: 1 });
    await w.steer({ address: TRON, down: false });
    await handleOf(withdrawalId).executeUpdate('supportRetry', { args: [{ by: 'ana', reason: 'provider is back' }] });
    const final = (await handleOf(withdrawalId).result()) as WithdrawalStatus;
    expect(final).toMatchObject({ state: 'failed', reason: 'rate_expired', reasonText: FAILURE_TEXT.rate_expired });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_returned']);
    const rec = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
    expect(rec.withdrawal.reasonText).toBe(FAILURE_TEXT.rate_expired);
    expect((await w.payouts()).payouts.some((p) => p.key === withdrawalWorkflowId(withdrawalId) && p.state !== 'failed')).toBe(false);
    await recordHistory(handleOf(withdrawalId), 'withdrawal--local-steps-support-retry-rate-expired');
  });

  it('50 withdrawals on one wallet confirmed at once over HTTP never overdraw; each is paid at most once; the refused change nothing', async () => {
    // 50 different amounts (20.00-20.49 EUR) so each emailed code is matched to its request by the amount in its mail.
    const amounts = Array.from({ length: 50 }, (_, i) => 2000 + i);
    const s = await sellerWithMoney(w, 30 * 2000); // any 29 fit, no 30 do: exactly 29 can be paid
    const requested = new Map<string, number>(); // withdrawal id -> amount
    for (const cents of amounts) {
      const res = await post(s, '/api/withdrawals/code', { amountCents: cents, email: s.email });
      expect(res.status).toBe(200);
      requested.set(((await res.json()) as { withdrawalId: string }).withdrawalId, cents);
    }
    const mails = await eventually(async () => {
      const m = (await mailsTo(s.email)).filter((x) => /withdrawal verification code/i.test(x.subject));
      return m.length >= 50 && m;
    }, 30_000, '50 code mails');
    const codeFor = new Map(mails.map((m) => [Number(/withdrawal of (\d+)\.(\d\d) EUR/.exec(m.text)!.slice(1).join('')), codeIn(m)]));
    expect(codeFor.size).toBe(50);
    // Every confirmation at once, through the real path: code check, draft delete, workflow, record wait.
    const answers = await Promise.all([...requested].map(async ([withdrawalId, cents]) => {
      const res = await post(s, '/api/withdrawals', { withdrawalId, code: codeFor.get(cents) });
      return { withdrawalId, cents, status: res.status, body: (await res.json()) as { message?: string; error?: { code: string; fields: { field: string; message: string }[] } } };
    }));
    const sent = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(sent).toHaveLength(29);
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatchObject({ code: 'insufficient_balance', fields: [{ field: 'amountCents', message: AMOUNT_ABOVE_AVAILABLE }] });
    }
    const results = await Promise.all(sent.map((a) => handleOf(a.withdrawalId).result() as Promise<WithdrawalStatus>));
    expect(results.every((r) => r.state === 'paid')).toBe(true);
    const paidCents = sent.reduce((sum, a) => sum + a.cents, 0);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 30 * 2000 - paidCents, pendingPayout: 0 });
    // At the provider: one payout per sent request, none for a refused one.
    const keys = (await w.payouts()).payouts.map((p) => p.key);
    for (const a of sent) expect(keys.filter((k) => k === withdrawalWorkflowId(a.withdrawalId))).toHaveLength(1);
    for (const a of refused) expect(keys).not.toContain(withdrawalWorkflowId(a.withdrawalId));
    for (const kind of ['withdrawal_requested', 'withdrawal_paid']) expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId, kind })).toBe(29);
    expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId, kind: 'withdrawal_returned' })).toBe(0);
    // A replayed confirmation is refused for good.
    const again = await post(s, '/api/withdrawals', { withdrawalId: sent[0]!.withdrawalId, code: codeFor.get(sent[0]!.cents) });
    expect(again.status).toBe(409);
  }, 240_000);
});
