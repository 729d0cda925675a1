/**
 * Settles a submission's sealed login details: starts the recorded run a dead request never started,
 * and destroys details no run owns. The API seals them, records the run (one account) or starts the
 * batch (a file), then starts the run; a request that dies in between leaves details without a
 * record (a chaos run left 3) or a record without a workflow (one left 5, which then lost their details
 * here). Each is sealed with a subject: its run id, or `batch:<id>` for a file's row.
 *
 * Details older than UNSTARTED_AFTER_MS are looked at (a live request starts its run within seconds):
 * a run recorded with them at its first version and unknown to Temporal is started (unstarted.ts).
 * Past SUBMITTED_CREDENTIALS_TTL_MS, details are destroyed unless a workflow may still use them:
 * their run is running, or their batch is (it starts the row's run with them), or their run is the
 * one just started. A run seen running loses the subject, so later sweeps pass it by: the run
 * destroys them when its transfer ends. The API records no run with details sealed more than half
 * the TTL ago, so no record appears for details the sweep found unrecorded and destroyed. Details
 * sealed before subjects were recorded are never swept: a live run may hold them. Any number of API
 * replicas may sweep at once: starting or destroying twice is harmless.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { SUBMITTED_CREDENTIALS_TTL_MS, comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { comfortBatchWorkflowId } from '../../domain/comfort-batch.js';
import type { ComfortRuns } from './runs.js';
import type { SecretVault } from '../secrets/vault.js';
import { BATCH_SUBJECT, CREDENTIALS_PURPOSE } from './vault-subjects.js';
import { isFirstRecord, type StartRecorded } from './unstarted.js';

/** Details looked at per sweep: each costs a database read and one or two Temporal calls. */
const PER_SWEEP = 100;
/**
 * How long a recorded run may wait for its workflow before the sweep starts it: far above the
 * seconds a live request takes, so the sweep seldom races one (a race is harmless), and short enough
 * that a seller whose request died does not watch a run stand still for the hour of the TTL.
 */
export const UNSTARTED_AFTER_MS = 2 * 60_000;

export interface CredentialsSweepDeps { vault: SecretVault; temporal: Client; runs: ComfortRuns; startRecorded: StartRecorded }

/** Workflow `id`'s status name, or null when Temporal does not know it. Throws when Temporal does not answer. */
async function statusOf(temporal: Client, id: string): Promise<string | null> {
  try {
    return (await temporal.workflow.getHandle(id).describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  }
}

/** Who may still use `ref`: its running run, its running batch, the run this look started, or nobody. */
type Owner = 'run' | 'batch' | 'started' | null;

async function ownerOf(deps: CredentialsSweepDeps, ref: string, subject: string): Promise<Owner> {
  const batchId = subject.startsWith(BATCH_SUBJECT) ? subject.slice(BATCH_SUBJECT.length) : null;
  // The batch writes a row's record just before it starts the row's run: a row without one is not started yet.
  if (batchId && (await statusOf(deps.temporal, comfortBatchWorkflowId(batchId))) === 'RUNNING') return 'batch';
  // By `_id`, or by the indexed top-level `batchId`: FerretDB serves both without reading every run.
  const run = await deps.runs.runs.findOne(batchId ? { batchId, credentialsRef: ref } : { _id: subject });
  // No record: the request died before it; another reference: a request for the same run recorded its own copy first.
  if (run?.credentialsRef !== ref) return null;
  const status = await statusOf(deps.temporal, comfortRunWorkflowId(run._id));
  if (status === 'RUNNING') return 'run';
  // A run that closed, or that a workflow moved and Temporal then forgot, is over: its details are nobody's.
  if (status !== null || !isFirstRecord(run)) return null;
  return (await deps.startRecorded(run)) ? 'started' : null;
}

/** One sweep: how many details were destroyed, kept for their run or batch, and how many runs it started. */
export async function sweepSubmittedCredentials(deps: CredentialsSweepDeps, now = Date.now()): Promise<{ destroyed: number; kept: number; started: number }> {
  const seen = await deps.vault.storedBefore(CREDENTIALS_PURPOSE, new Date(now - UNSTARTED_AFTER_MS), PER_SWEEP, { withSubject: true });
  const expired = new Date(now - SUBMITTED_CREDENTIALS_TTL_MS);
  const counts = { destroyed: 0, kept: 0, started: 0 };
  for (const c of seen) {
    const owner = await ownerOf(deps, c.ref, c.subject!);
    if (owner === 'started') counts.started++;
    // A started run holds its details to its end: no sweep needs to ask again (a running batch's row,
    // and a run started just now, are asked again until they are seen running).
    if (owner === 'run') await deps.vault.dropSubject(c.ref);
    if (owner || c.createdAt >= expired) {
      counts.kept++;
      continue;
    }
    await deps.vault.destroy(c.ref);
    counts.destroyed++;
  }
  return counts;
}
