import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectDatabase } from '../../infra/db.js';
import { createLogger } from '../../infra/logger.js';
import { createWorker } from '../../workers/worker.js';
import { createStoreActivities } from './workflows/countdown-activities.js';
import { testKeyRing } from './secrets.js';

/** A database of its own for one test file, on the run's real MongoDB. */
export async function testDatabase(prefix = 't') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const db = await connectDatabase(inject('mongoUri'), name);
  return { db, name, drop: async () => { await db.dropDatabase().catch(() => undefined); await db.close(); } };
}

/** Every task queue this test file named: its sweep schedules are deleted when the file ends (sweep-schedules-cleanup.ts). */
export const queuesNamed = new Set<string>();

export const uniqueQueue = (name: string) => {
  const queue = `test-${name}-${randomBytes(4).toString('hex')}`;
  queuesNamed.add(queue);
  return queue;
};

export const testLogger = () => createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** An in-process worker on the run's real Temporal, using the shared workflow bundle (with the test-only countdown's activities). */
export async function startTestWorker(db: Awaited<ReturnType<typeof testDatabase>>['db'], taskQueue: string) {
  return createWorker({
    temporalAddress: inject('temporalAddress'),
    taskQueue,
    db,
    logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') },
    secrets: testKeyRing(),
    moreActivities: createStoreActivities,
  });
}

/** The one wait helper lives in wait.ts; many files import it from here. */
export { eventually } from './wait.js';
