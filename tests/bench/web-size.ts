/**
 * Web bundle size: gzip bytes of the JS and CSS the first view of `/` needs (scripts/web-first-view.ts),
 * and of every lazily loaded chunk. Reads dist/web/meta.json written by `npm run build`. Target:
 * first-view JS under 90 KB gzip (issue 20), held by tests/unit/web-first-view-budget.test.ts.
 */
import path from 'node:path';
import { FIRST_VIEW_BUDGET_KB, gzipBytes, readFirstView } from '../../scripts/web-first-view.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const view = readFirstView();
const js = [...view.files].filter((f) => f.endsWith('.js'));

console.log('First view of / (gzip):');
console.log(`  JS  ${kb(view.jsBytes)}  (${js.length} files; target < ${FIRST_VIEW_BUDGET_KB} KB)`);
console.log(`  CSS ${kb(view.cssBytes)}`);
console.log(`  entry alone with static imports: ${kb([...view.initial].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipBytes(f), 0))}`);
console.log('\nLazily loaded chunks (gzip, own file only; shared chunks listed separately):');
const rows: [string, number][] = [];
for (const [file, o] of Object.entries(view.meta.outputs)) {
  if (!file.endsWith('.js') || view.initial.has(file)) continue;
  const name = o.entryPoint ? path.relative('web/src', o.entryPoint) : `(shared) ${path.basename(file)}`;
  rows.push([name, gzipBytes(file)]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));
for (const [name, size] of rows) console.log(`  ${name.padEnd(44)} ${kb(size)}`);
console.log(`\nJS budget ${view.jsBytes < FIRST_VIEW_BUDGET_KB * 1024 ? 'met' : 'EXCEEDED'}: ${kb(view.jsBytes)} of ${FIRST_VIEW_BUDGET_KB} KB`);
