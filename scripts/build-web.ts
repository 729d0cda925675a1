/**
 * Builds the web app into dist/web: esbuild bundle of web/src/main.tsx with code splitting,
 * content-hashed names, source maps, an index.html that references the hashed entry and its CSS,
 * and meta.json (the esbuild metafile) for the size benchmark.
 */
import { build, transform, type Metafile, type Plugin } from 'esbuild';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestPath, THEME, writeManifests } from './web-manifest.js';
import { prerenderPages, type PageHead } from './prerender-pages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'web');
const entry = 'web/src/main.tsx';

/** The files the browser needs for the first view: entry JS, its static imports, and its CSS. */
export function firstViewFiles(meta: Metafile, outdirRel = 'dist/web'): { entry: string; css: string | undefined; preload: string[] } {
  const out = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry);
  if (!out) throw new Error(`no output for ${entry}`);
  const [entryFile, entryOut] = out;
  const rel = (file: string) => '/' + path.posix.relative(outdirRel, file);
  const preload = new Set<string>();
  const walk = (file: string) => {
    for (const imp of meta.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !preload.has(imp.path)) {
        preload.add(imp.path);
        walk(imp.path);
      }
    }
  };
  walk(entryFile);
  return {
    entry: rel(entryFile),
    css: entryOut.cssBundle ? rel(entryOut.cssBundle) : undefined,
    preload: [...preload].map(rel),
  };
}

const favicon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15' fill='%23b7791f'/%3E%3Ctext x='16' y='22' font-size='16' text-anchor='middle' fill='%23fff' font-family='sans-serif'%3EC%3C/text%3E%3C/svg%3E";

const DESCRIPTION = 'Sell your football game coins for euros: coins sold within 12 hours, money within 24 hours.';

/**
 * The HTML shell: empty (index.html, for every page the build does not render) or holding a
 * prerendered page (scripts/prerender-pages.ts) with its language, title, description and links.
 */
function indexHtml(files: ReturnType<typeof firstViewFiles> & { boot?: string }, page?: PageHead): string {
  const lang = page?.lang ?? 'en';
  // A prerendered page paints from its HTML and the stylesheet; its scripts only hydrate it, so they
  // are requested after the first paint by the loader (web/src/boot/late-scripts.ts). The empty shell needs them to paint.
  const scripts = page && files.boot
    ? `<script src="${files.boot}" defer data-entry="${files.entry}" data-preload="${files.preload.join(' ')}"></script>`
    : `${files.preload.map((p) => `<link rel="modulepreload" href="${p}">\n`).join('')}<script type="module" src="${files.entry}"></script>`;
  return `<!doctype html>
<html lang="${lang}" dir="${page?.dir ?? 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${page?.description ?? DESCRIPTION}">
<meta name="theme-color" content="${THEME.brand}">
<title>${page?.title ?? 'CoinMarket'}</title>
${page ? `${page.links}\n` : ''}<link rel="icon" href="${favicon}">
<link rel="manifest" href="${manifestPath(lang)}">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
${files.css ? `<link rel="stylesheet" href="${files.css}">\n` : ''}${scripts}
</head>
<body>
${page ? `<div id="root" data-prerendered="${page.marker}">${page.body}</div>` : '<div id="root"></div>\n<noscript>This site needs JavaScript.</noscript>'}
</body>
</html>
`;
}

const gz = promisify(gzip);
const br = promisify(brotliCompress);

/** Writes .gz and .br next to each asset, for servers that send precompressed files (@fastify/static preCompressed). */
async function precompress(files: string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [g, b] = await Promise.all([
        gz(body, { level: 9 }),
        br(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, g), writeFile(`${file}.br`, b)]);
    }),
  );
}

/** wouter's `use-sync-external-store/shim` import resolves to React's own hook (web/src/vendor/use-sync-external-store-shim.ts). */
const builtinSyncExternalStore: Plugin = {
  name: 'builtin-use-sync-external-store',
  setup(b) {
    b.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: path.join(root, 'web/src/vendor/use-sync-external-store-shim.ts') }));
  },
};

/**
 * The entry holds React DOM and runs nearly all of it on load (the module graph, then hydration). Chrome
 * (136+) compiles a script marked `//# allFunctionsCalledOnLoad` eagerly while it streams in, off the main
 * thread; unmarked, V8 compiles each function on the main thread the first time it runs, inside the one
 * long task that evaluates the graph (Lighthouse's Total Blocking Time). Other browsers ignore the comment.
 * Only the entry: it is where the long task was, and each marked file costs its 29 bytes in the first
 * view's budget. The source map gets the extra line (one more `;` before the first mapping).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
async function markEagerCompile(file: string): Promise<void> {
  await writeFile(file, COMPILE_HINT + (await readFile(file, 'utf8')));
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { mappings: string };
  map.mappings = ';' + map.mappings;
  await writeFile(`${file}.map`, JSON.stringify(map));
}

/** The prerendered pages' loader under a content-hashed name (cached for a year like the chunks); its path from the site's root. */
async function writeLateScripts(): Promise<string> {
  const source = await readFile(path.join(root, 'web', 'src', 'boot', 'late-scripts.ts'), 'utf8');
  const { code: body } = await transform(source, { loader: 'ts', format: 'iife', minify: true, target: 'es2020', legalComments: 'none' });
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 8).toUpperCase();
  const name = `late-scripts-${hash}.js`;
  await writeFile(path.join(outdir, name), body);
  return `/${name}`;
}

export async function buildWeb(): Promise<{ ms: number; meta: Metafile }> {
  const started = performance.now();
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: true,
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    outdir,
    metafile: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    plugins: [builtinSyncExternalStore],
  });
  const files = { ...firstViewFiles(result.metafile), boot: await writeLateScripts() };
  await markEagerCompile(path.join(outdir, files.entry));
  await writeFile(path.join(outdir, 'index.html'), indexHtml(files));
  // The public pages in every language, ready to paint before any script runs.
  await prerenderPages(root, outdir, (page) => indexHtml(files, page));
  await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  // Files served as they are from the site's root: the service worker (web/public/sw.js) must sit at "/" to control every page.
  await cp(path.join(root, 'web', 'public'), outdir, { recursive: true });
  // The manifests (one per language, web/src/shell switches the link) and their icons, also from "/".
  await writeManifests(outdir);
  await precompress([...Object.keys(result.metafile.outputs).filter((f) => /\.(js|css)$/.test(f)).map((f) => path.join(root, f)), path.join(outdir, files.boot)]);
  return { ms: performance.now() - started, meta: result.metafile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ms } = await buildWeb();
  console.log(`web app built into ${path.relative(process.cwd(), outdir) || outdir} in ${Math.round(ms)} ms`);
}
