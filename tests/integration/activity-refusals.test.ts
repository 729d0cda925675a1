import { fileURLToPath } from 'node:url';
import { testKeyRing } from '../support/secrets.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ActivityFailure, ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { connectTemporal } from '../../infra/temporal.js';
import { createWorker } from '../../workers/worker.js';
import { newId } from '../support/player-trade.js';
import { testDatabase, testLogger, uniqueQueue } from '../support/servers.js';

/**
 * Business refusals are final at the activity boundary (workers/activity-boundary.ts): the wallet's
 * insufficient_balance inside an activity fails the workflow step after one attempt, although the
 * store policy retries infrastructure failures without end.
 */
describe('a business refusal inside an activity', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  const queue = uniqueQueue('refusal');

  beforeAll(async () => {
    database = await testDatabase('refusal');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: database.db, logger: testLogger(), secrets: testKeyRing(),
      workflowsPath: fileURLToPath(new URL('../support/workflows/refusal-probe.ts', import.meta.url)),
    });
  });
  afterAll(async () => {
    await worker?.shutdown();
    await temporal?.connection.close();
    await database?.drop();
  });

  it('fails its workflow step at once, with the refusal code, after exactly one attempt', async () => {
    const handle = await temporal.client.workflow.start('releaseWithoutFrozenIncome', {
      taskQueue: queue, workflowId: newId('refusal'), args: [{ sellerId: newId('seller'), opId: newId('op'), cents: 500 }],
      workflowExecutionTimeout: '60 seconds',
    });
    const err = await handle.result().then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(WorkflowFailedError);
    const activity = (err as WorkflowFailedError).cause;
    expect(activity).toBeInstanceOf(ActivityFailure);
    const refusal = (activity as ActivityFailure).cause as ApplicationFailure;
    expect(refusal).toBeInstanceOf(ApplicationFailure);
    expect(refusal).toMatchObject({ type: 'insufficient_balance', nonRetryable: true, message: 'The balance is not enough for this operation' });
    expect(refusal.details?.[0]).toMatchObject({ kind: 'conflict', code: 'insufficient_balance' });
    const history = await handle.fetchHistory();
    const started = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes);
    expect(started).toHaveLength(1);
    expect(started[0]!.activityTaskStartedEventAttributes!.attempt).toBe(1);
  });
});
