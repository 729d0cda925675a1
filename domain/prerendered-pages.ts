// Where the build writes the prerendered public pages (scripts/prerender-pages.ts) and how the server
// finds them (api/static-web.ts): one place, so the two never disagree.
import type { LanguageCode } from './client-config.js';

/** Stands for the site's origin in prerendered files; the server writes PUBLIC_URL there. */
export const ORIGIN_TOKEN = '__COINMARKET_ORIGIN__';
/** The folder of the prerendered files, inside the web build. */
export const PAGES_DIR = 'pages';

/** The file of the page of `lang` at unprefixed `p`, relative to the pages folder. */
export const pageFile = (lang: LanguageCode, p: string): string => `${lang}${p === '/' ? '' : p}/index.html`;
