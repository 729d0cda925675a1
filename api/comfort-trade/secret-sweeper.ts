/**
 * The vault sweep every API replica runs: sealed login details that no run took or owns are
 * destroyed (resubmit uploads: upload-sweep.ts; a submission's own details: credentials-sweep.ts).
 * One timer for every purpose, so a replica never has two sweeps asking Temporal at once.
 */
import type { Client } from '@temporalio/client';
import type { Logger } from '../../infra/logger.js';
import type { ComfortRuns } from '../../infra/comfort/runs.js';
import type { SecretVault } from '../../infra/secrets/vault.js';
import { sweepSubmittedCredentials } from './credentials-sweep.js';
import { sweepResubmitUploads } from './upload-sweep.js';

export interface SweepDeps { vault: SecretVault; temporal: Client; runs: ComfortRuns }

/** One sweep of every purpose: how many secrets were destroyed and how many kept for their run. */
export async function sweepSealedSecrets(deps: SweepDeps, now = Date.now()): Promise<{ destroyed: number; kept: number }> {
  const uploads = await sweepResubmitUploads(deps, now);
  const submitted = await sweepSubmittedCredentials(deps, now);
  return { destroyed: uploads.destroyed + submitted.destroyed, kept: uploads.kept + submitted.kept };
}

/** Sweeps every `everyMs` on this replica until stopped; a sweep that fails (Temporal or the database down) is tried at the next tick. */
export function startSecretSweeper(deps: SweepDeps, everyMs: number, logger: Pick<Logger, 'warn' | 'info'>): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    // A slow Temporal must not stack sweeps on one replica.
    if (sweeping) return;
    sweeping = true;
    sweepSealedSecrets(deps).then(
      (r) => { if (r.destroyed) logger.info(r, 'sealed login details no run owns destroyed'); },
      (err) => logger.warn({ err }, 'sealed secret sweep failed'),
    ).finally(() => { sweeping = false; });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
