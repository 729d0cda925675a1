/**
 * The workflow half of tracing, bundled with the workflows (workers/worker.ts, bundleWorkflows): the
 * SDK's OpenTelemetry workflow interceptors, for runs started by code that has them.
 *
 * Their wrapping settles a workflow's awaits a few microtasks later than bare code does, which can
 * reorder commands within one workflow task (an update's completion against a search-attribute
 * upsert: tests/replay's player-purchase--stuck-support-resolved failed to replay). A run started
 * before tracing existed must replay as it ran, so each run asks `patched` once, at its start: a new
 * run records the patch and is traced throughout; a run recorded without it passes every call
 * straight through, exactly as before.
 *
 * Runs in the workflow sandbox: imports only the workflow API and the package's workflow part.
 */
import { patched, type WorkflowInterceptors } from '@temporalio/workflow';
import {
  OpenTelemetryInboundInterceptor, OpenTelemetryInternalsInterceptor, OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';

/** The patch id a traced run records in its history (its first workflow task). */
export const TRACING_PATCH = 'otel-tracing';

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
  const otelInbound = new OpenTelemetryInboundInterceptor();
  const inbound = whenTraced(otelInbound, () => traced);
  // A run's first call: signals, updates and activities all come after its start.
  inbound.execute = (input, next) => {
    traced = patched(TRACING_PATCH);
    return traced ? otelInbound.execute(input, next) : next(input);
  };
  return {
    inbound: [inbound],
    outbound: [whenTraced(new OpenTelemetryOutboundInterceptor(), () => traced)],
    // Only releases the sandbox's context manager when the run leaves the cache.
    internals: [new OpenTelemetryInternalsInterceptor()],
  };
};
