/**
 * Replaying from the Temporal UI is safe: a faulty deployment fails a comfort run and a withdrawal
 * after their money moved (the activity did its work, then a bug failed the workflow); once fixed,
 * support resets each to its first workflow task, as the UI's Reset does. Both finish, with one
 * credit and one release, one debit and one payout: every balance change and the payout are keyed
 * by the workflow id, which a reset keeps.
 */
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { temporal as proto } from '@temporalio/proto';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComfortRunView } from '../../domain/comfort-trade.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { runWhere, submission, submit } from '../support/comfort.js';
import { eventually } from '../support/servers.js';
import { startSupportWorld, type SupportWorld } from '../support/support-world.js';
import { withdraw } from '../support/withdrawals.js';

/** A deployment with a bug: these activities do their work, then fail the workflow. */
const FAULTY_AFTER = ['releaseComfort', 'completeWithdrawal'];
const faulty: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    async execute(input, next) {
      const done = await next(input);
      if (FAULTY_AFTER.includes(ctx.info.activityType)) throw ApplicationFailure.nonRetryable(`bug after ${ctx.info.activityType}`, 'DeployedBug');
      return done;
    },
  },
});

describe('reset from the UI: a failed comfort run and a failed withdrawal finish without a second credit or payout', () => {
  let w: SupportWorld;
  beforeAll(async () => { w = await startSupportWorld({ activityInterceptors: [faulty] }); });
  afterAll(async () => { await w?.close(); });

  const failed = { comfort: '', withdrawal: '' };
  let comfortSeller: Awaited<ReturnType<SupportWorld['seller']>>;
  let withdrawalSeller: Awaited<ReturnType<SupportWorld['seller']>>;
  let orderEmail = '';
  let withdrawalId = '';
  let runId = '';
  const ledgerOf = (sellerId: string) => w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray();
  const executionStatus = async (workflowId: string) => (await w.temporal.client.workflow.getHandle(workflowId).describe()).status.name;
  const withdrawalRecord = (id: string) => w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: id as never });

  it('a faulty deployment fails both after the money moved', { timeout: 240_000 }, async () => {
    comfortSeller = await w.seller();
    const body = submission({ coinAmount: 200_000 });
    orderEmail = body.email as string;
    runId = (await submit(comfortSeller, body)).runId;
    withdrawalSeller = await w.seller(5_000);
    withdrawalId = (await withdraw(withdrawalSeller, 3_000)).withdrawalId;
    failed.comfort = `comfort-run:${runId}`;
    failed.withdrawal = `withdrawal:${withdrawalId}`;
    for (const id of Object.values(failed)) await eventually(async () => (await executionStatus(id)) === 'FAILED', 120_000, `${id} failed`);

    // The money moved before the bug, but the records stopped short of paid.
    expect((await ledgerOf(comfortSeller.sellerId)).map((e) => e.kind)).toEqual(['comfort_credit_frozen', 'comfort_review_released']);
    expect((await runWhere(comfortSeller, runId, () => true, 'record')).status).toBe('pending_payment');
    expect((await ledgerOf(withdrawalSeller.sellerId)).map((e) => e.kind)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    // Sent or in progress, as far as the record got before the confirmation (a callback may overtake the creation's answer).
    expect(['sent', 'in_progress']).toContain((await withdrawalRecord(withdrawalId))?.state);
  });

  it('reset to the first workflow task after the fix: both finish, one credit, one release, one payout', { timeout: 240_000 }, async () => {
    await w.redeploy([]);
    const newRuns: Record<string, string> = {};
    for (const [what, workflowId] of Object.entries(failed)) {
      const handle = w.temporal.client.workflow.getHandle(workflowId);
      const { runId: failedRun } = await handle.describe();
      const history = await handle.fetchHistory();
      const first = history.events!.find((e) => e.eventType === proto.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED)!;
      const reset = await w.temporal.client.workflowService.resetWorkflowExecution({
        namespace: 'default', workflowExecution: { workflowId, runId: failedRun }, reason: `support: bug fixed, replay ${what}`,
        workflowTaskFinishEventId: first.eventId, requestId: randomUUID(),
      });
      newRuns[workflowId] = reset.runId!;
    }
    for (const [workflowId, run] of Object.entries(newRuns)) await w.temporal.client.workflow.getHandle(workflowId, run).result();

    const run = await runWhere(comfortSeller, runId, (r: ComfortRunView) => r.status === 'paid', 'the record follows the reset to paid');
    expect(run).toMatchObject({ coinsTransferred: 200_000, creditedCents: 500 });
    const comfortLedger = await ledgerOf(comfortSeller.sellerId);
    expect(comfortLedger.map((e) => [e.kind, e.opId])).toEqual([
      ['comfort_credit_frozen', `comfort-run:${runId}:credit`], ['comfort_review_released', `comfort-run:${runId}:release`],
    ]);
    expect(comfortLedger.at(-1)!.after).toEqual({ available: 500, frozen: 0, pendingPayout: 0 });
    const orders = (await (await fetch(`${w.simUrl}/test/transfer/orders`)).json()) as { orders: { orderId: string; email: string }[] };
    expect(orders.orders.filter((o) => o.email === orderEmail).map((o) => o.orderId)).toEqual([runId]);

    expect(await withdrawalRecord(withdrawalId)).toMatchObject({ state: 'paid' });
    const withdrawalLedger = await ledgerOf(withdrawalSeller.sellerId);
    expect(withdrawalLedger.map((e) => e.kind)).toEqual(['player_freeze_released', 'withdrawal_requested', 'withdrawal_paid']);
    expect(withdrawalLedger.at(-1)!.after).toEqual({ available: 2_000, frozen: 0, pendingPayout: 0 });
    expect((await w.simPayouts()).payouts.filter((p) => p.key === failed.withdrawal).map((p) => p.state)).toEqual(['paid']);
  });
});
