import { InterceptingCall, type Interceptor } from '@grpc/grpc-js';
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import type { KeyRing } from './secrets/key-ring.js';
import { dataConverter } from './temporal/data-converter.js';
import { setting } from './config/load.js';
import { tracedClientInterceptors } from './tracing/temporal.js';
import { temporalAccessFromEnv, type TemporalAccess } from './temporal/access.js';

export const DEFAULT_TASK_QUEUE = 'coin-market';

/** How long one call to Temporal may go unanswered before it counts as an outage (the API answers "try again"). */
export const TEMPORAL_CALL_MS = 10_000;
/**
 * An update's calls wait for the workflow's answer, and the server holds them up to the caller's
 * deadline rather than answering "accepted" early (measured: a 2 s deadline on a 7 s update fails
 * after 2 s): long enough for a workflow on a loaded machine, still an end to a hung server.
 */
export const TEMPORAL_UPDATE_CALL_MS = 30_000;

type CallDeadlines = { callMs?: number; updateMs?: number };
/** Deadlines, and how to reach Temporal (TLS, client certificate, API key): the environment's TEMPORAL_TLS_* and TEMPORAL_API_KEY unless given. */
type ConnectOptions = CallDeadlines & { access?: TemporalAccess; connectMs?: number };

const UPDATE_METHODS = /\/(UpdateWorkflowExecution|PollWorkflowExecutionUpdate|ExecuteMultiOperation)$/;
// A workflow's result is a history long poll that may rightly wait for days; only tests and scripts wait on it.
const UNBOUNDED_METHODS = /\/GetWorkflowExecutionHistory$/;

/**
 * Gives every call without a deadline of its own one (a hung Temporal otherwise holds an API request,
 * and the seller's connection, for good). It comes before the SDK's retry interceptor, so the
 * deadline bounds the call with its retries.
 */
export function callDeadlines(d: CallDeadlines = {}): Interceptor {
  return (options, nextCall) => {
    const path = options.method_definition.path;
    if (options.deadline || UNBOUNDED_METHODS.test(path)) return new InterceptingCall(nextCall(options));
    const ms = UPDATE_METHODS.test(path) ? d.updateMs ?? TEMPORAL_UPDATE_CALL_MS : d.callMs ?? TEMPORAL_CALL_MS;
    return new InterceptingCall(nextCall({ ...options, deadline: Date.now() + ms }));
  };
}

/**
 * gRPC's reconnection pauses after a lost connection (its own default grows to 2 minutes): a restarted
 * Temporal is found again within 10 s, the same backoff as a start that waits (infra/until-answers.ts).
 */
const RECONNECT_ARGS = { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 10_000 };

function connectionOptions(address: string, deadlines: ConnectOptions) {
  return {
    address, connectTimeout: deadlines.connectMs ?? 10_000, channelArgs: RECONNECT_ARGS, ...(deadlines.access ?? temporalAccessFromEnv()),
    interceptors: [callDeadlines(deadlines), makeGrpcRetryInterceptor(defaultGrpcRetryOptions())],
  };
}

/**
 * A Temporal client (starts and signals workflows); its payloads are encrypted with the key ring. Its
 * calls carry the caller's trace to the workflow when the process traces (infra/tracing).
 */
export async function connectTemporal(
  address: string, keys: KeyRing, namespace = setting('TEMPORAL_NAMESPACE'), deadlines: ConnectOptions = {},
): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect(connectionOptions(address, deadlines));
  return { client: new Client({ connection, namespace, dataConverter: dataConverter(keys), interceptors: tracedClientInterceptors() }), connection };
}

/**
 * The same client without a first call: a process that can serve without Temporal (the API: sign-in,
 * reads) starts while Temporal is down, says "not ready" on /ready, and its calls answer "try again"
 * until Temporal answers; gRPC connects (and reconnects) by itself.
 */
export function lazyTemporal(
  address: string, keys: KeyRing, namespace = setting('TEMPORAL_NAMESPACE'), deadlines: ConnectOptions = {},
): { client: Client; connection: Connection } {
  const connection = Connection.lazy(connectionOptions(address, deadlines));
  return { client: new Client({ connection, namespace, dataConverter: dataConverter(keys), interceptors: tracedClientInterceptors() }), connection };
}

/** True when the Temporal frontend answers now; used by /ready. */
export async function temporalReachable(connection: Connection): Promise<boolean> {
  try {
    await connection.healthService.check({});
    return true;
  } catch {
    return false;
  }
}
