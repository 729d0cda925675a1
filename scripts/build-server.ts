/**
 * Bundles the server processes ahead of time into dist/ (`npm run build`), so the image runs
 * `node dist/<process>.js` with no TypeScript loader: dist/api.js, dist/worker.js, dist/support.js and
 * dist/simulator.js (docker-compose.yml names these files), dist/migrate.js, dist/backup.js and
 * dist/restore.js (docs/operations.md), plus the API's XLSX reader thread, which
 * the API starts from beside itself. npm packages stay external: the image installs the production
 * dependencies, and native ones (Temporal's core bridge, argon2) cannot be bundled anyway.
 * dist/server-meta.json is esbuild's metafile: the sources each bundle holds (the production rehearsal
 * checks none is newer than its bundle) and the packages each imports (a unit test checks they are
 * all production dependencies).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUTDIR = path.join(root, 'dist');
export const SERVER_META = path.join(SERVER_OUTDIR, 'server-meta.json');

export { SERVER_ENTRIES } from './server-entries.js';
import { SERVER_ENTRIES } from './server-entries.js';

/** esbuild's options for the server bundles (a unit test builds them in memory to read their imports). */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir: SERVER_OUTDIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  define: { __COINMARKET_BUILT__: 'true' },
  legalComments: 'none',
  logLevel: 'warning',
} satisfies BuildOptions;

/** The npm packages a bundle imports (their names, without subpaths), from esbuild's metafile. */
export function packagesImported(meta: Metafile): Set<string> {
  const names = new Set<string>();
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const imp of out.imports) {
      if (!imp.external || imp.path.startsWith('node:')) continue;
      names.add(imp.path.split('/').slice(0, imp.path.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return names;
}

export async function buildServer(): Promise<{ ms: number; meta: Metafile }> {
  const started = performance.now();
  await mkdir(SERVER_OUTDIR, { recursive: true });
  const result = await build(serverBuildOptions);
  await writeFile(SERVER_META, JSON.stringify(result.metafile));
  return { ms: performance.now() - started, meta: result.metafile };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ms } = await buildServer();
  console.log(`server bundles built into dist/ (${Object.keys(SERVER_ENTRIES).map((n) => `${n}.js`).join(', ')}) in ${Math.round(ms)} ms`);
}
