/**
 * One accepted batch upload (`comfort-batch:<batchId>`): starts each row's comfort run exactly once.
 * The upload's only durable step is starting this workflow; from then on a killed API or worker
 * cannot lose a row: each row's record is written, then its `comfort-run:<runId>` started as an
 * abandoned child (it lives on after the batch ends). A row already started is taken as started.
 */
import { ParentClosePolicy, proxyActivities, setHandler, startChild, upsertSearchAttributes, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { COMFORT_BATCH_PROGRESS_QUERY, COMFORT_BATCH_TABLE, type BatchState, type ComfortBatchInput, type ComfortBatchProgress } from '../domain/comfort-batch.js';
import { COMFORT_RUN, comfortRunWorkflowId, type ComfortRunInput } from '../domain/comfort-trade.js';
import { startSearchAttributes } from '../domain/contracts.js';
import { mustStep, waitingForOf } from '../domain/process.js';
import { SA } from '../domain/search-attributes.js';
import type { RecordActivities } from '../workers/activities/records.js';
import { comfortRunWorkflow } from './comfort-run.js';
import { COMFORT_STORE_ACTIVITIES } from './policies.js';

const store = proxyActivities<RecordActivities>(COMFORT_STORE_ACTIVITIES);

/** The batch workflow: every row becomes its own run, `parallel` at a time. */
export async function comfortBatchWorkflow(input: ComfortBatchInput): Promise<ComfortBatchProgress> {
  let state: BatchState = COMFORT_BATCH_TABLE.initial;
  let started = 0;
  const progress = (): ComfortBatchProgress => ({ batchId: input.batchId, state, total: input.rows.length, started });
  setHandler(COMFORT_BATCH_PROGRESS_QUERY, progress);

  const startRow = async (row: ComfortRunInput) => {
    await store.openComfortRun({ input: row, batchId: input.batchId });
    try {
      await startChild(comfortRunWorkflow, {
        workflowId: comfortRunWorkflowId(row.runId), args: [row],
        parentClosePolicy: ParentClosePolicy.ABANDON, workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: startSearchAttributes(COMFORT_RUN, row.sellerId),
      });
    } catch (err) {
      // Started before (by an earlier attempt of this batch): that run is this row's.
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    state = mustStep(COMFORT_BATCH_TABLE, state, 'rowStarted').to;
    started++;
  };

  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.parallel, input.rows.length)) }, async () => {
    while (next < input.rows.length) await startRow(input.rows[next++]!);
  }));
  state = mustStep(COMFORT_BATCH_TABLE, state, 'allStarted').to;
  upsertSearchAttributes([{ key: SA.status, value: state }, { key: SA.waitingFor, value: waitingForOf(COMFORT_BATCH_TABLE, state) }]);
  return progress();
}
