import { chmodSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { searchAttributeArgs } from '../../domain/search-attributes.js';
import { cachedBinary } from './cache.js';
import { buildTemporalCli, goAvailable, TEMPORAL_BINARY } from './go-build.js';
import { freePort, startProcess, waitForPort, type ServiceProcess } from './process.js';
import { ownerOnly, privateDir } from './private-dir.js';
import { type Choice, reasonOf, withDeadline } from './report.js';
import { setting } from '../config/load.js';

const run = promisify(execFile);

export interface TemporalService {
  address: string;
  uiUrl: string | null;
  kind: 'env' | 'cli' | 'sdk-download';
  choice: Choice;
  stop(): Promise<void>;
  /**
   * A dev server we run only: stop it and start it again on the same ports and the same SQLite file
   * (`--db-filename`), so its namespaces and workflows are still there and clients reconnect to the same address.
   */
  restart?(): Promise<void>;
}

export interface TemporalOptions {
  dataDir: string;
  port?: number;
  uiPort?: number;
  log?: (line: string) => void;
  ignoreEnv?: boolean;
  /** The codec endpoint the dev UI sends payloads to (token in its path; see infra/temporal/codec-endpoint.ts). */
  uiCodecEndpoint?: string;
}

/** Finds a real Temporal: TEMPORAL_ADDRESS, else a `temporal` CLI, else the SDK's download, else a Go build. */
export async function provideTemporal(opts: TemporalOptions): Promise<TemporalService> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const skipped: Choice['skipped'] = [];
  const given = opts.ignoreEnv ? undefined : setting('TEMPORAL_ADDRESS');
  if (given) {
    return {
      address: given, uiUrl: setting('TEMPORAL_UI_URL') ?? null, kind: 'env',
      choice: { service: 'Temporal', chosen: 'TEMPORAL_ADDRESS', skipped }, stop: async () => {},
    };
  }
  skipped.push({ strategy: 'TEMPORAL_ADDRESS', reason: opts.ignoreEnv ? 'not used by this caller' : 'not set' });

  const onPath = await which('temporal');
  const cached = cachedBinary(TEMPORAL_BINARY);
  const cli = onPath ?? (existsSync(cached) ? cached : null);
  if (cli) {
    const svc = await startCli(cli, opts);
    return { ...svc, choice: { service: 'Temporal', chosen: `temporal CLI dev server (${cli})`, skipped } };
  }
  skipped.push({ strategy: 'temporal CLI', reason: 'not on PATH and not in the cache' });

  if (!setting('COINMARKET_NO_SDK_DOWNLOAD')) {
    try {
      const svc = await withDeadline('the Temporal SDK download', 30_000, () => startSdkDownload(opts));
      return { ...svc, choice: { service: 'Temporal', chosen: 'dev server downloaded by @temporalio/testing', skipped } };
    } catch (err) {
      skipped.push({ strategy: 'SDK download', reason: reasonOf(err) });
    }
  } else {
    skipped.push({ strategy: 'SDK download', reason: 'COINMARKET_NO_SDK_DOWNLOAD=1' });
  }

  if (!(await goAvailable())) {
    throw new Error(
      'No Temporal server could be provided: set TEMPORAL_ADDRESS to a running Temporal (or install Go with access to its module proxy).\n' +
        skipped.map((s) => `  ${s.strategy}: ${s.reason}`).join('\n'),
    );
  }
  const built = await buildTemporalCli(log);
  const svc = await startCli(built, opts);
  return { ...svc, choice: { service: 'Temporal', chosen: `temporal CLI dev server built with Go (${built})`, skipped } };
}

async function which(cmd: string): Promise<string | null> {
  try {
    const { stdout } = await run('which', [cmd], { timeout: 5000 });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/**
 * A namespace besides `default`, made with the store (and given the search attributes) when the
 * server creates it: a test can run a process with TEMPORAL_NAMESPACE set and see it used. Registering
 * one on a running dev server is not safe: its one SQLite connection stayed inside a failed
 * transaction ("cannot start a transaction within a transaction") and refused every write after.
 */
export const SECOND_NAMESPACE = 'coinmarket-second';
const SECOND_NAMESPACE_ARGS = ['--namespace', SECOND_NAMESPACE];

async function startCli(binary: string, opts: TemporalOptions): Promise<Omit<TemporalService, 'choice'>> {
  privateDir(opts.dataDir, { files: true });
  const port = opts.port ?? (await freePort());
  const uiPort = opts.uiPort ?? (await freePort());
  const args = [
    'server', 'start-dev',
    '--db-filename', join(opts.dataDir, 'temporal.db'),
    '--ip', '127.0.0.1',
    '--port', String(port),
    '--ui-port', String(uiPort),
    '--log-level', 'warn',
    ...searchAttributeArgs().flatMap((a) => ['--search-attribute', a]),
    ...SECOND_NAMESPACE_ARGS,
    ...codecArgs(opts),
  ];
  const launch = async () => {
    // umask 077: the SQLite store (and its -wal, -shm) it creates is the owner's only.
    const proc = startProcess(...ownerOnly(binary, args), join(opts.dataDir, 'temporal.log'));
    await waitForPort(port, proc, 60_000, 'Temporal dev server');
    await waitForNamespace(`127.0.0.1:${port}`, proc);
    return proc;
  };
  let proc = await launch();
  return {
    address: `127.0.0.1:${port}`, uiUrl: `http://127.0.0.1:${uiPort}`, kind: 'cli',
    stop: () => proc.stop(),
    restart: async () => {
      await proc.stop();
      proc = await launch();
    },
  };
}

async function startSdkDownload(opts: TemporalOptions): Promise<Omit<TemporalService, 'choice'>> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  // The SDK starts the server itself (no umask of ours): the directory keeps others out of its files.
  privateDir(opts.dataDir, { files: true });
  // Chosen here, not by the SDK, so a restarted server answers at the same address.
  const port = opts.port ?? (await freePort());
  const uiPort = opts.uiPort ?? (await freePort());
  const launch = () => TestWorkflowEnvironment.createLocal({
    server: {
      dbFilename: join(opts.dataDir, 'temporal.db'),
      port,
      uiPort,
      ui: true,
      extraArgs: [...searchAttributeArgs().flatMap((a) => ['--search-attribute', a]), ...SECOND_NAMESPACE_ARGS, ...codecArgs(opts)],
    },
  });
  let env = await launch();
  return {
    address: env.address, uiUrl: `http://127.0.0.1:${uiPort}`, kind: 'sdk-download',
    stop: () => env.teardown(),
    restart: async () => {
      await env.teardown();
      env = await launch();
    },
  };
}

/**
 * The codec endpoint carries its token in the path, and a command line is readable by every user of the
 * machine (`ps`): the CLI takes it from its settings file instead (`--env-file`, a YAML map of flag
 * values per environment name that the CLI applies to any command's unset flags), written owner-only.
 */
function codecArgs(opts: TemporalOptions): string[] {
  if (!opts.uiCodecEndpoint) return [];
  const file = join(opts.dataDir, 'temporal-cli.yaml');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `env:\n  ${CLI_ENV}:\n    ui-codec-endpoint: ${JSON.stringify(opts.uiCodecEndpoint)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return ['--env-file', file, '--env', CLI_ENV];
}
const CLI_ENV = 'coinmarket';

/**
 * The gRPC port opens before the default namespace is ready; wait until a client call succeeds. Up to
 * 2 minutes: on restored data, with the 2 cores shared by a loaded test run, a restore drill's second
 * `npm start` gave up after 60 s with the port open. A server that exits meanwhile ends the wait at once.
 */
async function waitForNamespace(address: string, proc: ServiceProcess): Promise<void> {
  const { Connection } = await import('@temporalio/client');
  let exitCode: number | null | undefined;
  void proc.exited.then((c) => { exitCode = c; });
  const until = Date.now() + 120_000;
  let last: unknown;
  while (Date.now() < until) {
    if (exitCode !== undefined) throw new Error(`Temporal at ${address} exited with code ${exitCode} before it was ready (see its log)`);
    try {
      const conn = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await conn.workflowService.describeNamespace({ namespace: 'default' });
        return;
      } finally {
        await conn.close();
      }
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not become ready: ${reasonOf(last)}`);
}
