/**
 * The Temporal SDK's OpenTelemetry interceptors, as this app wires them: the client's (every start,
 * signal and update carries the caller's trace in its headers), the activities' (each execution is a
 * span under the workflow's), and the workflow module that the workflow bundle includes (the
 * workflow's own spans, made in its sandbox and handed out through the `exporter` sink).
 */
import { fileURLToPath } from 'node:url';
import { trace } from '@opentelemetry/api';
import {
  OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor, OpenTelemetryWorkflowClientInterceptor, makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry';
import { extractContextFromHeaders } from '@temporalio/interceptors-opentelemetry/lib/instrumentation.js';
import type { ClientInterceptors } from '@temporalio/client';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry';
import type { Tracing } from './tracing.js';

/** The client's interceptors: with no tracing registered, the OpenTelemetry API's no-op (nothing recorded, nothing written). */
export const tracedClientInterceptors = (): ClientInterceptors => ({ workflow: [new OpenTelemetryWorkflowClientInterceptor()] });

/**
 * One span per activity execution of a traced run, child of the workflow's "StartActivity" span; log
 * lines get its trace id. An activity whose headers carry no trace (its run was not started inside a
 * trace: every sweep round a schedule starts, runs from before tracing) makes no span: the SDK's
 * interceptor would start a root span for each, and the sweeps alone would fill the trace store with
 * one-span traces every few seconds.
 */
export const activityTracing: ActivityInterceptorsFactory = (ctx) => {
  const otel = new OpenTelemetryActivityInboundInterceptor(ctx);
  return {
    inbound: {
      execute: (input, next) => {
        const parent = extractContextFromHeaders(input.headers);
        return parent !== undefined && trace.getSpanContext(parent) !== undefined ? otel.execute(input, next) : next(input);
      },
    },
    outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
  };
};

/**
 * The workflow interceptors' module (./workflow-interceptors.ts), bundled with the workflows
 * (workers/worker.ts, bundleWorkflows): in every bundle, so one prebuilt bundle serves a worker with
 * tracing and one without.
 */
export const WORKFLOW_TRACING_MODULE = fileURLToPath(new URL('./workflow-interceptors.ts', import.meta.url));

/**
 * The sink the bundled workflow interceptors hand their ended spans to: this process's span processor,
 * or, without tracing, one that drops them (a workflow calling a sink the worker lacks is logged as an error).
 */
export function workflowSpanSinks(tracing: Tracing | null): InjectedSinks<OpenTelemetrySinks> {
  return { exporter: tracing ? makeWorkflowExporter(tracing.processor, tracing.resource) : { export: { fn: () => undefined } } };
}
