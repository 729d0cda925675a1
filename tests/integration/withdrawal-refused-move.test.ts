import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { signBody } from '../../infra/payout/contract.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

/**
 * A move the withdrawal's table refuses is never dropped: the provider saying "paid" after its own
 * "failed" callback returned the money would pay the seller twice, and support must hear of it. The
 * run stops on a failed workflow task (shown in the Temporal UI) instead of ending as failed.
 */
describe('withdrawal: a move the table refuses is reported, not ignored', () => {
  let w: WithdrawalWorld;
  // Many quick provider attempts: the creation keeps retrying while the test lines up the provider's answers.
  beforeAll(async () => { w = await startWithdrawalWorld({ timings: { providerAttempts: 100, providerRetryMs: 100 } }); });
  afterAll(async () => { await w?.close(); });

  it('the provider answering paid after its failed callback fails the workflow task', async () => {
    const s = await sellerWithMoney(w, 5000);
    const address = s.settings.settings.paymentAddress;
    await w.steer({ address, down: true });
    const { res, body: sent, withdrawalId } = await withdraw(s, 2000);
    expect({ status: res.status, sent }).toMatchObject({ status: 201 });
    const key = withdrawalWorkflowId(withdrawalId);
    const handle = w.temporal.client.workflow.getHandle(key);

    // While the creation is retried, the provider calls back "failed" (signed)...
    const body = JSON.stringify({ payout: { payoutId: 'po_x', key, state: 'failed', failure: 'wrong_address', reference: null, updatedAt: Date.now() } });
    const failed = await fetch(w.callbackUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-payout-signature': signBody(CALLBACK_SECRET, body) } });
    expect(await failed.json()).toEqual({ ok: true, applied: true });
    // ...then pays the same payout (same key) and says so, and the creation's answer is that paid payout.
    // (Created in the simulator itself: its HTTP face is down for this address until the creation may succeed.)
    const asked = (await handle.query('status')) as WithdrawalStatus;
    await w.steer({ address, outcome: 'pending' });
    expect(w.sim.payouts.create({ key, method: asked.method, address, trueName: asked.trueName, amountCents: asked.fees.totalPayoutCents, currency: 'EUR', quoteId: null, callbackUrl: w.callbackUrl }).ok).toBe(true);
    await w.sim.payouts.settle(key, 'paid', null);
    await w.steer({ address, down: false });

    // The authoritative end: the run either completed (the refused move dropped) or its task failed.
    const end = await eventually(async () => {
      if ((await handle.describe()).status.name !== 'RUNNING') return { completed: (await handle.result()) as WithdrawalStatus };
      const events = (await handle.fetchHistory()).events ?? [];
      const taskFailed = events.find((e) => e.workflowTaskFailedEventAttributes)?.workflowTaskFailedEventAttributes;
      return taskFailed ? { taskFailed: taskFailed.failure?.message ?? '' } : null;
    }, 60_000, 'the run to end or its task to fail');
    expect(end).toEqual({ taskFailed: expect.stringMatching(/no longer waiting for the provider/) });
    // What the seller sees until support acts: the provider's failure returned the money, once.
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    await handle.terminate('test over: the refused move was reported');
  });
});
