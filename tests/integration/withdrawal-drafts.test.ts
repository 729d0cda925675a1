import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_INVALID } from '../../domain/messages.js';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { recordHistory } from '../support/histories.js';
import { sweepExpiredWithdrawalData } from '../../infra/withdrawals/sweep.js';
import { DRAFTS_COLLECTION } from '../../infra/withdrawals/drafts.js';
import { PAYONEER_STATES } from '../../infra/payout/payoneer-states.js';
import { startTestApp } from '../support/app.js';
import { sellerFetch } from '../support/sellers.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, post, requestCode, sellerWithMoney, startWithdrawalWorld, type WithdrawalWorld } from '../support/withdrawals.js';

/**
 * Withdrawal codes that are never confirmed expire and are cleaned up: the worker's
 * `withdrawal-drafts` schedule sweeps expired drafts (the fixed details and the hashed code) once per
 * period for the whole cluster, and neither loses a live draft nor lets an expired one through on
 * either of two API replicas.
 */
describe('expired withdrawal drafts are swept by the cluster\'s schedule', () => {
  let w: WithdrawalWorld;
  // A second replica on the same database whose codes live 2 seconds (the schedule sweeps every second).
  let short: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    w = await startWithdrawalWorld({ sweepMs: 1_000 });
    short = await startTestApp({ dbName: w.app.dbName, liveSecret: w.app.liveSecret }, {
      withdrawals: { taskQueue: w.taskQueue, timings: w.timings, payouts: w.gateway, callbackSecret: CALLBACK_SECRET },
      accounts: { limits: { resendWaitSeconds: 0, codeTtlSeconds: 2 } },
    });
  });
  afterAll(async () => {
    await short?.close();
    await w?.close();
  });
  const drafts = () => w.app.db.db!.collection(DRAFTS_COLLECTION);

  it('an unconfirmed code expires and is deleted; confirming it then moves nothing, while a live code still sends', async () => {
    const s = await sellerWithMoney(w, 6000);
    const live = await requestCode(s, 2500); // 10 minutes' lifetime (the first replica)
    const onShort = { ...s, fetch: sellerFetch(short.url, s.cookie, s.csrf) };
    const stale = await requestCode(onShort, 3000, 2); // 2 seconds' lifetime
    expect(await drafts().countDocuments({ _id: stale.withdrawalId as never })).toBe(1);

    await eventually(async () => (await drafts().countDocuments({ _id: stale.withdrawalId as never })) === 0, 30_000, 'expired draft swept');
    expect(await drafts().countDocuments({ _id: live.withdrawalId as never })).toBe(1);

    for (const who of [s, onShort]) {
      const res = await post(who, '/api/withdrawals', { withdrawalId: stale.withdrawalId, code: stale.code });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'code_invalid', fields: [{ field: 'code', message: CODE_INVALID }] } });
    }
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 6000, pendingPayout: 0 });
    await expect(w.temporal.client.workflow.getHandle(withdrawalWorkflowId(stale.withdrawalId)).describe()).rejects.toThrow();

    const sent = await post(s, '/api/withdrawals', { withdrawalId: live.withdrawalId, code: live.code });
    expect(sent.status).toBe(201);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 3500, pendingPayout: 2500 });
    expect(await drafts().countDocuments({ _id: live.withdrawalId as never })).toBe(0);
    const handle = w.temporal.client.workflow.getHandle(withdrawalWorkflowId(live.withdrawalId));
    expect(((await handle.result()) as WithdrawalStatus).state).toBe('paid');
    // A run with today's patches (local steps: answered once the record is written) for the replay test.
    await recordHistory(handle, 'withdrawal--local-steps-paid-drafts');
  }, 120_000);

  it('an abandoned Payoneer binding state is deleted once expired, and its link then fails', async () => {
    const s = await sellerWithMoney(w, 0);
    const res = await s.fetch('/api/member/payoneer/bind', { method: 'POST', body: JSON.stringify({ currentPassword: s.password }) });
    expect(res.status).toBe(200);
    const state = new URL(((await res.json()) as { url: string }).url).searchParams.get('state')!;
    const states = w.app.db.db!.collection<{ sellerId: string; expiresAt: Date }>(PAYONEER_STATES);
    const doc = await states.findOne({ sellerId: s.sellerId });
    expect(doc).not.toBeNull();
    // What a sweep round does once the state's 10 minutes are over (a sweep before then keeps it).
    await sweepExpiredWithdrawalData(w.app.db.db!, doc!.expiresAt.getTime() - 1);
    expect(await states.countDocuments({ sellerId: s.sellerId })).toBe(1);
    const swept = await sweepExpiredWithdrawalData(w.app.db.db!, doc!.expiresAt.getTime());
    expect(swept.payoneerStates).toBeGreaterThanOrEqual(1);
    expect(await states.countDocuments({ sellerId: s.sellerId })).toBe(0);
    const back = await s.fetch(`/api/member/payoneer/callback?state=${encodeURIComponent(state)}&code=any`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/member/my-info?payoneer=invalid');
  });
});
