/**
 * One OpenTelemetry span per API request, the parent of whatever the request starts in Temporal (the
 * client's StartWorkflow span, and through its headers the workflow and its activities). Its
 * attributes are the request id, method, route pattern, status and the seller when known: never the
 * URL (a query string may hold a token), headers, cookies or body.
 */
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeOf, sellerIdOf } from './metrics.js';

const spans = new WeakMap<FastifyRequest, Span>();

/** Registered only when the process traces (api/main.ts: OTEL_EXPORTER_OTLP_ENDPOINT): without, no hook runs. */
export function registerRequestSpans(http: FastifyInstance): void {
  const tracer = trace.getTracer('coin-market-api');
  http.addHook('onRequest', (req, _reply, done) => {
    spans.set(req, tracer.startSpan(`${req.method}`, { kind: SpanKind.SERVER, attributes: { 'request.id': req.id, 'http.request.method': req.method } }));
    done();
  });
  // Entered just before the handler, after the body is read: the body's stream events run outside
  // any request's async context, and what runs from here on (the route's own guards, the handler and
  // every await in it) keeps this one.
  http.addHook('preHandler', (req, _reply, done) => {
    const span = spans.get(req);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  http.addHook('onResponse', (req, reply, done) => {
    const span = spans.get(req);
    if (span) {
      const route = routeOf(req);
      const sellerId = sellerIdOf(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.statusCode, ...(sellerId ? { 'seller.id': sellerId } : {}) });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(req);
    }
    done();
  });
  // A client gone before the answer: the span ends with what is known.
  http.addHook('onRequestAbort', (req, done) => {
    const span = spans.get(req);
    if (span) {
      span.setAttribute('http.aborted', true);
      span.end();
      spans.delete(req);
    }
    done();
  });
}
