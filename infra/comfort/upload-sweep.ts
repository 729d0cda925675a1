/**
 * Destroys a resubmit's sealed upload that no run took. The API seals the new login details, then
 * asks the run to take them; a request that dies in between (an API replica killed, a client gone
 * during a database fault) leaves the upload behind, and a secret must not outlive its use (a chaos
 * run left 7 such uploads). An upload older than RESUBMIT_UPLOAD_TTL_MS is destroyed unless its run
 * is still going and its decisions name it: then the run's resubmit step merges and destroys it
 * itself. The run refuses uploads sealed more than half that age ago, so none can be taken after the
 * sweep looked. Any number of API replicas may sweep at once: destroying twice is harmless.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { COMFORT_STATUS_QUERY, RESUBMIT_UPLOAD_TTL_MS, comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import type { SecretVault } from '../secrets/vault.js';
import { RESUBMIT_PURPOSE } from './vault-subjects.js';

/** Uploads looked at per sweep: each costs one Temporal call. */
const PER_SWEEP = 100;

/** Whether run `runId` may still take `ref`: running, with a decision that names it. Throws when Temporal does not answer. */
async function runMayTake(temporal: Client, runId: string, ref: string): Promise<boolean> {
  const handle = temporal.workflow.getHandle(comfortRunWorkflowId(runId));
  try {
    if ((await handle.describe()).status.name !== 'RUNNING') return false;
    const view = await handle.query(COMFORT_STATUS_QUERY);
    return view.decisions.some((d) => d.data?.newRef === ref);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

/** One sweep: how many uploads were destroyed and how many kept for their run. */
export async function sweepResubmitUploads(deps: { vault: SecretVault; temporal: Client }, now = Date.now()): Promise<{ destroyed: number; kept: number }> {
  const old = await deps.vault.storedBefore(RESUBMIT_PURPOSE, new Date(now - RESUBMIT_UPLOAD_TTL_MS), PER_SWEEP);
  let destroyed = 0;
  let kept = 0;
  for (const u of old) {
    // Uploads sealed before the subject was recorded name no run: past the age, none is waiting for them.
    if (u.subject && (await runMayTake(deps.temporal, u.subject, u.ref))) {
      kept++;
      continue;
    }
    await deps.vault.destroy(u.ref);
    destroyed++;
  }
  return { destroyed, kept };
}
