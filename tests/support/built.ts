/** The built artefact (`npm run build`, which `npm test` runs first): tests that run dist/ refuse a missing or stale one. */
import { distProblems } from '../../scripts/dist-freshness.js';

/** Throws unless every file of `bundles` exists and no bundle of dist/ is older than a source it holds (they are built together). */
export function checkBuilt(bundles: string[]): void {
  const { missing, newer } = distProblems(bundles);
  if (missing.length) throw new Error(`the built artefact is missing (${missing.join(', ')}): run \`npm run build\``);
  if (newer.length) throw new Error(`dist/ is older than its sources: run \`npm run build\`. Newer: ${newer.slice(0, 10).join(', ')}`);
}

/** The entry files the image runs built (scripts/build-server.ts): a test that kills and restarts them starts what ships. */
const BUILT_ENTRIES: Record<string, string> = { 'api/main.ts': 'dist/api.js', 'workers/main.ts': 'dist/worker.js', 'infra/simulator/main.ts': 'dist/simulator.js' };
let checked = false;

/**
 * Node's arguments to start `file`: its bundle when the image runs one (no TypeScript loader: about a second of
 * CPU less a start, 0.9 against 2 s, which kill tests pay at every restart), else the file through tsx.
 */
export function entryArgs(file: string): string[] {
  const bundle = BUILT_ENTRIES[file];
  if (!bundle) return ['--import', 'tsx', file];
  if (!checked) { checkBuilt(Object.values(BUILT_ENTRIES)); checked = true; }
  return [bundle];
}
