/**
 * 405 for a method the document does not declare on a declared path, with `Allow` naming the ones
 * it does (RFC 9110). Answered in onRequest, before the key, the body or its content type are looked
 * at: which methods a path takes is public (the document says so) and costs nothing to tell.
 */
import type { RouteOptions } from 'fastify';
import type { ErrorBody } from '../../domain/errors.js';
import type { Operation } from './openapi.js';

/** One route per declared path taking every other method the server knows. */
export function methodNotAllowedRoutes(ops: readonly Operation[], supported: readonly string[]): RouteOptions[] {
  const byPath = new Map<string, Set<string>>();
  for (const op of ops) (byPath.get(op.path) ?? byPath.set(op.path, new Set()).get(op.path)!).add(op.method);
  return [...byPath].map(([url, declared]) => {
    // HEAD comes with GET (Fastify answers it from the GET route).
    const allowed = declared.has('GET') ? new Set([...declared, 'HEAD']) : declared;
    const allow = [...allowed].sort().join(', ');
    return {
      method: supported.filter((m) => !allowed.has(m)),
      url,
      onRequest: async (req, reply) => reply.code(405).header('allow', allow).send({
        error: { code: 'method_not_allowed', message: `${req.method} is not an operation of this path; it takes ${allow}`, fields: [] },
      } satisfies ErrorBody),
      handler: async () => undefined,
    } satisfies RouteOptions;
  });
}
