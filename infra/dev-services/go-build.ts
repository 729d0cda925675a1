import { execFile, execFileSync } from 'node:child_process';
import { existsSync, cpSync, writeFileSync, mkdirSync, rmSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, cachedBinary } from './cache.js';
import { inheritedEnv } from '../config/load.js';

const run = promisify(execFile);

export const FERRETDB_VERSION = 'v1.24.2';
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
/** promtool from Prometheus's module (v0.316.0 is Prometheus 3.16.0, the image the compose `ops` profile runs). */
export const PROMTOOL_VERSION = 'v0.316.0';
export const PROMTOOL_BINARY = `promtool-${PROMTOOL_VERSION}`;

export async function goAvailable(): Promise<string | null> {
  try {
    const { stdout } = await run('go', ['version'], { timeout: 10_000 });
    return stdout.trim();
  } catch {
    return null;
  }
}

/** Builds FerretDB 1.x from the Go module proxy into the cache. */
export async function buildFerretDB(log: (line: string) => void): Promise<string> {
  const target = cachedBinary('ferretdb');
  return withBuildLock('ferretdb', target, async () => {
    log(`[dev-services] building FerretDB ${FERRETDB_VERSION} with Go (first run only; a few minutes)…`);
    // `go install pkg@v1.24.2` is refused by the proxy's deprecation look-up, and the module zip lacks
    // the release's generated version file, without which the binary panics at start: build a copy.
    const src = await copyOfModule('github.com/FerretDB/FerretDB', FERRETDB_VERSION, 'ferretdb');
    writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    await run('go', ['build', '-o', `${target}.tmp`, './cmd/ferretdb'], { cwd: src, timeout: 30 * 60_000, maxBuffer: 1 << 24 });
    renameSync(`${target}.tmp`, target);
    return target;
  });
}

/**
 * The CLI v1.5.1 (the newest served here) names modernc.org/sqlite v1.34.1, whose connection can stay
 * "interrupted (9)" for every later query once a cancelled query's interrupt races the query's end
 * (cznic/sqlite#241; Temporal itself moved to v1.44.3 for it, temporalio/temporal#9198). The dev
 * server keeps its store on one connection, so one such race stopped the whole server (the hour-long
 * soak, twice at minute 28). We build the CLI with the driver Temporal chose.
 */
export const TEMPORAL_SQLITE_VERSION = 'v1.44.3';
/** The cache name carries both versions, so a cache built before a version change is not reused. */
export const TEMPORAL_BINARY = `temporal-${TEMPORAL_CLI_VERSION}-sqlite-${TEMPORAL_SQLITE_VERSION}`;

/** Builds the Temporal CLI (dev server and UI in one binary) into the cache. */
export async function buildTemporalCli(log: (line: string) => void): Promise<string> {
  const target = cachedBinary(TEMPORAL_BINARY);
  return withBuildLock('temporal', target, async () => {
    log(`[dev-services] building the Temporal CLI ${TEMPORAL_CLI_VERSION} (SQLite driver ${TEMPORAL_SQLITE_VERSION}) with Go (first run only; about 5 minutes on 2 cores)…`);
    const src = await copyOfModule('github.com/temporalio/cli', TEMPORAL_CLI_VERSION, 'temporal-cli');
    await run('go', ['get', `modernc.org/sqlite@${TEMPORAL_SQLITE_VERSION}`], { cwd: src, timeout: 15 * 60_000, maxBuffer: 1 << 24 });
    const version = `-X github.com/temporalio/cli/temporalcli.Version=${TEMPORAL_CLI_VERSION.slice(1)}`;
    await run('go', ['build', '-ldflags', version, '-o', `${target}.tmp`, './cmd/temporal'], {
      cwd: src, timeout: 45 * 60_000, maxBuffer: 1 << 24,
    });
    renameSync(`${target}.tmp`, target);
    rmSync(src, { recursive: true, force: true });
    return target;
  });
}

/** Builds promtool (checks and unit-tests the alert rules: tests/unit/alert-rules.test.ts) into the cache. */
export async function buildPromtool(log: (line: string) => void): Promise<string> {
  // Without the cloud service discoveries (Azure, AWS, Kubernetes…: most of the build); DNS stays, which
  // infra/ops/prometheus/prometheus.yml uses and `promtool check config` must know.
  return goInstall('promtool', PROMTOOL_BINARY, ['-tags', 'remove_all_sd,enable_dns_sd', `github.com/prometheus/prometheus/cmd/promtool@${PROMTOOL_VERSION}`],
    () => log(`[dev-services] building promtool ${PROMTOOL_VERSION} with Go (first run only; a few minutes)…`));
}

/** kubeconform (validates deploy/k8s against the Kubernetes schemas kept in deploy/k8s/schemas, offline: `npm run checks`). */
export const KUBECONFORM_VERSION = 'v0.8.0';
export const KUBECONFORM_BINARY = `kubeconform-${KUBECONFORM_VERSION}`;

/** Builds kubeconform into the cache, the way promtool is built. */
export async function buildKubeconform(log: (line: string) => void): Promise<string> {
  return goInstall('kubeconform', KUBECONFORM_BINARY, [`github.com/yannh/kubeconform/cmd/kubeconform@${KUBECONFORM_VERSION}`],
    () => log(`[dev-services] building kubeconform ${KUBECONFORM_VERSION} with Go (first run only; under a minute)…`));
}

/** `go install <args>` of the command `name` into the cache as `binary`, once across processes (`building`: said when it does). */
async function goInstall(name: string, binary: string, args: string[], building: () => void): Promise<string> {
  const target = cachedBinary(binary);
  return withBuildLock(name, target, async () => {
    building();
    const gobin = `${target}.gobin`;
    rmSync(gobin, { recursive: true, force: true });
    await run('go', ['install', ...args], { env: { ...inheritedEnv(), GOBIN: gobin }, timeout: 45 * 60_000, maxBuffer: 1 << 24 });
    renameSync(join(gobin, name), target);
    rmSync(gobin, { recursive: true, force: true });
    return target;
  });
}

/** A writable copy of a module's source from the module proxy, under the cache's `src/`: a build may then change it. */
async function copyOfModule(module: string, version: string, name: string): Promise<string> {
  const { stdout } = await run('go', ['mod', 'download', '-json', `${module}@${version}`], { timeout: 15 * 60_000, maxBuffer: 1 << 24 });
  const src = join(cacheDir(), 'src', `${name}-${version}`);
  rmSync(src, { recursive: true, force: true });
  cpSync(JSON.parse(stdout).Dir as string, src, { recursive: true });
  chmodRecursive(src);
  return src;
}

function chmodRecursive(dir: string) {
  // Module cache files are read-only; the copy must be writable to add the version file.
  execFileSync('chmod', ['-R', 'u+w', dir]);
}

/** One build at a time across processes (tests and `npm start` may race for the same binary). */
async function withBuildLock(name: string, target: string, build: () => Promise<string>): Promise<string> {
  const lock = join(cacheDir(), `${name}.build-lock`);
  for (;;) {
    if (existsSync(target)) return target;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than an hour belongs to a build that died.
      if (Date.now() - statSync(lock).mtimeMs > 3_600_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    if (existsSync(target)) return target;
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
