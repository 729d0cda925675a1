/**
 * The vault sweep every API replica runs: sealed login details that no run took or owns are
 * destroyed (resubmit uploads: upload-sweep.ts; a submission's own details: credentials-sweep.ts,
 * which also starts a recorded run whose request died before starting it). One timer for every
 * purpose, so a replica never has two sweeps asking Temporal at once.
 */
import type { Logger } from '../../infra/logger.js';
import { sweepSubmittedCredentials, type CredentialsSweepDeps } from './credentials-sweep.js';
import { sweepResubmitUploads } from './upload-sweep.js';

export type SweepDeps = CredentialsSweepDeps;

/** One sweep of every purpose: how many secrets were destroyed, how many kept for their run, how many recorded runs started. */
export async function sweepSealedSecrets(deps: SweepDeps, now = Date.now()): Promise<{ destroyed: number; kept: number; started: number }> {
  const uploads = await sweepResubmitUploads(deps, now);
  const submitted = await sweepSubmittedCredentials(deps, now);
  return { destroyed: uploads.destroyed + submitted.destroyed, kept: uploads.kept + submitted.kept, started: submitted.started };
}

/** Sweeps every `everyMs` on this replica until stopped; a sweep that fails (Temporal or the database down) is tried at the next tick. */
export function startSecretSweeper(deps: SweepDeps, everyMs: number, logger: Pick<Logger, 'warn' | 'info'>): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    // A slow Temporal must not stack sweeps on one replica.
    if (sweeping) return;
    sweeping = true;
    sweepSealedSecrets(deps).then(
      (r) => {
        if (r.destroyed) logger.info(r, 'sealed login details no run owns destroyed');
        if (r.started) logger.warn(r, 'recorded comfort runs whose request died before starting them started by the sweep');
      },
      (err) => logger.warn({ err }, 'sealed secret sweep failed'),
    ).finally(() => { sweeping = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
