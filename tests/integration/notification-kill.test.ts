/**
 * Exactly one mail when the worker dies right after the SMTP server accepted it: the worker process
 * (tests/support/notify-kill-worker.ts) SIGKILLs itself as soon as the action mail is sent, before
 * the outbox records it; Temporal retries the record activity on a fresh worker, which announces
 * the change again and finds the mail's attempt claimed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { OUTBOX_CLAIMS_COLLECTION, OUTBOX_COLLECTION, type OutboxDoc } from '../../infra/notifications/outbox.js';
import { NOTIFICATIONS_COLLECTION } from '../../infra/notifications/inbox.js';
import { connectTemporal } from '../../infra/temporal.js';
import { removeQueueSweepSchedules } from '../../infra/sweeps/schedules.js';
import { SweepLog } from '../../infra/sweeps/sweep-log.js';
import { startTestApp } from '../support/app.js';
import { FAST_COMFORT, runWhere, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { spawnApp, type AppProcess } from '../support/processes.js';
import { createProvenSeller } from '../support/proven.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { eventually, uniqueQueue } from '../support/servers.js';

describe('a notification mail survives its worker being killed right after the send', () => {
  const queue = uniqueQueue('notify-kill');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  const workers: AppProcess[] = [];
  beforeAll(async () => {
    sim = await startTransferSimulator();
    // The killed write is retried once its attempt times out: 5 s here instead of the production 30 s.
    app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings: { ...FAST_COMFORT, storeAttemptMs: 5_000 } } });
  });
  afterAll(async () => {
    for (const w of workers) await w.kill('SIGTERM');
    // Worker processes leave their schedules to the next replica; this queue has none, so they go with the test.
    if (app) {
      const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
      await removeQueueSweepSchedules(temporal.client, queue, await SweepLog.open(app.db.db!)).finally(() => temporal.connection.close());
    }
    await app?.close();
    await sim?.close();
  });

  it('mails once: the retried activity finds the attempt claimed', { timeout: 180_000 }, async () => {
    const env = {
      MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), WORKFLOW_BUNDLE: inject('workflowBundlePath'),
      TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'warn', PROVIDER_URL: sim.url, MARKET_SYNC: '0', SECRETS_KEY: TEST_SECRETS_KEY,
      SMTP_URL: inject('smtpUrl'), PUBLIC_URL: app.url, NOTIFY_SWEEP_MS: '200',
    };
    const seller = await createProvenSeller(app);
    const first = spawnApp('killed worker', 'tests/support/notify-kill-worker.ts', { ...env, KILL_AFTER_SUBJECT: '^Action needed' });
    workers.push(first);
    const body = submission();
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const run = await submit(seller, body);

    await waitForMail(seller.email, /^Action needed/, 1, 60_000);
    await new Promise<void>((resolve) => { if (first.proc.exitCode !== null || first.proc.signalCode !== null) resolve(); else first.proc.once('exit', () => resolve()); });
    expect(first.proc.signalCode).toBe('SIGKILL');
    // Killed between the send and recording it: the attempt is claimed, the mail still pending.
    const outbox = app.db.db!.collection<OutboxDoc>(OUTBOX_COLLECTION);
    const [doc] = await outbox.find({ sellerId: seller.sellerId }).toArray();
    expect(doc).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await app.db.db!.collection(OUTBOX_CLAIMS_COLLECTION).countDocuments({ _id: `${doc._id}#1` as never })).toBe(1);

    workers.push(spawnApp('worker', 'workers/main.ts', env));
    // The record activity the kill interrupted is retried (after its 5 s attempt timeout) and completes on the new worker.
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    try {
      await eventually(async () => {
        const d = await temporal.client.workflow.getHandle(comfortRunWorkflowId(run.runId)).describe();
        return d.raw.pendingActivities?.length === 0 ? true : null;
      }, 90_000, 'the interrupted activity completed on the new worker');
    } finally {
      await temporal.connection.close();
    }
    expect(await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'still waiting for the seller')).toMatchObject({ waitingFor: 'seller' });
    expect((await mailsTo(seller.email)).filter((m) => /^Action needed/.test(m.subject))).toHaveLength(1);
    expect(await app.db.db!.collection(NOTIFICATIONS_COLLECTION).countDocuments({ sellerId: seller.sellerId, kind: 'action_needed' })).toBe(1);
  });
});
