import type { FastifyInstance } from 'fastify';
import { isDomainError, httpStatusOf, DomainError, errorBodyOf, type ErrorBody } from '../domain/errors.js';
import { validate } from '../domain/validation.js';
import type { Struct } from 'superstruct';

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
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong, please try again', fields: [] } } satisfies ErrorBody);
  });
}

/** Validates a request body with a domain schema; a bad one becomes a 400 naming each field, and nothing changes. */
export function parseBody<T, S>(struct: Struct<T, S>, body: unknown): T {
  const result = validate(struct, body);
  if (!result.ok) throw DomainError.invalidFields(result.errors);
  return result.value;
}
