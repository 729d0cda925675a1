import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { WorkflowClient } from '@temporalio/client';
import { connectTemporal } from '../../infra/temporal.js';
import { COUNTDOWN_SIGNALS, countdownWorkflowId, type CountdownStatus } from '../../domain/countdown.js';
import { SA } from '../../domain/search-attributes.js';
import { PROCESS_STATUS_COLLECTION } from '../support/workflows/countdown-activities.js';
import { eventually, startTestWorker, testDatabase, uniqueQueue } from '../support/servers.js';
import { recordHistory } from '../support/histories.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';

type Db = Awaited<ReturnType<typeof testDatabase>>;

describe('countdown workflow on the real Temporal server', () => {
  let database: Db;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  beforeAll(async () => {
    database = await testDatabase('countdown');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
  });
  afterAll(async () => {
    await temporal?.connection.close();
    await database?.drop();
  });

  const start = (client: WorkflowClient, taskQueue: string, id: string, durationMs: number) =>
    client.start('countdownWorkflow', {
      taskQueue, workflowId: countdownWorkflowId(id), args: [{ id, sellerId: 'seller-1', durationMs }],
      typedSearchAttributes: [{ key: SA.sellerId, value: 'seller-1' }, { key: SA.kind, value: 'countdown' }, { key: SA.status, value: 'running' }],
    });

  it('ends by the seller\'s signal before the deadline and records it', async () => {
    const queue = uniqueQueue('cd-signal');
    const w = await startTestWorker(database.db, queue);
    try {
      const id = `sig-${Date.now()}`;
      const handle = await start(temporal.client.workflow, queue, id, 60_000);
      await eventually(() => database.db.db!.collection(PROCESS_STATUS_COLLECTION).findOne({ _id: countdownWorkflowId(id) as never }), 15_000, 'running status');
      await handle.signal(COUNTDOWN_SIGNALS.finish, { outcome: 'bought' });
      const result: CountdownStatus = await handle.result();
      expect(result.state).toBe('finished');
      expect(result.outcome).toBe('bought');
      await recordHistory(handle, 'countdown--finished-by-signal');
      const doc = await database.db.db!.collection(PROCESS_STATUS_COLLECTION).findOne({ _id: countdownWorkflowId(id) as never });
      expect(doc?.status).toMatchObject({ state: 'finished', outcome: 'bought' });
      // A late, repeated signal is refused by Temporal (the run is closed) and changes nothing.
      await expect(handle.signal(COUNTDOWN_SIGNALS.finish, { outcome: 'not-bought' })).rejects.toThrow();
    } finally {
      await w.shutdown();
    }
  });

  it('expires at its deadline when nobody answers, and carries search attributes', async () => {
    const queue = uniqueQueue('cd-timeout');
    const w = await startTestWorker(database.db, queue);
    try {
      const id = `exp-${Date.now()}`;
      const handle = await start(temporal.client.workflow, queue, id, 1500);
      const result: CountdownStatus = await handle.result();
      expect(result.state).toBe('expired');
      expect(result.outcome).toBeNull();
      await recordHistory(handle, 'countdown--expired');
      // Not before its deadline, by the server's own clock (start and close times of the run).
      const desc = await handle.describe();
      expect(desc.closeTime!.getTime() - desc.startTime.getTime()).toBeGreaterThanOrEqual(1400);
      expect(desc.typedSearchAttributes.get(SA.status)).toBe('expired');
      expect(desc.typedSearchAttributes.get(SA.sellerId)).toBe('seller-1');
    } finally {
      await w.shutdown();
    }
  });

  it('refuses a second start with the same business id', async () => {
    const queue = uniqueQueue('cd-dup');
    const id = `dup-${Date.now()}`;
    await start(temporal.client.workflow, queue, id, 60_000);
    await expect(start(temporal.client.workflow, queue, id, 60_000)).rejects.toThrow(/already started/i);
    await temporal.client.workflow.getHandle(countdownWorkflowId(id)).terminate('test cleanup');
  });

  it('finishes correctly after its worker process is killed mid-countdown and another starts', async () => {
    const queue = uniqueQueue('cd-kill');
    const env = {
      ...process.env,
      MONGODB_URI: inject('mongoUri'), MONGODB_DB: database.name,
      TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY,
      // As in production (the image sets WORKFLOW_BUNDLE): a restarted worker polls at once instead of bundling again.
      WORKFLOW_BUNDLE: inject('workflowBundlePath'),
    };
    // The app's worker in a process of its own, with the test-only countdown's activity (workers/main.ts no longer registers it).
    const spawnWorker = (): ChildProcess => spawn(process.execPath, ['--import', 'tsx', 'tests/support/workflows/countdown-worker.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const statuses = database.db.db!.collection(PROCESS_STATUS_COLLECTION);

    let worker = spawnWorker();
    const expiring = `kill-exp-${Date.now()}`;
    const answered = `kill-sig-${Date.now()}`;
    const h1 = await start(temporal.client.workflow, queue, expiring, 8000);
    const h2 = await start(temporal.client.workflow, queue, answered, 60_000);
    await eventually(async () => (await statuses.countDocuments({ _id: { $in: [countdownWorkflowId(expiring), countdownWorkflowId(answered)] } as never })) === 2, 60_000, 'both countdowns running');

    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    // While no worker runs, the seller answers; the signal waits in the history.
    await h2.signal(COUNTDOWN_SIGNALS.finish, { outcome: 'bought' });

    worker = spawnWorker();
    try {
      const [r1, r2]: CountdownStatus[] = await Promise.all([h1.result(), h2.result()]);
      expect(r1.state).toBe('expired');
      expect(r2).toMatchObject({ state: 'finished', outcome: 'bought' });
      expect((await statuses.findOne({ _id: countdownWorkflowId(answered) as never }))?.status).toMatchObject({ state: 'finished' });
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
  });
});
