/**
 * Web bundle size: gzip bytes of the JS and CSS the first view of `/` needs (entry, its static
 * imports, the home page chunk and the English texts it loads: the core part and the parts its
 * route names), and of every lazily loaded chunk. Reads dist/web/meta.json written by
 * `npm run build`. Target: first-view JS under 90 KB gzip (issue 20).
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { findRoute } from '../../web/src/routes.js';

const BUDGET_KB = 90;

const dir = path.resolve('dist/web');
const metaPath = path.join(dir, 'meta.json');
if (!existsSync(metaPath)) {
  console.error('dist/web/meta.json is missing: run `npm run build` first');
  process.exit(1);
}
const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile;
const gz = (file: string) => gzipSync(readFileSync(path.resolve(file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const outputs = Object.entries(meta.outputs).filter(([f]) => !f.endsWith('.map'));
const entry = outputs.find(([, o]) => o.entryPoint === 'web/src/main.tsx');
if (!entry) throw new Error('no entry output in meta.json');

/** A file and everything it imports statically. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') closure(imp.path, seen);
  return seen;
}

const byEntry = (src: string) => outputs.find(([, o]) => o.entryPoint === src)?.[0];
const initial = closure(entry[0]);
const homeChunk = byEntry('web/src/pages/home.tsx');
const homeTexts = ['core', ...findRoute('/').route.texts].map((part) => `web/src/i18n/dict/${part}/en.ts`);
const textChunks = homeTexts.map(byEntry);
if (!homeChunk || textChunks.some((f) => !f)) throw new Error(`no chunk for the home page or its texts (${homeTexts.join(', ')})`);
const firstView = new Set(initial);
for (const f of [homeChunk, ...textChunks]) closure(f!, firstView);

let js = 0;
for (const f of firstView) if (f.endsWith('.js')) js += gz(f);
const cssFile = entry[1].cssBundle;
const css = cssFile ? gz(cssFile) : 0;

console.log('First view of / (gzip):');
console.log(`  JS  ${kb(js)}  (${[...firstView].filter((f) => f.endsWith('.js')).length} files; target < ${BUDGET_KB} KB)`);
console.log(`  CSS ${kb(css)}`);
console.log(`  entry alone with static imports: ${kb([...initial].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0))}`);
console.log('\nLazily loaded chunks (gzip, own file only; shared chunks listed separately):');
const rows: [string, number][] = [];
for (const [file, o] of outputs) {
  if (!file.endsWith('.js') || initial.has(file)) continue;
  const name = o.entryPoint ? path.relative('web/src', o.entryPoint) : `(shared) ${path.basename(file)}`;
  rows.push([name, gz(file)]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));
for (const [name, size] of rows) console.log(`  ${name.padEnd(44)} ${kb(size)}`);
console.log(`\nJS budget ${js < BUDGET_KB * 1024 ? 'met' : 'EXCEEDED'}: ${kb(js)} of ${BUDGET_KB} KB`);
