import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { distProblems } from '../../scripts/dist-freshness.js';

/** A checkout in a temporary directory: sources, dist/ bundles and esbuild's metafile, each file at the second given. */
function checkout(files: Record<string, number>, inputs: Record<string, string[]>): string {
  const root = mkdtempSync(join(tmpdir(), 'dist-fresh-'));
  for (const [path, second] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), second, second);
  }
  const outputs = Object.fromEntries(Object.entries(inputs).map(([bundle, sources]) => [bundle, { inputs: Object.fromEntries(sources.map((s) => [s, {}])) }]));
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist/server-meta.json'), JSON.stringify({ outputs }));
  return root;
}

describe('whether dist/ was built from the sources as they are (npm start runs it then)', () => {
  const roots: string[] = [];
  afterEach(() => { for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true }); });
  const make = (...args: Parameters<typeof checkout>) => { const r = checkout(...args); roots.push(r); return r; };
  const inputs = { 'dist/api.js': ['api/main.ts', 'domain/money.ts'], 'dist/worker.js': ['workers/main.ts', 'domain/money.ts'] };

  it('is fresh when every bundle is newer than each source it holds, and the workflow bundle than workflows/', () => {
    const root = make({ 'api/main.ts': 100, 'domain/money.ts': 100, 'workers/main.ts': 100, 'workflows/run.ts': 100, 'dist/api.js': 200, 'dist/worker.js': 200, 'dist/workflow-bundle.js': 200 }, inputs);
    expect(distProblems(['dist/api.js', 'dist/worker.js', 'dist/workflow-bundle.js'], root)).toEqual({ missing: [], newer: [] });
  });

  it('names a source changed after the build, also in a bundle not asked for, and a changed workflow', () => {
    const root = make({ 'api/main.ts': 100, 'domain/money.ts': 100, 'workers/main.ts': 300, 'workflows/run.ts': 300, 'dist/api.js': 200, 'dist/worker.js': 200, 'dist/workflow-bundle.js': 200 }, inputs);
    expect(distProblems(['dist/api.js', 'dist/workflow-bundle.js'], root).newer).toEqual(['workers/main.ts (in dist/worker.js)', 'workflows/run.ts (in dist/workflow-bundle.js)']);
  });

  it('names a missing bundle, and a dist/ without its metafile', () => {
    const root = make({ 'api/main.ts': 100, 'dist/api.js': 200 }, { 'dist/api.js': ['api/main.ts'] });
    expect(distProblems(['dist/api.js', 'dist/simulator.js'], root)).toEqual({ missing: ['dist/simulator.js'], newer: [] });
    rmSync(join(root, 'dist/server-meta.json'));
    expect(distProblems(['dist/api.js'], root).missing).toEqual(['dist/server-meta.json']);
  });
});
