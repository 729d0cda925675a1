import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagesImported, serverBuildOptions } from '../../scripts/build-server.js';

/**
 * The image installs `dependencies` only (npm ci --omit=dev) and runs the bundles in dist/: a package
 * the bundles import must be there, and nothing else should be (tests, the dev stack and the browser
 * bundle keep theirs in devDependencies).
 */
describe('the production dependencies', () => {
  it('are exactly the packages the server bundles import', async () => {
    const { metafile } = await build({ ...serverBuildOptions, write: false });
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect([...packagesImported(metafile)].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });
});
