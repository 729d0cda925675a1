/**
 * npm start's Temporal watchdog. The dev server's SQLite can break while its gRPC health check still
 * says SERVING (the soak in docs/reliability.md: every call failed for good), so the check is two
 * reads of the store itself. A dev server npm start runs is restarted: it keeps its state in its
 * SQLite file, so workflows carry on. One named by TEMPORAL_ADDRESS is not ours to restart.
 */
import { Connection, isGrpcServiceError } from '@temporalio/client';
import type { TemporalService } from '../infra/dev-services/index.js';
import { watch, type WatchTiming } from './watch.js';

/**
 * A check every 10 s, 5 s to answer, three missed in a row (about 30 s): a restart drops every
 * worker's polls and in-flight calls, so a loaded server's slow answer must not cause one.
 */
const DEFAULTS: WatchTiming = { everyMs: 10_000, answerWithinMs: 5_000, misses: 3 };

/** No workflow has this id: looking it up reads the executions table every time (nothing is cached for it). */
const NO_SUCH_WORKFLOW = 'npm-start-watchdog-no-such-workflow';
const GRPC_NOT_FOUND = 5;

/** Two reads of the store (see above): throws, naming the call, when they do not answer within `withinMs`. */
export function temporalProbe(temporal: Pick<TemporalService, 'address'>, namespace: string): { check(withinMs: number): Promise<void>; close(): Promise<void> } {
  let conn: Connection | null = null;
  const named = (call: string) => (err: unknown) => {
    throw new Error(`${call}: ${err instanceof Error ? err.message : String(err)}`);
  };
  return {
    check: async (withinMs) => {
      const deadline = Date.now() + withinMs;
      conn ??= await Connection.connect({ address: temporal.address, connectTimeout: withinMs }).catch(named(`connecting to ${temporal.address}`));
      const c = conn;
      // The namespace row first: a broken store also answers NOT_FOUND ("Namespace default is not found").
      await c.withDeadline(deadline, () => c.workflowService.describeNamespace({ namespace })).catch(named('describeNamespace'));
      await c.withDeadline(deadline, () => c.workflowService.describeWorkflowExecution({ namespace, execution: { workflowId: NO_SUCH_WORKFLOW } }))
        .catch((err: unknown) => {
          if (!(isGrpcServiceError(err) && err.code === GRPC_NOT_FOUND)) named('describeWorkflowExecution')(err); // "not found" is the store answering
        });
    },
    close: async () => { await conn?.close(); },
  };
}

export function watchTemporal(
  temporal: Pick<TemporalService, 'address' | 'choice' | 'restart'>, namespace: string,
  say: (line: string) => void, timing: Partial<WatchTiming> = {},
): () => Promise<void> {
  const probe = temporalProbe(temporal, namespace);
  return watch({
    name: 'Temporal',
    check: probe.check,
    down: (seconds, failure) =>
      `Temporal (${temporal.choice.chosen}) has failed reads of its store for ${seconds} s (last: ${failure}); ` +
      'workflow runs wait meanwhile (nothing is lost: they go on once it answers)',
    restart: temporal.restart && {
      server: 'the Temporal dev server', why: 'its workflows are kept in its SQLite file', run: () => temporal.restart!(),
    },
    close: probe.close,
  }, say, { ...DEFAULTS, ...timing });
}
