/**
 * The one way the API starts a business process: the workflow type, id prefix and first search
 * attributes come from its contract in domain/, so every process starts alike and is found alike
 * (`SellerId`, `ProcessKind`, `ProcessStatus`, `ProcessSubState`, `WaitingFor`).
 */
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy, type Client, type WorkflowHandle } from '@temporalio/client';
import { processWorkflowId, startSearchAttributes, type ProcessDef } from '../../domain/contracts.js';

/** Where processes run: the client and the task queue the workers listen on. */
export interface ProcessClient {
  client: Client;
  taskQueue: string;
}

/**
 * Starts process `id` (workflow id `<kind>:<id>`) with `input`. An id never starts a second run,
 * neither while the first runs nor after it ended: that start throws `WorkflowExecutionAlreadyStartedError`.
 * `memo`: read back with the workflow's description (e.g. which request started it).
 */
export function startProcess<I>(
  t: ProcessClient, process: ProcessDef<I>, id: string, input: I, sellerId: string, memo?: Record<string, string>,
): Promise<WorkflowHandle> {
  return t.client.workflow.start(process.workflowType, {
    taskQueue: t.taskQueue, workflowId: processWorkflowId(process, id), args: [input], ...(memo ? { memo } : {}),
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE, workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
    typedSearchAttributes: startSearchAttributes(process as ProcessDef<unknown>, sellerId),
  });
}
