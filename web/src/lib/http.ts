import { isJsonContentType, toQueryString } from '../ui/query-string';
import type { ErrorBody } from '../../../domain/errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Built with the specification's query-string rule (nested objects one level, blanks skipped). */
  query?: Record<string, unknown>;
  /** Sent as JSON, unless it is FormData (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface HttpResponse<T> {
  status: number;
  ok: boolean;
  /** True only for an application/json response; anything else is text. */
  json: boolean;
  data: T | string;
}

/** An answer that was not 2xx, or not JSON where JSON was needed. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The address of an API call with its query string. */
export function apiUrl(path: string, query?: Record<string, unknown>): string {
  const qs = query ? toQueryString(query) : '';
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** The CSRF token of the signed-in session (the readable `csrf` cookie), or null. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const m = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : null;
}

/**
 * Whether this browser may hold a session: the readable `csrf` cookie is set and cleared with the
 * session cookie. Without it the app asks no member API (a visitor's console stays free of 401s).
 */
export const maySignedIn = (): boolean => csrfToken() !== null;

/** Calls the API on the same origin with the session cookie. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  // Signed-in writes echo the session's CSRF token (readable cookie set at sign-in; docs/accounts.md).
  const csrf = method === 'GET' ? null : csrfToken();
  if (csrf && !headers['X-CSRF-Token']) headers['X-CSRF-Token'] = csrf;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  const json = isJsonContentType(res.headers.get('content-type'));
  const data = json ? ((await res.json()) as T) : await res.text();
  return { status: res.status, ok: res.ok, json, data };
}

/** A JSON answer, or an HttpError (carrying the server's error message when it sent one). */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await request<T>(path, options);
  if (!res.ok) {
    const message =
      res.json && typeof res.data === 'object' && res.data && 'error' in res.data
        ? String((res.data as Partial<ErrorBody>).error?.message ?? res.status)
        : `HTTP ${res.status}`;
    throw new HttpError(res.status, res.data, message);
  }
  if (!res.json) throw new HttpError(res.status, res.data, 'The answer is not JSON');
  return res.data as T;
}
