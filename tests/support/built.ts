/** The built artefact (`npm run build`, which `npm test` runs first): tests that run dist/ refuse a missing or stale one. */
import { distProblems } from '../../scripts/dist-freshness.js';
import { bundleOf } from '../../scripts/server-entries.js';

/** Throws unless every file of `bundles` exists and no bundle of dist/ is older than a source it holds (they are built together). */
export function checkBuilt(bundles: string[]): void {
  const { missing, newer } = distProblems(bundles);
  if (missing.length) throw new Error(`the built artefact is missing (${missing.join(', ')}): run \`npm run build\``);
  if (newer.length) throw new Error(`dist/ is older than its sources: run \`npm run build\`. Newer: ${newer.slice(0, 10).join(', ')}`);
}

/** The bundles already checked fresh in this process. */
const checked = new Set<string>();

/**
 * Node's arguments to start `file`: its bundle when the image runs one (scripts/server-entries.ts), so a test that
 * kills and restarts a process starts what ships (no TypeScript loader: about a second of
 * CPU less a start, 0.9 against 2 s, which kill tests pay at every restart), else the file through tsx.
 */
export function entryArgs(file: string): string[] {
  const bundle = bundleOf(file);
  if (!bundle) return ['--import', 'tsx', file];
  if (!checked.has(bundle)) { checkBuilt([bundle]); checked.add(bundle); }
  return [bundle];
}
