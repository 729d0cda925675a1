/**
 * The public pages, rendered to HTML at build time in every language (issue 33, "first paint"): a
 * visitor, a search engine or a link preview gets the page's words without running JavaScript, and
 * the browser paints them before the app's chunks arrive; the app then hydrates them (web/src/main.tsx).
 *
 * Writes dist/web/pages/<lang>/<path>/index.html, with <html lang dir>, the page's title and
 * description, its canonical address and its alternates in every language (hreflang, x-default),
 * and dist/web/pages/sitemap.xml and robots.txt. Addresses are written with ORIGIN_TOKEN in place of
 * the site's origin: one build serves any deployment, and api/static-web.ts puts PUBLIC_URL there.
 */
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, localizedPath, type LanguageCode } from '../domain/client-config.js';
import { ORIGIN_TOKEN, PAGES_DIR, pageFile } from '../domain/prerendered-pages.js';
import type { PrerenderedPage } from '../web/src/prerender.js';


/** What the HTML shell needs to know about a page (scripts/build-web.ts writes the shell). */
export interface PageHead {
  lang: LanguageCode;
  dir: 'ltr' | 'rtl';
  title: string;
  description: string;
  /** Extra <head> lines: canonical and alternates. */
  links: string;
  /** The markup of #root, and what main.tsx compares with the address before hydrating. */
  body: string;
  marker: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const url = (lang: LanguageCode, p: string) => ORIGIN_TOKEN + localizedPath(lang, p);


function alternates(p: string): string[] {
  return [
    ...LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${url(l, p)}">`),
    `<link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE, p)}">`,
  ];
}

function sitemap(paths: string[]): string {
  const entries = paths.flatMap((p) =>
    LANGUAGES.map(
      (lang) =>
        `<url><loc>${url(lang, p)}</loc>${[...LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(l, p)}"/>`), `<xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE, p)}"/>`].join('')}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

const robots = () => `User-agent: *\nDisallow: /api/\nDisallow: /member/\nSitemap: ${ORIGIN_TOKEN}/sitemap.xml\n`;

/**
 * Renders the public pages in a child process (the app's modules expect to own their process: they
 * open channels a build must not wait for) and writes them through `shell` into `outdir`/pages.
 */
export async function prerenderPages(root: string, outdir: string, shell: (head: PageHead) => string): Promise<number> {
  const work = path.join(root, 'dist', 'prerender');
  await rm(work, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // A program around web/src/prerender.tsx: writes the pages as JSON to the file its first argument names,
    // then ends (the app's modules open channels a page never closes).
    stdin: {
      contents: "import { writeFileSync } from 'node:fs'; import { prerenderPublicPages } from './web/src/prerender.tsx'; writeFileSync(process.argv[2], JSON.stringify(await prerenderPublicPages())); process.exit(0);",
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'prerender-main.ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: path.join(work, 'prerender.mjs'),
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    // CommonJS packages (react-dom/server) call require() for Node's own modules.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  const json = path.join(work, 'pages.json');
  await promisify(execFile)(process.execPath, [path.join(work, 'prerender.mjs'), json], { cwd: root, maxBuffer: 1 << 24 });
  const pages = JSON.parse(await readFile(json, 'utf8')) as PrerenderedPage[];
  const dir = path.join(outdir, PAGES_DIR);
  await rm(dir, { recursive: true, force: true });
  for (const page of pages) {
    const file = path.join(dir, pageFile(page.lang, page.path));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      shell({
        lang: page.lang,
        dir: RTL_LANGUAGES.includes(page.lang) ? 'rtl' : 'ltr',
        title: escapeHtml(page.title),
        description: escapeHtml(page.description),
        links: [`<link rel="canonical" href="${url(page.lang, page.path)}">`, ...alternates(page.path)].join('\n'),
        body: page.html,
        marker: `${page.lang}:${page.path}`,
      }),
    );
  }
  const paths = [...new Set(pages.map((p) => p.path))];
  await writeFile(path.join(dir, 'sitemap.xml'), sitemap(paths));
  await writeFile(path.join(dir, 'robots.txt'), robots());
  await rm(work, { recursive: true, force: true });
  return pages.length;
}
