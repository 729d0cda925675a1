/**
 * Runs one recorded support action: the same Temporal update the Temporal UI sends, with who and
 * why. The workflow's validator asks the transition table, so a refusal comes back with its code
 * and words and nothing enters the run's history.
 */
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { step } from '../domain/process.js';
import { SA } from '../domain/search-attributes.js';
import { type SupportAction, type SupportProcess, workflowIdOf } from './catalogue.js';
import { CliError, EXIT } from './errors.js';

export interface ActInput {
  process: SupportProcess;
  action: SupportAction;
  id: string;
  by: string;
  why: string;
  reference?: string;
}

/** What the run shows after the action. */
export interface ActResult {
  workflowId: string;
  update: string;
  state: string;
  status: string;
  subState: string | null;
}

const stateOf = (answer: unknown) => {
  const a = (answer ?? {}) as { state?: string; status?: string; phase?: string; subState?: string; reason?: string | null };
  return { state: a.state ?? '?', status: a.status ?? a.phase ?? '?', subState: a.subState ?? a.reason ?? null };
};

/** Sends the action's update; a refusal or an ended run is exit 1, an unknown run exit 3. */
export async function act(client: Client, q: ActInput): Promise<ActResult> {
  const workflowId = workflowIdOf(q.process, q.id);
  const handle = client.workflow.getHandle(workflowId);
  const args = { ...q.action.fixed, by: q.by, reason: q.why, ...(q.action.needs === 'reference' ? { reference: q.reference } : {}) };
  try {
    const before = (await handle.query(q.process.statusQuery).catch(() => null)) as { state?: string } | null;
    const answer = await handle.executeUpdate(q.action.definition, { args: [args] });
    // The update answers once the run took the decision; its effect (a money move) may still be on the
    // way. The table says where the decision leads: show the run once it is there (or as it is after 15 s).
    const next = before?.state && before.state in q.process.table.states ? step(q.process.table, before.state, q.action.event) : null;
    const target = next?.ok ? next.to : null;
    let now = stateOf(answer);
    for (const until = Date.now() + 15_000; target && now.state !== target && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      now = stateOf(await handle.query(q.process.statusQuery).catch(() => answer));
    }
    return { workflowId, update: q.action.update, ...now };
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError) {
      const cause = err.cause instanceof ApplicationFailure ? err.cause : null;
      throw new CliError(EXIT.refused, `Refused (${cause?.type ?? 'refused'}): ${cause?.message ?? err.message}`);
    }
    if (err instanceof WorkflowNotFoundError) throw await notRunning(client, q.process, workflowId);
    throw err;
  }
}

/** An update to a run that is not running: ended (refused, exit 1) or unknown (exit 3). */
async function notRunning(client: Client, p: SupportProcess, workflowId: string): Promise<CliError> {
  try {
    const d = await client.workflow.getHandle(workflowId).describe();
    const status = d.typedSearchAttributes.get(SA.status) ?? 'unknown';
    return new CliError(EXIT.refused, `Refused (ended): this ${p.label} has ended (${d.status.name}, status ${status}); no action changes it.`);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return new CliError(EXIT.notFound, `No ${p.label} ${workflowId}.`);
    throw err;
  }
}
