/**
 * `npm run bench [name…]`: runs each benchmark in its own process, one after another, and prints its
 * figures. The long runs (chaos, soak: half an hour and more) run only when named (npm run chaos / soak).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const LONG = ['chaos.ts', 'soak.ts'];
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'stats.ts'].includes(f) && !f.startsWith('_'))
  .filter((f) => (only.length === 0 ? !LONG.includes(f) : only.some((o) => f.includes(o))))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', resolve(dir, file)], { stdio: 'inherit', cwd: resolve(dir, '../..') });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
