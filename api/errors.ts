import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, httpStatusOf, DomainError, errorBodyOf, type ErrorBody } from '../domain/errors.js';
import { validate } from '../domain/validation.js';
import type { Struct } from 'superstruct';
import { isDatabaseUnavailable } from '../infra/db.js';
import { TRY_AGAIN } from '../domain/messages.js';

/** The one mapping of errors to HTTP answers: domain errors keep their code and fields; others never leak. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    if (isDomainError(err)) {
      return reply.code(httpStatusOf(err.kind)).send(errorBodyOf(err));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit) are safe to name.
      return reply.code(status).send({ error: { code: (err as { code?: string }).code ?? 'bad_request', message: (err as Error).message, fields: [] } } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) return sendDatabaseUnavailable(err, req, reply);
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong, please try again', fields: [] } } satisfies ErrorBody);
  });
}

/** A database past its deadline is "try again" (503 `unavailable`), never a hang and never a 500 that looks like a bug. */
export function sendDatabaseUnavailable(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  req.log.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'database unavailable');
  return reply.code(503).header('retry-after', '5').send({ error: { code: 'unavailable', message: TRY_AGAIN, fields: [] } } satisfies ErrorBody);
}

/** Validates a request body with a domain schema; a bad one becomes a 400 naming each field, and nothing changes. */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown): T {
  const result = validate(struct, body);
  if (!result.ok) throw DomainError.invalidFields(result.errors);
  return result.value;
}
