/**
 * A worker process for the countdown's kill test: the app's worker (createWorker) on the prebuilt
 * test bundle, with the countdown's activity, reading the environment workers/main.ts reads.
 * Temporal's runtime stops it on SIGTERM; the test kills it with SIGKILL mid-countdown.
 */
import { DefaultLogger, Runtime } from '@temporalio/worker';
// As every test process: the migration once per database it opens (MONGODB_MIGRATE_AT_CONNECT, inherited).
import '../migrate-at-connect.js';
import { connectDatabase } from '../../../infra/db.js';
import { createLogger } from '../../../infra/logger.js';
import { keyRingFrom } from '../../../infra/secrets/key-ring.js';
import { createWorker } from '../../../workers/worker.js';
import { setting } from '../../../infra/config/load.js';
import { createStoreActivities } from './countdown-activities.js';

/** A setting the test gives this process; it stops (exit 2) naming a missing one. */
function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Missing environment variable ${name}`);
    process.exit(2);
  }
  return value;
}

Runtime.install({ logger: new DefaultLogger('WARN') });
const db = await connectDatabase(requireEnv('MONGODB_URI'), requireEnv('MONGODB_DB'));
const w = await createWorker({
  // As workers/main.ts reads it (the tests shorten it): a killed worker's runs move on sooner.
  stickyTimeoutMs: setting('TEMPORAL_STICKY_TIMEOUT_MS'),
  temporalAddress: requireEnv('TEMPORAL_ADDRESS'), taskQueue: requireEnv('TEMPORAL_TASK_QUEUE'), db, logger: createLogger('worker'),
  secrets: keyRingFrom(requireEnv('SECRETS_KEY')), workflowBundle: { codePath: requireEnv('WORKFLOW_BUNDLE') },
  moreActivities: createStoreActivities,
});
await w.run;
await db.close();
