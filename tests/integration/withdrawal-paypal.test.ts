/**
 * Withdrawals paid through the PayPal Payouts adapter (infra/payout/paypal-gateway.ts) against a mock
 * generated from PayPal's own OpenAPI document (tests/support/paypal-mock.ts: prism with --errors, so
 * every request we send is checked against PayPal's schema): paid, failed with each mapped reason,
 * unclaimed (still PayPal's until it is returned), and an answer lost after PayPal took the payout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_TEXT, withdrawalWorkflowId, type FailureReason, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { createPaypalGateway } from '../../infra/payout/paypal-gateway.js';
import { startPaypalMock, type PaypalMock, type PaypalOutcome } from '../support/paypal-mock.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

const CREDS = { clientId: 'AQtest-client', clientSecret: 'EHtest-secret-never-logged' };

describe('withdrawals through PayPal Payouts (mock from PayPal\'s OpenAPI document)', () => {
  let w: WithdrawalWorld;
  let paypal: PaypalMock;
  beforeAll(async () => {
    paypal = await startPaypalMock(CREDS);
    w = await startWithdrawalWorld({ worker: false, timings: { providerCallTimeoutMs: 5_000 } });
    // The adapter's own time limit is below the activity's, so a lost answer is retried by the activity.
    await w.startWorker({ paypal: createPaypalGateway({ ...CREDS, baseUrl: paypal.url, timeoutMs: 4_000 }) });
  });
  afterAll(async () => {
    await w?.close();
    await paypal?.close();
  });

  const ledgerKinds = async (sellerId: string) => (await w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray()).map((e) => e.kind);
  const resultOf = (withdrawalId: string) => w.temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)).result() as Promise<WithdrawalStatus>;
  const postsFor = (key: string) => paypal.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payments/payouts' && c.senderBatchId === key);

  it('pays through PayPal: one batch under our key, PayPal\'s transaction id as the reference, every request within PayPal\'s document', async () => {
    const s = await sellerWithMoney(w, 5000);
    const { res, withdrawalId } = await withdraw(s, 3000);
    expect(res.status).toBe(201);
    const final = await resultOf(withdrawalId);
    const key = withdrawalWorkflowId(withdrawalId);
    const batch = paypal.batchFor(key)!;
    expect(batch).toMatchObject({ receiver: s.settings.settings.paymentAddress, amount: { currency: 'EUR', value: expect.stringMatching(/^\d+\.\d{2}$/) } });
    expect(final).toMatchObject({ state: 'paid', providerRef: batch.transactionId });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    // One payout at PayPal; a call retried on a slow machine meets PayPal's refusal of the repeat, never a second payout.
    expect(postsFor(key)[0]!.status).toBe(201);
    expect(postsFor(key).slice(1).every((c) => c.status === 400)).toBe(true);
    expect(paypal.violations).toEqual([]);
    expect(paypal.calls.every((c) => c.path === '/v1/oauth2/token' || c.authorized)).toBe(true);
  });

  it.each([
    [{ status: 'RETURNED', error: 'RECEIVER_UNREGISTERED' }, 'unclaimed'],
    [{ status: 'RETURNED' }, 'unclaimed'],
    [{ status: 'FAILED', error: 'RECEIVER_UNCONFIRMED' }, 'unverified_account'],
    [{ status: 'FAILED', error: 'RECEIVING_LIMIT_EXCEEDED' }, 'receiving_limit'],
    [{ status: 'RETURNED', error: 'RECEIVER_ACCOUNT_LIMITATION' }, 'receiving_limit'],
    [{ status: 'RETURNED', error: 'PENDING_RECIPIENT_NON_HOLDING_CURRENCY_PAYMENT_PREFERENCE' }, 'receive_only_hold'],
    [{ status: 'BLOCKED', error: 'RISK_DECLINE' }, 'provider_rejected'],
  ] as [PaypalOutcome, FailureReason][])('PayPal item %o fails the withdrawal as %s: the money back once, the seller told why', async (outcome, reason) => {
    const s = await sellerWithMoney(w, 5000);
    paypal.outcome(s.settings.settings.paymentAddress, outcome);
    const { withdrawalId } = await withdraw(s, 3000);
    const final = await resultOf(withdrawalId);
    expect(final).toMatchObject({ state: 'failed', reason, reasonText: FAILURE_TEXT[reason] });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_returned']);
    const rec = (await (await s.fetch(`/api/withdrawals/${withdrawalId}`)).json()) as { withdrawal: WithdrawalStatus };
    expect(rec.withdrawal.reasonText).toBe(FAILURE_TEXT[reason]);
    expect(paypal.violations).toEqual([]);
  });

  it('an UNCLAIMED payout stays in progress (PayPal may still pay it) until PayPal returns it', async () => {
    const s = await sellerWithMoney(w, 5000);
    const address = s.settings.settings.paymentAddress;
    paypal.outcome(address, { status: 'UNCLAIMED', error: 'RECEIVER_UNREGISTERED' });
    const { withdrawalId } = await withdraw(s, 3000);
    const key = withdrawalWorkflowId(withdrawalId);
    const handle = w.temporal.client.workflow.getHandle(key);
    // Two status reads answered UNCLAIMED: the workflow applied the first before it asked again.
    await paypal.nextRead(key);
    await paypal.nextRead(key);
    expect(((await handle.query('status')) as WithdrawalStatus).state).toBe('in_progress');
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 3000 });
    paypal.outcome(address, { status: 'RETURNED', error: 'RECEIVER_UNREGISTERED' });
    expect(await resultOf(withdrawalId)).toMatchObject({ state: 'failed', reason: 'unclaimed' });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
  });

  it('an answer lost after PayPal took the payout: the retried activity meets PayPal\'s sender_batch_id refusal, reads the batch back, and the seller is paid once', async () => {
    const s = await sellerWithMoney(w, 5000);
    paypal.loseFirstAnswer(s.settings.settings.paymentAddress);
    const { withdrawalId } = await withdraw(s, 3000);
    const final = await resultOf(withdrawalId);
    const key = withdrawalWorkflowId(withdrawalId);
    expect(final).toMatchObject({ state: 'paid', providerRef: paypal.batchFor(key)!.transactionId });
    // The first POST was taken (201, its answer cut); the retry's one POST was refused as a repeat: one payout at PayPal.
    expect(postsFor(key).map((c) => c.status)).toEqual([201, 400]);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 0 });
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    expect(paypal.violations).toEqual([]);
  });

  it('asks PayPal for a token once and reuses it until it expires', () => {
    expect(paypal.tokenRequests()).toBe(1);
  });
});
