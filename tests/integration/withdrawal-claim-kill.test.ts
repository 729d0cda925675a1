/**
 * Issue 34's leftover: a withdrawal confirmation whose API process dies between claiming the draft and
 * starting the withdrawal's workflow. The draft is claimed (for the sending request, 60 s) and removed
 * only once the workflow is started (api/withdrawals/service.ts, infra/withdrawals/drafts.ts), so the
 * v1 retry with the same Idempotency-Key gets its withdrawal, paid once. The process is really killed:
 * its Temporal connection goes through a proxy frozen after the API is up, so its start hangs, and it is
 * SIGKILLed once the draft shows the confirmation got that far.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DRAFTS_COLLECTION, type DraftDoc } from '../../infra/withdrawals/drafts.js';
import { IDEMPOTENCY_COLLECTION } from '../../api/v1/idempotency.js';
import { connectTemporal } from '../../infra/temporal.js';
import { exited, spawnApiProcess } from '../support/api-process.js';
import { startApiWorld, type ApiWorld } from '../support/api-v1.js';
import { startFreezableProxy, type FreezableProxy } from '../support/freezable-proxy.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { processDrivers } from '../support/settled.js';
import { eventually } from '../support/wait.js';
import { CALLBACK_SECRET } from '../support/withdrawals.js';

describe('a withdrawal confirmation whose API dies between the draft\'s claim and the workflow\'s start', () => {
  let w: ApiWorld;
  let proxy: FreezableProxy & { port: number };
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let dying: Awaited<ReturnType<typeof spawnApiProcess>> | null = null;
  beforeAll(async () => {
    w = await startApiWorld();
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    const [host, port] = inject('temporalAddress').split(':');
    proxy = await startFreezableProxy(host!, Number(port));
  });
  afterAll(async () => {
    if (dying) { dying.proc.kill('SIGKILL'); await exited(dying.proc); }
    proxy?.thaw();
    await proxy?.close();
    await temporal?.connection.close();
    await w?.close();
  });

  it('leaves the code to the same request\'s retry: the v1 retry with the same Idempotency-Key gets its withdrawal, paid once', async () => {
    const s = await w.apiSeller(['read', 'withdraw']);
    await w.wallets.apply({ sellerId: s.sellerId, opId: 'seed:claim', kind: 'player_freeze_released', delta: { available: 5000 }, ref: 'claim' });
    const asked = await s.call('/withdrawals/code', { body: { amountCents: 3000, email: s.email }, idem: randomUUID() });
    expect(asked.status).toBe(200);
    const { withdrawalId } = (await asked.json()) as { withdrawalId: string };
    const body = { withdrawalId, code: codeIn(await waitForMail(s.email, /withdrawal verification code/i)) };

    // A second API replica on the same database, reaching Temporal through the proxy.
    dying = await spawnApiProcess({
      ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: w.app.dbName, TEMPORAL_ADDRESS: `127.0.0.1:${proxy.port}`,
      TEMPORAL_TASK_QUEUE: w.taskQueue, LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY, LIVE_TOKEN_SECRET: w.app.liveSecret,
      SESSION_SECRET: undefined, PAYOUT_CALLBACK_SECRET: CALLBACK_SECRET, PROVIDER_URL: w.simUrl, SMTP_URL: inject('smtpUrl'), MARKET_SYNC: '0',
    });
    await eventually(async () => (await fetch(`${dying!.url}/ready`)).ok, 60_000, 'the second replica ready (Temporal answered)');
    proxy.freeze();

    const idem = randomUUID();
    const first = fetch(`${dying.url}/api/v1/withdrawals`, {
      method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json', 'idempotency-key': idem }, body: JSON.stringify(body),
    }).then((r) => r.status, () => 'no answer');
    // The confirmation got past the code: the draft is claimed for sending (or, on the code before the
    // claim, already deleted), and the workflow's start hangs on the frozen Temporal.
    const drafts = w.app.db.db!.collection<DraftDoc>(DRAFTS_COLLECTION);
    await eventually(async () => {
      const d = await drafts.findOne({ _id: withdrawalId });
      return !d || Boolean(d.sendingBy);
    }, 30_000, 'the draft claimed by the confirmation');
    dying.proc.kill('SIGKILL');
    await exited(dying.proc);
    expect(await first).toBe('no answer');
    proxy.thaw();
    // Nothing was started.
    expect(await w.app.db.db!.collection('withdrawals').countDocuments({ sellerId: s.sellerId })).toBe(0);

    // The dead process left the request's key claimed; once that claim's lease lapsed it is taken over (as in api-v1.test.ts).
    const kept = w.app.db.db!.collection<{ _id: string }>(IDEMPOTENCY_COLLECTION);
    expect((await kept.updateOne({ _id: `${s.sellerId}:${idem}` }, { $set: { pendingUntil: new Date(Date.now() - 1000) } })).matchedCount).toBe(1);
    const retried = await s.call('/withdrawals', { body, idem });
    const answer = (await retried.json()) as { withdrawal?: { withdrawalId: string; fees: { amountCents: number } }; error?: unknown };
    expect(retried.status, JSON.stringify(answer)).toBe(201);
    expect(answer.withdrawal).toMatchObject({ withdrawalId, fees: { amountCents: 3000 } });

    // Paid once: the workflow's result, then its record, then what the seller reads and the money.
    const { result, record } = await processDrivers(temporal.client, w.app.db.db!).withdrawals.settled(withdrawalId);
    expect(result).toMatchObject({ state: 'paid' });
    expect(record).toMatchObject({ state: 'paid', sellerId: s.sellerId });
    const list = (await (await s.call('/withdrawals')).json()) as { items: { withdrawalId: string; state: string }[] };
    expect(list.items).toMatchObject([{ withdrawalId, state: 'paid' }]);
    expect(((await (await s.call('/balance')).json()) as { wallet: { available: number } }).wallet.available).toBe(2000);
    expect(await drafts.countDocuments({ _id: withdrawalId })).toBe(0);
  });
});
