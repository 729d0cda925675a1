/**
 * The workflow half of tracing, bundled with the workflows (workers/worker.ts, bundleWorkflows): the
 * SDK's OpenTelemetry workflow interceptors, for runs started inside a trace.
 *
 * Their wrapping settles a workflow's awaits a few microtasks later than bare code does, which can
 * reorder commands within one workflow task (an update's completion against a search-attribute
 * upsert: tests/replay's player-purchase--stuck-support-resolved failed to replay with them on every
 * run). So each run decides once, at its start, from its start headers, which its history holds: a
 * run started with a trace context (a traced API's request) is traced throughout; any other (started
 * before tracing was deployed, by a process without tracing, by a schedule) passes every call
 * straight through, exactly as bare code, and makes no span. The same history always replays the
 * same way, whatever the replaying worker's settings, and no event is added to any history.
 *
 * Runs in the workflow sandbox: imports only the workflow API, the OpenTelemetry API and the
 * package's workflow part.
 */
import { trace } from '@opentelemetry/api';
import type { WorkflowInterceptors } from '@temporalio/workflow';
import {
  OpenTelemetryInboundInterceptor, OpenTelemetryInternalsInterceptor, OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';
import { extractContextFromHeaders } from '@temporalio/interceptors-opentelemetry/lib/instrumentation.js';

type Method = (input: unknown, next: (input: unknown) => unknown) => unknown;

/** `interceptor`'s methods, each going to it only while `on()`, else straight to `next`. */
function whenTraced<T extends object>(interceptor: T, on: () => boolean): T {
  const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(interceptor) as object)
    .filter((name) => name !== 'constructor' && typeof (interceptor as Record<string, unknown>)[name] === 'function');
  return Object.fromEntries(methods.map((name) => {
    const method = (interceptor as Record<string, Method>)[name]!.bind(interceptor);
    return [name, ((input, next) => (on() ? method(input, next) : next(input))) satisfies Method];
  })) as T;
}

export const interceptors = (): WorkflowInterceptors => {
  let traced = false;
  // Built first: it registers the sandbox's tracer and the W3C propagator that reads the headers.
  const otelInbound = new OpenTelemetryInboundInterceptor();
  const inbound = whenTraced(otelInbound, () => traced);
  // A run's first call: signals, updates and activities all come after its start.
  inbound.execute = (input, next) => {
    const parent = extractContextFromHeaders(input.headers);
    traced = parent !== undefined && trace.getSpanContext(parent) !== undefined;
    return traced ? otelInbound.execute(input, next) : next(input);
  };
  return {
    inbound: [inbound],
    outbound: [whenTraced(new OpenTelemetryOutboundInterceptor(), () => traced)],
    // Only releases the sandbox's context manager when the run leaves the cache.
    internals: [new OpenTelemetryInternalsInterceptor()],
  };
};
