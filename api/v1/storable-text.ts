/**
 * Text no store keeps as sent: NUL (the database refuses it, once as a 500) and a lone UTF-16
 * surrogate (half of a pair, which JSON may spell as `\ud800` and which becomes U+FFFD on its way to
 * the database, so what is kept is not what was sent). Refused wherever a v1 request holds text the
 * server reads (path, query, declared body fields), before the schemas and the form's own checks see
 * it; the document says the same with PLAIN_TEXT_PATTERN on its free-text fields and the id formats
 * and patterns on the others.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError, type FieldError } from '../../domain/errors.js';
import { HIDDEN_CHARACTERS } from '../../domain/messages.js';
import type { JsonSchema } from './schemas.js';

// With the u flag \p{Cs} matches only a surrogate without its other half.
const UNSTORABLE = /[\0\p{Cs}]/u;
const storable = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * The dotted path of the first text in `value` that cannot be stored as sent, looking where `schema`
 * declares properties and items (a property it does not declare is never read, so it is left as
 * the document leaves it: free); without a schema, everywhere (keys included).
 */
export function unstorableField(value: unknown, schema?: JsonSchema, path: string[] = []): string | null {
  if (typeof value === 'string') return storable(value) ? null : path.join('.');
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    const items = schema?.items as JsonSchema | undefined;
    for (const [i, item] of value.entries()) {
      const found = unstorableField(item, schema ? items ?? {} : undefined, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  const declared = schema?.properties as Record<string, JsonSchema> | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (schema && !declared?.[key]) continue;
    if (!storable(key)) return [...path, JSON.stringify(key).slice(1, -1)].join('.');
    const found = unstorableField(item, declared?.[key], [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * preValidation of a v1 route, before the form's checks and the schemas: a 400 naming the first
 * field of the path, the query or the body (as `body` declares it) holding such text; nothing changes.
 */
export const refuseUnstorableText = (body: JsonSchema | undefined) => async (req: FastifyRequest): Promise<void> => {
  for (const [part, value, schema] of [['params', req.params, undefined], ['query', req.query, undefined], ['body', req.body, body ?? {}]] as const) {
    const field = unstorableField(value, schema);
    if (field === null) continue;
    const error: FieldError = { field: field || part, message: HIDDEN_CHARACTERS };
    throw DomainError.invalidFields([error]);
  }
};
