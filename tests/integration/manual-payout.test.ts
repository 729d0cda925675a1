/**
 * A payout method without a payout provider (PAYOUT_PROVIDER_METHODS leaves Skrill out): the seller
 * withdraws as usual, the run waits for support as a manual payout, support pays it by hand and records
 * the provider's reference with the real support CLI, and it ends Paid with the same ledger effects as
 * an automatic payout (or, when it cannot be paid, returns the money). Real API, worker, Temporal,
 * MongoDB, SMTP and the support tool spawned as a child process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { createSupportNotices } from '../../infra/notifications/support-notices.js';
import { MailOutbox, OUTBOX_COLLECTION, type OutboxDoc } from '../../infra/notifications/outbox.js';
import { mailsTo } from '../support/mail.js';
import { eventually, testLogger } from '../support/servers.js';
import { startSupportWorld, type SupportWorld } from '../support/support-world.js';
import { FAST_WITHDRAWAL_TIMINGS, savePayoutSettings, withdraw } from '../support/withdrawals.js';

describe('manual payout: a method no provider pays', () => {
  let w: SupportWorld;
  // The simulator pays PayPal only: Skrill is paid by hand.
  beforeAll(async () => { w = await startSupportWorld({ payoutMethods: ['paypal'], supportNotices: true }); });
  afterAll(async () => { await w?.close(); });

  const withdrawalRecord = (id: string) => w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: id as never });
  const withdrawalWhere = (id: string, pred: (s: WithdrawalStatus) => boolean, what: string) =>
    eventually(async () => { const s = await withdrawalRecord(id); return s && pred(s) ? s : null; }, 30_000, what);
  const ledgerOf = async (sellerId: string, withdrawalId: string) =>
    (await w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray()).filter((e) => e.ref === `withdrawal:${withdrawalId}`);

  /** A seller with Skrill payout details and `cents` available. */
  async function skrillSeller(cents: number) {
    const seller = await w.seller(cents);
    await savePayoutSettings(seller, { paymentMethod: 'skrill', paymentAddress: `sk-${seller.sellerId.slice(-8)}@example.com` });
    return seller;
  }
  /** The withdrawal as its seller reads it (the history row and the record use this route). */
  const sellerView = async (seller: Awaited<ReturnType<typeof skrillSeller>>, id: string) => {
    const res = await seller.fetch(`/api/withdrawals/${id}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { withdrawal: WithdrawalStatus }).withdrawal;
  };
  const sellerWallet = async (seller: Awaited<ReturnType<typeof skrillSeller>>) =>
    ((await (await seller.fetch('/api/wallet')).json()) as { wallet: { available: number; frozen: number; pendingPayout: number } }).wallet;

  it('waits for support, who pays it by hand and records the reference: Paid, once, with the usual ledger', { timeout: 180_000 }, async () => {
    const seller = await skrillSeller(5_000);
    const { res, withdrawalId } = await withdraw(seller, 3_000);
    expect(res.status).toBe(201);

    // Accepted like any withdrawal (debit, fees), then waiting for support as a manual payout.
    const waiting = await withdrawalWhere(withdrawalId, (s) => s.state !== 'sent' && s.state !== 'checking', 'the payout step');
    expect(waiting).toMatchObject({ state: 'manual_payout', status: 'in_progress', method: 'skrill', providerRef: null, paidAt: null });
    expect(waiting.manualDueAt).toBe(waiting.requestedAt + FAST_WITHDRAWAL_TIMINGS.overdueMs);
    expect(waiting.decisions.map((d) => d.event)).toEqual(['debited', 'manualPayout']);
    const view = await sellerView(seller, withdrawalId);
    expect(view).toMatchObject({ state: 'manual_payout', status: 'in_progress', manualDueAt: waiting.manualDueAt });
    expect(await sellerWallet(seller)).toMatchObject({ available: 2_000, pendingPayout: 3_000 });
    // Nothing went to any provider.
    expect((await w.simPayouts()).payouts.filter((p) => p.key === `withdrawal:${withdrawalId}`)).toEqual([]);

    // Support finds it with the same query as in the Temporal UI.
    const listed = await eventually(async () => {
      const r = await w.inProcess(['waiting', '--kind', 'withdrawal', '--seller', seller.sellerId, '--json']);
      return r.code === 0 && r.json().runs.length === 1 ? r.json() : null;
    }, 20_000, 'visibility lists the manual payout');
    expect(listed.runs[0]).toMatchObject({ workflowId: `withdrawal:${withdrawalId}`, status: 'manual_payout', subState: 'manual_payout' });
    // Support is told once, by mail to the support address, with the run's link in the Temporal UI.
    const workflowId = `withdrawal:${withdrawalId}`;
    const notices = w.app.db.collection<OutboxDoc>(OUTBOX_COLLECTION);
    const notice = await eventually(async () => {
      const sent = await notices.find({ _id: { $regex: `^support:${workflowId}:` } as never }).toArray();
      return sent.length && sent.every((d) => d.state === 'sent') ? sent : null;
    }, 20_000, 'the support notice sent');
    expect(notice.map((d) => d._id)).toEqual([`support:${workflowId}:manual_payout:manual_payout`]);
    const told = (await mailsTo(w.supportInbox)).filter((m) => m.text.includes(workflowId));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Waiting for support: withdrawal manual_payout (manual_payout)');
    expect(told[0]!.text).toContain(`http://127.0.0.1:8080/namespaces/default/workflows/${encodeURIComponent(workflowId)}`);
    expect(told[0]!.text).toContain(`npm run support -- seller ${seller.sellerId}`);
    expect(told[0]!.text).not.toContain(`sk-${seller.sellerId.slice(-8)}`);
    // Another replica's sweep (every worker sweeps) tells nobody again.
    const replica = createSupportNotices({ client: w.temporal.client, outbox: await MailOutbox.open(w.app.db.db!, null, testLogger()), logger: testLogger() },
      { to: w.supportInbox, temporalUiUrl: 'http://127.0.0.1:8080', namespace: 'default', taskQueue: w.taskQueue });
    expect(await replica.sweep()).toBe(0);
    expect(await notices.countDocuments({ _id: { $regex: `^support:${workflowId}:` } as never })).toBe(1);

    const report = await w.inProcess(['seller', seller.sellerId]);
    // How the seller asked to be reached (Settings, "Contact"), for support to use.
    expect(report.stdout).toContain('contact: telegram seller_tg');
    expect(report.stdout).toContain(`PAY BY HAND ${(waiting.fees.totalPayoutCents / 100).toFixed(2)} EUR to sk-${seller.sellerId.slice(-8)}@example.com (Ana Seller)`);

    // Provider-side actions do not apply to a payout no provider has.
    const markPaid = await w.inProcess(['withdrawal', 'mark-paid', withdrawalId, '--reference', 'X', '--by', 'agent-ann', '--why', 'wrong command']);
    expect(markPaid.code).toBe(1);
    expect(markPaid.stderr).toMatch(/^Refused \(not_open\): .*paid-by-hand/);
    const noRef = await w.inProcess(['withdrawal', 'paid-by-hand', withdrawalId, '--by', 'agent-ann', '--why', 'forgot the reference']);
    expect(noRef.code).not.toBe(0);
    expect((await withdrawalRecord(withdrawalId))!.state).toBe('manual_payout');

    const paid = await w.cli(['withdrawal', 'paid-by-hand', withdrawalId, '--reference', 'SKR-7731-XY', '--by', 'agent-ann', '--why', 'paid in the Skrill dashboard', '--json']);
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.json()).toMatchObject({ ok: true, workflowId: `withdrawal:${withdrawalId}`, update: 'supportPaidByHand', state: 'paid' });

    const done = await w.temporal.client.workflow.getHandle(`withdrawal:${withdrawalId}`).result() as WithdrawalStatus;
    expect(done).toMatchObject({ state: 'paid', status: 'paid', reference: 'SKR-7731-XY' });
    expect(done.paidAt).toEqual(expect.any(Number));
    expect(done.decisions.at(-1)).toMatchObject({ event: 'supportPaidByHand', actor: 'support', by: 'agent-ann', reason: 'paid in the Skrill dashboard' });
    expect(await sellerView(seller, withdrawalId)).toMatchObject({ state: 'paid', status: 'paid', reference: 'SKR-7731-XY' });

    // The same money effects as an automatic payout: requested, then paid, once.
    const ledger = await ledgerOf(seller.sellerId, withdrawalId);
    expect(ledger.map((e) => [e.kind, e.by ?? null])).toEqual([['withdrawal_requested', null], ['withdrawal_paid', 'agent-ann']]);
    expect(ledger.at(-1)!.after).toEqual({ available: 2_000, frozen: 0, pendingPayout: 0 });

    // Recording it again is refused (the withdrawal has ended) and changes nothing.
    const again = await w.inProcess(['withdrawal', 'paid-by-hand', withdrawalId, '--reference', 'SKR-OTHER', '--by', 'agent-ann', '--why', 'clicked twice']);
    expect(again.code).toBe(1);
    expect(await ledgerOf(seller.sellerId, withdrawalId)).toHaveLength(2);
    expect((await withdrawalRecord(withdrawalId))!.reference).toBe('SKR-7731-XY');
  });

  it('returns the money when support cannot pay it by hand', { timeout: 180_000 }, async () => {
    const seller = await skrillSeller(4_000);
    const { res, withdrawalId } = await withdraw(seller, 2_500);
    expect(res.status).toBe(201);
    await withdrawalWhere(withdrawalId, (s) => s.state === 'manual_payout', 'waiting as a manual payout');

    const ret = await w.cli(['withdrawal', 'return-money', withdrawalId, '--by', 'agent-bo', '--why', 'Skrill refused the account', '--json']);
    expect(ret.code).toBe(0);
    expect(ret.json()).toMatchObject({ ok: true, update: 'supportReturnMoney', state: 'failed' });
    const done = await w.temporal.client.workflow.getHandle(`withdrawal:${withdrawalId}`).result() as WithdrawalStatus;
    expect(done).toMatchObject({ state: 'failed', reason: 'returned_by_support', paidAt: null, reference: null });
    const ledger = await ledgerOf(seller.sellerId, withdrawalId);
    expect(ledger.map((e) => e.kind)).toEqual(['withdrawal_requested', 'withdrawal_returned']);
    expect(ledger.at(-1)!.after).toEqual({ available: 4_000, frozen: 0, pendingPayout: 0 });
  });

  it('still pays the methods the provider pays automatically', { timeout: 180_000 }, async () => {
    const seller = await w.seller(3_000);
    const { res, withdrawalId } = await withdraw(seller, 2_000);
    expect(res.status).toBe(201);
    const done = await w.temporal.client.workflow.getHandle(`withdrawal:${withdrawalId}`).result() as WithdrawalStatus;
    expect(done).toMatchObject({ state: 'paid', method: 'paypal', reference: null });
    expect(done.decisions.map((d) => d.event)).not.toContain('manualPayout');
    expect((await w.simPayouts()).payouts.filter((p) => p.key === `withdrawal:${withdrawalId}` && p.state === 'paid')).toHaveLength(1);
  });
});
