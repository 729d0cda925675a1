// The language prefix of an address, apart from the route table: pages and links use it, and the
// route table loads the pages, so keeping both in one module made every page a cycle (issue 29).
import type { LanguageCode } from '../../domain/client-config';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '../../domain/client-config';

export interface ResolvedLocation {
  lang: LanguageCode;
  /** The path without language prefix, normalised (no trailing slash except `/`). */
  path: string;
  /** Set when the address must be replaced (a leading /en, a trailing slash). */
  redirect?: string;
}

const normalise = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** The language prefix rule: en has no prefix (a leading /en is redirected away), others do. */
export function resolveLocation(pathname: string): ResolvedLocation {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (isLanguage(first)) {
    const rest = normalise('/' + segments.slice(2).join('/'));
    if (first === DEFAULT_LANGUAGE) return { lang: first, path: rest, redirect: rest };
    const canonical = localizedPath(first, rest);
    return { lang: first, path: rest, redirect: canonical !== pathname ? canonical : undefined };
  }
  const path = normalise(pathname || '/');
  return { lang: DEFAULT_LANGUAGE, path, redirect: path !== pathname ? path : undefined };
}

export { localizedPath };
