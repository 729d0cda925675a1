/**
 * The path a request reaches, for guards that decide by path (the per-IP limit, the cross-site
 * refusal, the API's 404s). The router decodes percent-encoding (`/%61pi/config` is `/api/config`),
 * so a guard testing the raw URL is walked past; this is the matched route's pattern, or for a
 * request no route matched, the path decoded the way the router decodes it.
 */
import type { FastifyRequest } from 'fastify';

/** The matched route (`/codec/:token/decode`...), else the decoded path without its query. */
export function routePath(req: FastifyRequest): string {
  return req.routeOptions.url ?? decodedPath(req.url);
}

/** The path of a raw URL, percent-decoded except for reserved characters (`%2F` stays, as in the router); raw when malformed. */
export function decodedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
