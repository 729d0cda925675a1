import { spawn, type ChildProcess } from 'node:child_process';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { eventually } from '../support/servers.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';
import { entryArgs } from '../support/built.js';

describe('a withdrawal survives its worker process being killed (SIGKILL)', () => {
  let w: WithdrawalWorld;
  beforeAll(async () => {
    w = await startWithdrawalWorld({
      worker: false,
      // A provider call may take minutes (longer than this test may wait): a crashed worker's call must
      // be retried after the heartbeat timeout, never after the call timeout. The provider stays down
      // across a whole worker restart in the first test, so it gets more tries than the default world.
      timings: { providerCallTimeoutMs: 300_000, providerHeartbeatMs: 2_000, providerAttempts: 20 },
    });
  });
  const spawned = new Set<ChildProcess>();
  afterAll(async () => {
    for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL'); // a failed test leaves none behind
    await w?.close();
  });

  // As in production (the image sets WORKFLOW_BUNDLE): the new worker loads the prebuilt workflow bundle.
  const spawnWorker = (): ChildProcess => {
    const p = spawnProcess();
    spawned.add(p);
    return p;
  };
  const spawnProcess = (): ChildProcess => spawn(process.execPath, entryArgs('workers/main.ts'), {
    env: {
      ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: w.app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY,
      TEMPORAL_TASK_QUEUE: w.taskQueue, LOG_LEVEL: 'warn', PAYOUT_PROVIDER_URL: w.simUrl, PAYOUT_CALLBACK_URL: w.callbackUrl, MARKET_SYNC: '0',
      WORKFLOW_BUNDLE: inject('workflowBundlePath'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = async (p: ChildProcess) => {
    p.kill('SIGKILL');
    await new Promise((r) => p.once('exit', r));
  };
  const stop = async (p: ChildProcess) => {
    p.kill('SIGTERM');
    await new Promise((r) => p.once('exit', r));
  };

  it('killed between the debit and the payout: paid exactly once', async () => {
    const s = await sellerWithMoney(w, 5000);
    const address = s.settings.settings.paymentAddress;
    await w.steer({ address, down: true }); // the payout call keeps failing after the debit
    let worker = spawnWorker();
    const { res, withdrawalId } = await withdraw(s, 3000);
    expect(res.status).toBe(201);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 3000 });
    await kill(worker);
    await w.steer({ address, down: false });
    worker = spawnWorker();
    try {
      const final = (await w.temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)).result()) as WithdrawalStatus;
      expect(final.state).toBe('paid');
      expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2000, pendingPayout: 0 });
      expect((await w.payouts()).payouts.filter((p) => p.key === withdrawalWorkflowId(withdrawalId))).toMatchObject([{ state: 'paid' }]);
      expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId })).toBe(3);
    } finally {
      await stop(worker);
    }
  }, 120_000);

  it('killed between the payout and its confirmation: paid exactly once', async () => {
    const s = await sellerWithMoney(w, 5000);
    const address = s.settings.settings.paymentAddress;
    // Created at the provider at once, but the worker dies before the answer arrives; confirmed later.
    await w.steer({ address, outcome: 'pending', answerDelayMs: 5_000 });
    let worker = spawnWorker();
    const { withdrawalId } = await withdraw(s, 2500);
    const key = withdrawalWorkflowId(withdrawalId);
    await eventually(async () => (await w.payouts()).payouts.some((p) => p.key === key), 30_000, 'payout created');
    await kill(worker);
    // The provider confirms while no worker runs (the callback cannot be applied yet; twice for good measure).
    const settled = fetch(`${w.simUrl}/test/payouts/${encodeURIComponent(key)}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: 'paid', duplicates: 1 }) }).catch(() => undefined);
    worker = spawnWorker();
    try {
      const final = (await w.temporal.client.workflow.getHandle(key).result()) as WithdrawalStatus;
      expect(final.state).toBe('paid');
      expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 2500, pendingPayout: 0 });
      expect((await w.payouts()).payouts.filter((p) => p.key === key)).toMatchObject([{ state: 'paid', amountCents: final.fees.totalPayoutCents }]);
      expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId, kind: 'withdrawal_paid' })).toBe(1);
      expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId })).toBe(3);
      await settled;
    } finally {
      await stop(worker);
    }
  }, 120_000);
});
