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

/**
 * How often each replica sweeps the vault: details no run owns are destroyed once an hour old, and a
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
