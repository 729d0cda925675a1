// Where the build writes the prerendered public pages (scripts/prerender-pages.ts) and how the server
// finds them (api/static-web.ts): one place, so the two never disagree.
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from './client-config.js';

/** Stands for the site's origin in prerendered files; the server writes PUBLIC_URL there. */
export const ORIGIN_TOKEN = '__COINMARKET_ORIGIN__';
/** The folder of the prerendered files, inside the web build. */
export const PAGES_DIR = 'pages';

/** The file of the page of `lang` at unprefixed `p`, relative to the pages folder. */
export const pageFile = (lang: LanguageCode, p: string): string => `${lang}${p === '/' ? '' : p}/index.html`;

/** Paths a prerendered page may have: lower-case words, nothing a file system would read as a step elsewhere. */
const PAGE_PATH = /^(\/[a-z0-9-]+)*\/*$/;

/** The prerendered file of an address (`/ar/faq/` is ar's /faq), relative to the pages folder; null when the address cannot have one. */
export function prerenderedFile(path: string): string | null {
  if (!PAGE_PATH.test(path)) return null;
  const [, first = '', ...rest] = path.replace(/\/+$/, '').split('/');
  // `/en/...` is sent on to the unprefixed address by the app itself.
  if (first === DEFAULT_LANGUAGE) return null;
  return isLanguage(first) ? pageFile(first, '/' + rest.join('/')) : pageFile(DEFAULT_LANGUAGE, path.replace(/\/+$/, '') || '/');
}
