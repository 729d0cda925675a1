/**
 * Whether dist/ holds bundles built from the sources as they are now (`npm run build`): npm start runs them
 * when it does, and tests that run dist/ refuse a missing or stale one (tests/support/built.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');

/** What keeps `bundles` (paths under the repository, e.g. dist/api.js) from being used: missing files, then sources newer than their bundle. */
export function distProblems(bundles: string[], root = repo): { missing: string[]; newer: string[] } {
  const at = (p: string) => join(root, p);
  const missing = bundles.filter((f) => !existsSync(at(f)));
  if (missing.length || !existsSync(at('dist/server-meta.json'))) return { missing: missing.length ? missing : ['dist/server-meta.json'], newer: [] };
  const meta = JSON.parse(readFileSync(at('dist/server-meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const newer: string[] = [];
  // Every server bundle counts, not only those asked for: they are built together, so one stale means a build is due.
  for (const [bundle, out] of Object.entries(meta.outputs)) {
    if (!bundle.endsWith('.js') || !existsSync(at(bundle))) continue;
    const built = statSync(at(bundle)).mtimeMs;
    for (const source of Object.keys(out.inputs)) if (existsSync(at(source)) && statSync(at(source)).mtimeMs > built) newer.push(`${source} (in ${bundle})`);
  }
  if (bundles.includes('dist/workflow-bundle.js')) {
    const workflowsBuilt = statSync(at('dist/workflow-bundle.js')).mtimeMs;
    for (const source of readdirSync(at('workflows'), { recursive: true, encoding: 'utf8' })) {
      if (statSync(at(join('workflows', source))).mtimeMs > workflowsBuilt) newer.push(`workflows/${source} (in dist/workflow-bundle.js)`);
    }
  }
  return { missing: [], newer: [...new Set(newer)] };
}
