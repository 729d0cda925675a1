/**
 * Starting a run from its first record. A single submission writes the record, then starts the
 * workflow: a request that dies in between (replica killed, Temporal or the database not answering)
 * leaves a record no workflow stands behind. Its retry (same run id) and the vault sweep
 * (credentials-sweep.ts) start it from the record, so nothing the seller submitted is lost.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { COMFORT_RUN, type ComfortRunInput, type ComfortTimings } from '../../domain/comfort-trade.js';
import { FIRST_RUN_VERSION } from '../../domain/comfort-batch.js';
import type { ComfortRunDoc } from './runs.js';
import type { SecretVault } from '../secrets/vault.js';
import { startProcess, type ProcessClient } from '../temporal/start-process.js';

/** Starts the run of a first record; false when it is no longer one to start (see recordedRunStarter). */
export type StartRecorded = (doc: ComfortRunDoc) => Promise<boolean>;

/**
 * The workflow input the submission would have started with. The record holds all of it but the
 * timings, which are the API's configuration (the same on every replica).
 */
export const inputOfRecord = (doc: ComfortRunDoc, timings: ComfortTimings): ComfortRunInput => ({
  runId: doc._id, sellerId: doc.sellerId, platform: doc.platform, originEmail: doc.originEmail, loginMethod: doc.loginMethod,
  transferTime: doc.transferTime, coinAmount: doc.coinAmount, unitPriceCents: doc.unitPriceCents, credentialsRef: doc.credentialsRef,
  createdAt: doc.createdAt, timings,
});

export const isFirstRecord = (doc: ComfortRunDoc) => doc.version === FIRST_RUN_VERSION;

/**
 * Only a record at its first version is started: one a workflow moved may belong to a run Temporal
 * has forgotten after its retention, and REJECT_DUPLICATE would then start it a second time. Nor one
 * whose login details are gone: the sweep destroys those of a run that closed, so after its
 * retention the record alone would restart a finished run. A run started by another request or
 * replica in the meantime counts as started.
 */
export function recordedRunStarter(processes: ProcessClient, timings: ComfortTimings, vault: SecretVault): StartRecorded {
  return async (doc) => {
    if (!isFirstRecord(doc) || !(await vault.holds(doc.credentialsRef))) return false;
    try {
      await startProcess(processes, COMFORT_RUN, doc._id, inputOfRecord(doc, timings), doc.sellerId);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    return true;
  };
}
