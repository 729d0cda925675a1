/**
 * What the first view of `/` costs a visitor's browser: the loader that requests the scripts after
 * the first paint, the entry chunk and its static imports, the home page chunk and the English texts it loads (the core part and the parts its route names), read
 * from dist/web/meta.json (`npm run build`). The benchmark prints it with every lazy chunk
 * (tests/bench/web-size.ts); a unit test holds the budget, so a change that creeps over it fails
 * where it is made (the push-subscriptions merge once took it from 89 to 95 KB unnoticed).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { findRoute } from '../web/src/routes.js';

/** First-view JavaScript budget, gzip (issues 20 and 33). */
export const FIRST_VIEW_BUDGET_KB = 90;

export interface FirstView {
  meta: Metafile;
  /** Output files loaded before the entry runs (entry and its static imports). */
  initial: Set<string>;
  /** Output files of the whole first view. */
  files: Set<string>;
  jsBytes: number;
  cssBytes: number;
  /** The entry's own file, for what it was built from. */
  entry: string;
}

export const gzipBytes = (file: string) => gzipSync(readFileSync(path.resolve(file)), { level: 9 }).length;

export function readFirstView(dir = path.resolve('dist/web')): FirstView {
  const metaPath = path.join(dir, 'meta.json');
  if (!existsSync(metaPath)) throw new Error(`${metaPath} is missing: run \`npm run build\` first`);
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile;
  const outputs = Object.entries(meta.outputs).filter(([f]) => !f.endsWith('.map'));
  const entry = outputs.find(([, o]) => o.entryPoint === 'web/src/main.tsx');
  if (!entry) throw new Error('no entry output in meta.json');

  const closure = (file: string, seen: Set<string>): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, seen);
    return seen;
  };
  const byEntry = (src: string) => outputs.find(([, o]) => o.entryPoint === src)?.[0];
  const initial = closure(entry[0], new Set());
  const homeChunk = byEntry('web/src/pages/home.tsx');
  const homeTexts = ['core', ...findRoute('/').route.texts].map((part) => `web/src/i18n/dict/${part}/en.ts`);
  const textChunks = homeTexts.map(byEntry);
  if (!homeChunk || textChunks.some((f) => !f)) throw new Error(`no chunk for the home page or its texts (${homeTexts.join(', ')})`);
  const files = new Set(initial);
  for (const f of [homeChunk, ...textChunks]) closure(f!, files);

  // The prerendered page's loader (web/src/boot/late-scripts.ts) is not an esbuild output, and it runs first.
  const loader = readdirSync(dir).find((f) => /^late-scripts-[A-Z0-9]{8}\.js$/.test(f));
  if (!loader) throw new Error(`no late-scripts loader in ${dir}: run \`npm run build\``);
  let jsBytes = gzipBytes(path.join(dir, loader));
  for (const f of files) if (f.endsWith('.js')) jsBytes += gzipBytes(f);
  const cssFile = entry[1].cssBundle;
  return { meta, initial, files, jsBytes, cssBytes: cssFile ? gzipBytes(cssFile) : 0, entry: entry[0] };
}
