/**
 * The vault sweep, the worker's `sealed-secrets` schedule (workers/sweeps.ts), once per period for
 * the cluster: sealed login details that no run took or owns are destroyed (resubmit uploads:
 * upload-sweep.ts; a submission's own details: credentials-sweep.ts, which also starts a recorded
 * run whose request died before starting it). One round for every purpose, so two sweeps never ask
 * Temporal at once.
 */
import { sweepSubmittedCredentials, type CredentialsSweepDeps } from './credentials-sweep.js';
import { sweepResubmitUploads } from './upload-sweep.js';

export type SweepDeps = CredentialsSweepDeps;

/**
 * How often the vault is swept: details no run owns are destroyed once an hour old, and a
 * recorded run whose request died is started once UNSTARTED_AFTER_MS old, so a seller waits minutes
 * for it, not the hour. A sweep with nothing to settle is one indexed read per purpose.
 */
export const SECRET_SWEEP_MS = 2 * 60_000;

/** One sweep of every purpose: how many secrets were destroyed, how many kept for their run, how many recorded runs started. */
export async function sweepSealedSecrets(deps: SweepDeps, now = Date.now()): Promise<{ destroyed: number; kept: number; started: number }> {
  const uploads = await sweepResubmitUploads(deps, now);
  const submitted = await sweepSubmittedCredentials(deps, now);
  return { destroyed: uploads.destroyed + submitted.destroyed, kept: uploads.kept + submitted.kept, started: submitted.started };
}
