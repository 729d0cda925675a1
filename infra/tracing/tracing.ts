/**
 * OpenTelemetry tracing of one process (the API, the worker): a request's span, the Temporal client's
 * start, the workflow and its activities share one trace (the SDK's interceptors carry it in Temporal
 * headers). Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter): then nothing
 * is registered, the OpenTelemetry API stays its no-op, and the interceptors cost next to nothing.
 *
 * The SDK is OpenTelemetry JS 1.x because @temporalio/interceptors-opentelemetry 1.24 is built on it:
 * the workflow spans it hands over are 1.x spans (`parentSpanId`), which a 2.x exporter would send
 * without their parent.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** The tracing of this process, for the worker's workflow span sink and for flushing at exit. */
export interface Tracing {
  resource: Resource;
  processor: SpanProcessor;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** `service.name` of every span this process exports (`coin-market-api`, `coin-market-worker`). */
  service: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go, batched, to `<endpoint>/v1/traces` (OTLP over HTTP). */
  endpoint?: string;
  /** Another exporter, each span as it ends (tests: an in-memory one). */
  exporter?: SpanExporter;
}

/**
 * Starts this process's tracing and registers it as the OpenTelemetry global (one per process: the
 * API and the worker share it when a test runs both); null, and nothing registered, when neither an
 * endpoint nor an exporter is given.
 */
export function startTracing(o: TracingOptions): Tracing | null {
  const exporter = o.exporter ?? (o.endpoint ? new OTLPTraceExporter({ url: `${o.endpoint.replace(/\/+$/, '')}/v1/traces` }) : null);
  if (!exporter) return null;
  const resource = new Resource({ 'service.name': o.service });
  // A test's exporter sees each span as it ends; a collector gets them in batches, off the request's path.
  const processor = o.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const provider = new BasicTracerProvider({ resource });
  provider.addSpanProcessor(processor);
  // AsyncLocalStorage carries the request's span into the handler's awaits (and so into the client's start call);
  // the default propagator (W3C trace context) is what the Temporal interceptors write into workflow and activity headers.
  provider.register({ contextManager: new AsyncLocalStorageContextManager() });
  return {
    resource, processor,
    forceFlush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable(); context.disable(); propagation.disable();
    },
  };
}
