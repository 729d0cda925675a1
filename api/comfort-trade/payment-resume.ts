/**
 * Saving valid payout details resumes every run of the seller waiting in Payment Error. The runs
 * are found in the records collection (whichever replica answers the save; nothing in memory) and
 * each is signalled: the Temporal server keeps a signal until a worker runs the workflow, so the save
 * waits for no worker. A run that left Payment Error meanwhile drops the signal (its table says so),
 * and a run that records Payment Error just after this query looks at the settings once more itself.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import { COMFORT_SIGNALS, comfortRunWorkflowId, type ComfortState } from '../../domain/comfort-trade.js';
import { RUNS_COLLECTION, type ComfortRunDoc } from '../../infra/comfort/runs.js';
import { isTemporalOutage, temporalUnavailable } from '../temporal-errors.js';

const WAITING: ComfortState = 'payment_error';
/** Signals sent at once; a seller rarely has more than a few runs waiting. */
const PARALLEL = 10;

/** Signals the seller's runs in Payment Error; answers how many were signalled. Temporal down: 503 "try again" (saving again resends). */
export async function resumePaymentErrors(deps: { db: Db; temporal: Client }, sellerId: string): Promise<number> {
  const runs = await deps.db.collection<ComfortRunDoc>(RUNS_COLLECTION)
    .find({ sellerId, state: WAITING }, { projection: { _id: 1 } })
    .toArray();
  let signalled = 0;
  let failure: unknown = null;
  for (let i = 0; i < runs.length; i += PARALLEL) {
    const results = await Promise.allSettled(runs.slice(i, i + PARALLEL).map((r) =>
      deps.temporal.workflow.getHandle(comfortRunWorkflowId(r._id)).signal(COMFORT_SIGNALS.payoutDetailsSaved, { by: sellerId, reason: 'payout details saved' })));
    for (const r of results) {
      if (r.status === 'fulfilled') signalled++;
      // A run whose workflow has ended (or was never started) has nothing to resume.
      else if (!(r.reason instanceof WorkflowNotFoundError)) failure ??= r.reason;
    }
  }
  if (failure) throw isTemporalOutage(failure) ? temporalUnavailable(failure) : failure;
  return signalled;
}
