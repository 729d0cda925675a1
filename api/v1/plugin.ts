/**
 * API v1 under /api/v1 (an encapsulated Fastify plugin): each operation is registered with its
 * route schema (Fastify validates with its request parts), a guard (key, scope, per-key rate limit),
 * `Idempotency-Key` handling on POST, and one error format; `/openapi.json` is generated from those
 * route schemas by @fastify/swagger, and `/docs` is that document as a page.
 */
import { Ajv } from 'ajv';
import swagger from '@fastify/swagger';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Db } from 'mongodb';
import type { Registry } from 'prom-client';
import { DomainError, errorBodyOf, httpStatusOf, isDomainError, type ErrorBody } from '../../domain/errors.js';
import { ErrorSchema } from './schemas.js';
import type { Limit } from '../../infra/accounts/limits.js';
import type { ComfortService } from '../comfort-trade/service.js';
import type { WithdrawalService } from '../withdrawals/service.js';
import type { WebhookService } from '../webhooks/service.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import { DEFAULT_V1_RATE_LIMIT, guard } from './guard.js';
import { IdempotencyStore } from './idempotency.js';
import { docsPage, routeSchemaOf, v1SwaggerOptions } from './openapi.js';
import { v1Operations } from './operations.js';
import { isDatabaseUnavailable } from '../../infra/db.js';
import { sendDatabaseUnavailable } from '../errors.js';
import { methodNotAllowedRoutes } from './methods.js';
import { refuseUnstorableText } from './storable-text.js';

export interface V1Options {
  db: Db;
  comfort: ComfortService;
  withdrawals: WithdrawalService;
  /** The webhook actions shared with the Settings routes; `allowHttp` as there; `tell` makes the account notices. */
  webhooks: { service: WebhookService; allowHttp: boolean; tell: TellAccount };
  rateLimit?: Limit;
  /** The process's metrics registry: the Idempotency-Key claims' counters. */
  metrics?: Registry;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The v1 operation's shaping of its kept Idempotency-Key answer. */
    keptAnswer?: (body: unknown) => unknown;
  }
}

const CURSOR_INVALID = 'This cursor is not valid; use nextCursor of the previous page';

/** Ajv's failures as the error answer: each bad field by its dotted path (a cursor in its own words). */
function validationError(err: FastifyError): ErrorBody {
  const fields = (err.validation ?? []).map((v) => {
    const missing = (v.params as { missingProperty?: string })?.missingProperty;
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = [err.validationContext === 'headers' ? (missing ?? path) : path, err.validationContext === 'headers' ? '' : missing ?? ''].filter(Boolean).join('.') || err.validationContext || 'body';
    if (field === 'cursor') return { field, message: CURSOR_INVALID };
    return { field: field === 'idempotency-key' ? 'Idempotency-Key' : field, message: missing ? `${missing} is required` : `${field} ${v.message ?? 'is not valid'}` };
  });
  const code = fields.some((f) => f.field === 'cursor') ? 'invalid_cursor' : 'validation_failed';
  return { error: { code, message: fields[0]?.message ?? 'The request is not valid', fields } };
}

// A JSON body is checked as sent: no coercion, so "100000" is not an integer and null is not text,
// as the document says. Path, query and headers are text on the wire and are read as their types.
const AJV_OPTIONS = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false } as const;
const bodyAjv = new Ajv({ ...AJV_OPTIONS, coerceTypes: false });
const textAjv = new Ajv({ ...AJV_OPTIONS, coerceTypes: 'array' });

/** The v1 slice: registered by app.ts under V1_PREFIX with the services it shares with the web app's slices. */
export const apiV1: FastifyPluginAsync<V1Options> = async (v1, o) => {
  const ops = await v1Operations(o);
  const idem = await IdempotencyStore.open(o.db, undefined, o.metrics);
  const limit = o.rateLimit ?? DEFAULT_V1_RATE_LIMIT;
  // Before any route: swagger documents the routes registered after it, in this scope only.
  await v1.register(swagger, v1SwaggerOptions);
  v1.addSchema({ $id: 'Error', ...ErrorSchema });
  // Answers are sent as plain JSON, as before they were documented: the response schemas describe
  // them (schemathesis checks that they match) and never drop or coerce a field on the way out.
  v1.setSerializerCompiler(() => (data) => JSON.stringify(data));
  v1.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  v1.setErrorHandler((err: FastifyError, req, reply) => {
    if (isDomainError(err)) return reply.code(httpStatusOf(err.kind)).send(errorBodyOf(err));
    if (err.validation) return reply.code(400).send(validationError(err));
    if (isDatabaseUnavailable(err)) return sendDatabaseUnavailable(err, req, reply);
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : status === 413 ? 'body_too_large' : 'bad_request', message: err.message, fields: [] } } satisfies ErrorBody);
    }
    req.log.error({ err }, 'unexpected error in API v1');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong, please try again', fields: [] } } satisfies ErrorBody);
  });
  v1.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: { code: 'not_found', message: 'No such API operation; see /api/v1/openapi.json', fields: [] } } satisfies ErrorBody));
  // A response that answers an Idempotency-Key is kept for its replays.
  v1.addHook('onSend', async (req, reply, payload) => {
    await idem.finish(req, reply, payload, req.routeOptions.config.keptAnswer);
    return payload;
  });

  for (const op of ops) {
    v1.route({
      method: op.method,
      url: op.path,
      schema: routeSchemaOf(op),
      config: { keptAnswer: op.keptAnswer },
      onRequest: guard(op.scope, limit),
      // Text no store keeps as sent is refused first; then the form's own checks, so a refusal reads
      // exactly as on the web page.
      preValidation: [refuseUnstorableText(op.body), ...(op.check ? [async (req: { body: unknown }) => op.check!(req.body)] : [])],
      ...(op.method === 'POST' ? { preHandler: (req, reply) => idem.begin(req, reply) } : {}),
      handler: op.handler,
    });
  }
  for (const route of methodNotAllowedRoutes(ops, v1.supportedMethods)) v1.route({ ...route, schema: { hide: true } });

  v1.get('/openapi.json', { schema: { hide: true } }, async () => v1.swagger());
  v1.get('/docs', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage(v1.swagger() as unknown as Record<string, unknown>)));
};

export { DomainError };
