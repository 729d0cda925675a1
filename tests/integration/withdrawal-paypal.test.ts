/**
 * Withdrawals paid through the PayPal Payouts adapter (infra/payout/paypal-gateway.ts) against a mock
 * generated from PayPal's own OpenAPI document (tests/support/paypal-mock.ts: prism with --errors, so
 * every request we send is checked against PayPal's schema): paid, failed with each mapped reason,
 * unclaimed (still PayPal's until it is returned), and an answer lost after PayPal took the payout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_TEXT, withdrawalWorkflowId, type FailureReason, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { createPaypalGateway } from '../../infra/payout/paypal-gateway.js';
import { createPaypalWebhooks } from '../../infra/payout/paypal-webhooks.js';
import { startPaypalMock, type PaypalMock, type PaypalOutcome } from '../support/paypal-mock.js';
import { eventually } from '../support/wait.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

const CREDS = { clientId: 'AQtest-client', clientSecret: 'EHtest-secret-never-logged', webhookId: '8PT597110X687430L' };

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

  it('PayPal refusing for our own balance (INSUFFICIENT_FUNDS) never fails the seller\'s withdrawal: it waits for support, who retries after topping up, and it is paid once', async () => {
    const s = await sellerWithMoney(w, 5000);
    const address = s.settings.settings.paymentAddress;
    paypal.refuseCreates(address, 'INSUFFICIENT_FUNDS');
    const { withdrawalId } = await withdraw(s, 3000);
    const key = withdrawalWorkflowId(withdrawalId);
    const handle = w.temporal.client.workflow.getHandle(key);
    await eventually(async () => ((await handle.query('status')) as WithdrawalStatus).state === 'needs_support', 30_000, 'the withdrawal waiting for support');
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 3000 });
    expect(postsFor(key).length).toBeGreaterThan(0);
    expect(postsFor(key).every((c) => c.status === 422)).toBe(true);
    paypal.refuseCreates(address, null);
    await handle.executeUpdate('supportRetry', { args: [{ by: 'ana', reason: 'PayPal balance topped up' }] });
    expect(await handle.result()).toMatchObject({ state: 'paid', providerRef: paypal.batchFor(key)!.transactionId });
    expect(postsFor(key).filter((c) => c.status === 201)).toHaveLength(1);
    expect(await ledgerKinds(s.sellerId)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    expect(paypal.violations).toEqual([]);
  });

  it('asks PayPal for a token once and reuses it until it expires', () => {
    expect(paypal.tokenRequests()).toBe(1);
  });

  it('has no PayPal webhook endpoint where PAYPAL_WEBHOOK_ID is not set', async () => {
    const res = await fetch(`${w.app.url}/api/payouts/paypal-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });
});

describe('PayPal\'s payout webhooks (verified through PayPal\'s verify-webhook-signature, mocked from its document)', () => {
  let w: WithdrawalWorld;
  let paypal: PaypalMock;
  beforeAll(async () => {
    paypal = await startPaypalMock(CREDS);
    const opts = { ...CREDS, baseUrl: paypal.url, timeoutMs: 4_000 };
    // Status reads an hour apart: within this test only a webhook can move a withdrawal after PayPal took it.
    w = await startWithdrawalWorld({ worker: false, timings: { providerCallTimeoutMs: 5_000, pollMs: 3_600_000 }, paypalWebhooks: createPaypalWebhooks(opts) });
    await w.startWorker({ paypal: createPaypalGateway(opts) });
  });
  afterAll(async () => {
    await w?.close();
    await paypal?.close();
  });

  const deliver = (d: { body: string; headers: Record<string, string> }) => fetch(`${w.app.url}/api/payouts/paypal-webhook`, { method: 'POST', headers: d.headers, body: d.body });
  /** A withdrawal PayPal took and still shows PENDING: the workflow waits for PayPal's word. */
  const takenByPaypal = async (outcome: PaypalOutcome) => {
    const s = await sellerWithMoney(w, 5000);
    paypal.outcome(s.settings.settings.paymentAddress, { status: 'PENDING' });
    const { withdrawalId } = await withdraw(s, 3000);
    const key = withdrawalWorkflowId(withdrawalId);
    const handle = w.temporal.client.workflow.getHandle(key);
    await eventually(async () => ((await handle.query('status')) as WithdrawalStatus).state === 'in_progress', 30_000, 'the payout taken by PayPal');
    paypal.outcome(s.settings.settings.paymentAddress, outcome);
    return { s, key, handle };
  };

  it('a verified PAYMENT.PAYOUTS-ITEM.SUCCEEDED pays the withdrawal at once, from the batch read back; its replay changes nothing', async () => {
    const { s, key, handle } = await takenByPaypal({ status: 'SUCCESS' });
    const delivery = paypal.webhook(key, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const res = await deliver(delivery);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ applied: true });
    expect(await handle.result()).toMatchObject({ state: 'paid', providerRef: paypal.batchFor(key)!.transactionId });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 0 });
    const again = await deliver(delivery);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ applied: false });
    expect((await w.wallets.ledger.find({ sellerId: s.sellerId }).toArray()).map((e) => e.kind)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    expect(paypal.violations).toEqual([]);
  });

  it('a verified PAYMENT.PAYOUTS-ITEM.FAILED returns the money once, with PayPal\'s reason in the seller\'s words', async () => {
    const { s, key, handle } = await takenByPaypal({ status: 'FAILED', error: 'RECEIVER_UNCONFIRMED' });
    expect((await deliver(paypal.webhook(key, 'PAYMENT.PAYOUTS-ITEM.FAILED'))).status).toBe(200);
    expect(await handle.result()).toMatchObject({ state: 'failed', reason: 'unverified_account', reasonText: FAILURE_TEXT.unverified_account });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    expect(paypal.violations).toEqual([]);
  });

  it('an event PayPal does not verify, or one without PayPal\'s transmission headers, moves nothing', async () => {
    const { s, key, handle } = await takenByPaypal({ status: 'SUCCESS' });
    const forged = paypal.webhook(key, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', { forged: true });
    const refused = await deliver(forged);
    expect(refused.status).toBe(401);
    expect(paypal.verifications.at(-1)).toMatchObject({ transmissionId: forged.headers['paypal-transmission-id'], verdict: 'FAILURE' });
    // A genuine event edited on the way is no longer the event PayPal signed.
    const genuine = paypal.webhook(key, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    expect((await deliver({ ...genuine, body: genuine.body.replace('"resource_version":"1.0"', '"resource_version":"1.0" ') })).status).toBe(401);
    // A body past PayPal's event sizes is refused before anything is sent to PayPal to verify.
    const asked = paypal.verifications.length;
    const huge = await deliver({ ...genuine, body: JSON.stringify({ ...JSON.parse(genuine.body), padding: 'x'.repeat(100_000) }) });
    expect(huge.status).toBe(413);
    expect(paypal.verifications).toHaveLength(asked);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = genuine.headers;
    const bare = await deliver({ ...genuine, headers: unsigned });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { message: string } }).error.message).toContain('PAYPAL-TRANSMISSION-SIG');
    expect(((await handle.query('status')) as WithdrawalStatus).state).toBe('in_progress');
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 3000 });
    // The same event as PayPal sent it still counts.
    expect((await deliver(genuine)).status).toBe(200);
    expect(await handle.result()).toMatchObject({ state: 'paid' });
    expect(paypal.violations).toEqual([]);
  });
});
