/**
 * The v1 operation table and what is built from it: each operation becomes a route whose schema
 * Fastify validates with and @fastify/swagger writes, unchanged, into the OpenAPI 3.1 document (and
 * its HTML page), so the document always describes what the server checks.
 */
import type { FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import { API_SCOPES, type ApiScope } from '../../domain/api-keys.js';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { JsonSchema } from './schemas.js';

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify path under /api/v1 (`:id` params). */
  path: string;
  summary: string;
  description?: string;
  /** null: any valid key (e.g. /me). */
  scope: ApiScope | null;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  headers?: JsonSchema;
  /** The success answer: status and schema (none for an empty answer, e.g. 204). */
  success: { status: number; schema?: JsonSchema; description: string };
  /** Domain checks run before the schema (the form's own rules and words). */
  check?: (body: unknown) => void;
  /** What the Idempotency-Key store keeps of a 2xx answer for replays (default: all of it); e.g. drops a secret shown once. */
  keptAnswer?: (body: unknown) => unknown;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export const V1_PREFIX = '/api/v1';

/** HTTP's spelling of a header name in the document (`idempotency-key` is `Idempotency-Key`); Fastify checks headers by their lower-case names. */
const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());

const ERROR_REF = { $ref: 'Error#' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

const takesIdempotencyKey = (op: Operation) => Object.hasOwn((op.headers?.properties ?? {}) as object, 'idempotency-key');

/** The refusals of the Idempotency-Key, as draft-ietf-httpapi-idempotency-key-header gives them. */
const idempotencyResponses = {
  409: errorResponse('Refused in the current state; or a request with this Idempotency-Key is still running (idempotency_in_progress: retry shortly, data.retryAt says when)'),
  422: errorResponse('This Idempotency-Key was already used for another request (idempotency_key_reused): nothing was done; use a new key for a new request'),
};

/**
 * An operation's route schema: the request parts Fastify validates with, and what @fastify/swagger
 * writes into the document beside them (summary, scope, security, every answer). The answers are
 * described, not used to reshape what is sent (API v1's serializer is plain JSON, see plugin.ts).
 */
export function routeSchemaOf(op: Operation): Record<string, unknown> {
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.scope ? { 'x-scope': op.scope } : {}),
    security: [{ apiKey: [] }],
    ...(op.params ? { params: op.params } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body ? { body: op.body } : {}),
    ...(op.headers ? { headers: op.headers } : {}),
    response: {
      // An empty answer (204) is `type: 'null'` to the document generator: a description and no content.
      [String(op.success.status)]: { description: op.success.description, ...(op.success.schema ? { content: { 'application/json': { schema: op.success.schema } } } : { type: 'null' }) },
      400: errorResponse(`A bad input: every bad field named, nothing changed (text holding NUL or a lone surrogate included${takesIdempotencyKey(op) ? '; a missing or malformed Idempotency-Key' : ''})`),
      401: errorResponse('Missing, unknown, rotated or revoked key'),
      403: errorResponse('The key lacks the scope; or a value that only the account holds (its email, an emailed code) does not match'),
      404: errorResponse('Not found'),
      409: errorResponse('Refused in the current state'),
      ...(takesIdempotencyKey(op) ? idempotencyResponses : {}),
      ...(op.body ? { 413: errorResponse('The body is larger than 1 MB'), 415: errorResponse('The body is not application/json') } : {}),
      429: errorResponse('Rate limit reached (Retry-After says when to retry)'),
      503: errorResponse('A service this operation needs is down; nothing was done, retry later'),
    },
  };
}

/** @fastify/swagger's settings for the v1 document (OpenAPI 3.1), generated from the routes' schemas. */
export const v1SwaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Coin Market API', version: '1.0.0', description: 'For large sellers: comfort trades, records, balance, ledger, withdrawals and webhook endpoints. Keys are arranged with support (see docs/api.md).' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { apiKey: { type: 'http' as const, scheme: 'bearer', description: `Authorization: Bearer cmk_<key id>_<secret>. A key has some of the scopes ${API_SCOPES.join(', ')}; each operation's x-scope names the one it needs (webhooks: registering, removing and re-keying webhook endpoints, redelivering).` } },
    },
  },
  // The shared Error schema keeps its name: `#/components/schemas/Error`.
  refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  // `const` stays `const` (3.1 is JSON Schema 2020-12).
  convertConstToEnum: false,
  transform: ({ schema, url }) => {
    const headers = schema?.headers as JsonSchema | undefined;
    if (!headers) return { schema, url };
    const properties = Object.fromEntries(Object.entries((headers.properties ?? {}) as Record<string, JsonSchema>).map(([k, v]) => [headerName(k), v]));
    return { schema: { ...schema, headers: { ...headers, properties, required: ((headers.required ?? []) as string[]).map(headerName) } } as FastifySchema, url };
  },
  // Every operation lists its parameters, an empty list included (clients and the docs page read it).
  transformObject: (doc) => {
    if (!('openapiObject' in doc)) return doc.swaggerObject;
    for (const methods of Object.values((doc.openapiObject.paths ?? {}) as Record<string, Record<string, { parameters?: unknown[] }>>)) {
      for (const op of Object.values(methods)) op.parameters ??= [];
    }
    return doc.openapiObject;
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain server-rendered page of the same document (no scripts, no assets from elsewhere). */
export function docsPage(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, { operationId: string; summary: string; description?: string; 'x-scope'?: string; parameters?: { name: string; in: string; required: boolean; description?: string; schema: unknown }[]; requestBody?: { content: { 'application/json': { schema: unknown } } }; responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }> }>>;
  const sections = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => `
<section id="${esc(op.operationId)}">
<h2><code>${esc(method.toUpperCase())} ${esc(path)}</code></h2>
<p>${esc(op.summary)}${op['x-scope'] ? ` <strong>Scope: ${esc(op['x-scope'])}</strong>` : ''}</p>
${op.description ? `<p>${esc(op.description)}</p>` : ''}
${op.parameters?.length ? `<h3>Parameters</h3><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${op.parameters.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code>${p.description ? `<br>${esc(p.description)}` : ''}</td></tr>`).join('')}</tbody></table>` : ''}
${op.requestBody ? `<h3>Request body</h3><pre>${esc(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2))}</pre>` : ''}
<h3>Responses</h3><ul>${Object.entries(op.responses).map(([s, r]) => `<li><strong>${esc(s)}</strong>: ${esc(r.description)}</li>`).join('')}</ul>
</section>`));
  const info = doc.info as { title: string; description: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#1a1a1a}pre,td code{white-space:pre-wrap;overflow-wrap:anywhere}pre{background:#f4f4f4;padding:8px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;text-align:start;vertical-align:top}</style>
</head><body><main><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI 3.1). Errors always have the shape of <code>#/components/schemas/Error</code>; every POST needs an <code>Idempotency-Key</code>.</p>
<nav aria-label="Operations"><ul>${Object.values(paths).flatMap((m) => Object.values(m)).map((op) => `<li><a href="#${esc(op.operationId)}">${esc(op.summary)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`;
}

export type { RouteHandlerMethod };
