/**
 * Each test file's workers make their sweep schedules on the file's own task queues (one per sweep and
 * queue, as every worker replica does at start). Nothing else ends them: left behind, the run's Temporal
 * kept firing every orphan schedule (four of them each second per queue) for the rest of the run, about
 * a fifth of a core by mid-run. So when a file ends, the schedules of every queue it named are deleted, and
 * the queues are forgotten: the next file in the same process (isolate false) names its own.
 */
import { afterAll, inject } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { SWEEP_NAMES, sweepScheduleId } from '../../domain/sweeps.js';
import { SECOND_NAMESPACE } from '../../infra/dev-services/temporal.js';
import { queuesNamed } from './servers.js';

afterAll(async () => {
  if (!queuesNamed.size) return;
  const queues = [...queuesNamed];
  queuesNamed.clear();
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  try {
    for (const namespace of ['default', SECOND_NAMESPACE]) {
      const client = new Client({ connection, namespace });
      const ids = queues.flatMap((queue) => SWEEP_NAMES.map((name) => sweepScheduleId(name, queue)));
      // Most queues never had a worker, so most ids are not found: that is the normal answer here.
      await Promise.all(ids.map((id) => client.schedule.getHandle(id).delete().catch(() => undefined)));
    }
  } finally {
    await connection.close();
  }
});
