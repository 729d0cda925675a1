/**
 * Destroys a submission's sealed login details that no run owns. The API seals them before it
 * records the run (one account) or starts the batch (a file); a request that dies in between leaves
 * them behind (a chaos run left 3), and a secret must not outlive its use. Each is sealed with a
 * subject: its run id, or `batch:<id>` for a file's row. Past SUBMITTED_CREDENTIALS_TTL_MS, details
 * are kept only while a workflow may still use them: their run is running and its record holds this
 * reference, or their batch is still running (it starts the row's run with them). A run seen holding
 * its details loses the subject, so later sweeps pass it by: the run destroys them when its transfer
 * ends. The API starts no run or batch with details sealed more than half that age ago, so none gets
 * details after the sweep looked. Details sealed before subjects were recorded are never swept: a
 * live run may hold them. Any number of API replicas may sweep at once: destroying twice is harmless.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { SUBMITTED_CREDENTIALS_TTL_MS, comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { comfortBatchWorkflowId } from '../../domain/comfort-batch.js';
import type { ComfortRuns } from '../../infra/comfort/runs.js';
import type { SecretVault } from '../../infra/secrets/vault.js';
import { BATCH_SUBJECT, CREDENTIALS_PURPOSE } from './service.js';

/** Details looked at per sweep: each costs a database read and one or two Temporal calls. */
const PER_SWEEP = 100;

/** Whether workflow `id` is running; false when it ended or Temporal no longer knows it. Throws when Temporal does not answer. */
async function running(temporal: Client, id: string): Promise<boolean> {
  try {
    return (await temporal.workflow.getHandle(id).describe()).status.name === 'RUNNING';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

type Owner = 'run' | 'batch' | null;

/** Who may still use `ref`: its running run, its running batch, or nobody. */
async function ownerOf(deps: { temporal: Client; runs: ComfortRuns }, ref: string, subject: string): Promise<Owner> {
  const batchId = subject.startsWith(BATCH_SUBJECT) ? subject.slice(BATCH_SUBJECT.length) : null;
  // The batch writes a row's record just before it starts the row's run: a row without one is not started yet.
  if (batchId && (await running(deps.temporal, comfortBatchWorkflowId(batchId)))) return 'batch';
  const run = await deps.runs.runs.findOne(batchId ? { batchId, credentialsRef: ref } : { _id: subject }, { projection: { _id: 1, credentialsRef: 1 } });
  // No record: the request died before it; another reference: a request for the same run recorded its own copy first.
  if (run?.credentialsRef !== ref) return null;
  return (await running(deps.temporal, comfortRunWorkflowId(run._id))) ? 'run' : null;
}

/** One sweep: how many details were destroyed and how many kept for their run or batch. */
export async function sweepSubmittedCredentials(deps: { vault: SecretVault; temporal: Client; runs: ComfortRuns }, now = Date.now()): Promise<{ destroyed: number; kept: number }> {
  const old = await deps.vault.storedBefore(CREDENTIALS_PURPOSE, new Date(now - SUBMITTED_CREDENTIALS_TTL_MS), PER_SWEEP, { withSubject: true });
  let destroyed = 0;
  let kept = 0;
  for (const c of old) {
    const owner = await ownerOf(deps, c.ref, c.subject!);
    if (owner) {
      kept++;
      // A started run holds its details to its end: no sweep needs to ask again (a running batch's row is asked until it starts).
      if (owner === 'run') await deps.vault.dropSubject(c.ref);
      continue;
    }
    await deps.vault.destroy(c.ref);
    destroyed++;
  }
  return { destroyed, kept };
}
