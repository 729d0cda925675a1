/** Query strings and content types as the specification's client builds and reads them (section 7). */

type Scalar = string | number | boolean | bigint | Date;

const isSkipped = (value: unknown): boolean => value === null || value === undefined || value === '';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

// Past the one flattened level, structure travels as JSON text, which the server can parse back.
function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as Scalar);
}

function pairs(key: string, value: unknown): string[] {
  if (isSkipped(value)) return [];
  if (Array.isArray(value)) return value.filter((item) => !isSkipped(item)).map((item) => `${key}=${encodeURIComponent(text(item))}`);
  return [`${key}=${encodeURIComponent(text(value))}`];
}

/**
 * key=value pairs joined by "&", URI-encoded. A nested object is flattened one level as key[sub]
 * (brackets kept literal); deeper values become JSON. null, undefined and "" are left out; an
 * array repeats its key once per item.
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const name = encodeURIComponent(key);
    if (isPlainObject(value)) {
      for (const [sub, subValue] of Object.entries(value)) parts.push(...pairs(`${name}[${encodeURIComponent(sub)}]`, subValue));
    } else {
      parts.push(...pairs(name, value));
    }
  }
  return parts.join('&');
}

/** Only application/json (parameters such as charset allowed, any case) is JSON; anything else is not. */
export function isJsonContentType(contentTypeHeader: string | null | undefined): boolean {
  if (!contentTypeHeader) return false;
  const mediaType = contentTypeHeader.split(';', 1)[0].trim().toLowerCase();
  return mediaType === 'application/json';
}
