/**
 * A test-only workflow: the countdown the platform was first built and measured with (the durable
 * "wait for the seller or the deadline"); the countdown, live-path and payload-codec tests and the
 * recorded countdown histories use it. Bundled with the app's workflows for tests only
 * (tests/support/workflows/index.ts); production's bundle (workflows/index.ts) does not hold it.
 */
import { condition, defineQuery, defineSignal, proxyActivities, setHandler, upsertSearchAttributes, type ActivityOptions } from '@temporalio/workflow';
import {
  applyFinish, COUNTDOWN_FINISH_SIGNAL, COUNTDOWN_STATUS_QUERY, countdownWorkflowId,
  type CountdownInput, type CountdownStatus,
} from '../../../domain/countdown.js';
import { SA } from '../../../domain/search-attributes.js';
import type { StoreActivities } from './countdown-activities.js';

/** The countdown's status writes (as recorded in its histories). */
const COUNTDOWN_ACTIVITIES: ActivityOptions = {
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
};

const { recordStatus } = proxyActivities<StoreActivities>(COUNTDOWN_ACTIVITIES);

export const finishSignal = defineSignal<[{ outcome: string }]>(COUNTDOWN_FINISH_SIGNAL);
export const statusQuery = defineQuery<CountdownStatus>(COUNTDOWN_STATUS_QUERY);

/** Waits for the seller's answer or the deadline, whichever comes first, and records the result live. */
export async function countdownWorkflow(input: CountdownInput): Promise<CountdownStatus> {
  let status: CountdownStatus = { id: input.id, state: 'running', deadline: Date.now() + input.durationMs, outcome: null };
  let version = 0;
  setHandler(finishSignal, ({ outcome }) => {
    status = applyFinish(status, outcome, Date.now());
  });
  setHandler(statusQuery, () => status);

  const record = () =>
    recordStatus({
      subject: countdownWorkflowId(input.id), sellerId: input.sellerId, kind: 'countdown',
      type: 'countdown:updated', status: { ...status }, version: ++version,
    });

  await record();
  const answered = await condition(() => status.state !== 'running', status.deadline - Date.now());
  if (!answered) status = { ...status, state: 'expired' };
  upsertSearchAttributes([{ key: SA.status, value: status.state }]);
  await record();
  return status;
}
