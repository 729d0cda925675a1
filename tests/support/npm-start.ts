/**
 * `npm start` (scripts/start.ts) as a developer runs it, for the tests that stop, restart and kill its parts
 * (stack-restart, dependency-kills): its own data directory and ports, its own servers and simulator, the
 * run's mail catcher and workflow bundle, and short business durations. One place for the block both used
 * to copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort, spawnApp, untilReady, type AppProcess } from './processes.js';
import { after, eventually, GiveUp } from './wait.js';

export interface NpmStartStack {
  readonly url: string;
  readonly simUrl: string;
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The running start script (null before `start`). */
  readonly proc: AppProcess | null;
  /** Spawns the start script and waits until /ready answers 200: the time that took (for log lines). */
  start(): Promise<number>;
  /** Waits for `read` to be truthy; fails at once when npm start has exited (the stack stopped by itself). */
  until<T>(what: string, read: () => Promise<T | null | undefined | false>, ms?: number): Promise<T>;
  /** After the file: Ctrl-C (SIGKILL if not obeyed within 30 s), and the data directory removed. */
  close(): Promise<void>;
}

export async function npmStartStack(name: string, overrides: NodeJS.ProcessEnv = {}): Promise<NpmStartStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `coinmarket-${name}-`));
  // npm start binds these itself, so they are chosen free here (scripts/start.ts takes no port 0).
  const ports = {
    PORT: await freePort(), SIMULATOR_PORT: await freePort(), MONGO_PORT: await freePort(),
    POSTGRES_PORT: await freePort(), TEMPORAL_PORT: await freePort(), TEMPORAL_UI_PORT: await freePort(),
  };
  const env: NodeJS.ProcessEnv = {
    // npm start's default demo clock (1000) for every duration not set below.
    DEMO_TIME_SCALE: undefined,
    // The stack provisions its own servers and simulator, as npm start does on a developer's machine.
    MONGODB_URI: undefined, MONGODB_DB: undefined, TEMPORAL_ADDRESS: undefined, PROVIDER_URL: undefined, PUBLIC_URL: undefined,
    DATA_DIR: dataDir,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    // Mail goes to the run's catcher, so tests/support/mail.ts reads the codes.
    SMTP_URL: inject('smtpUrl'),
    // dist/web is read by browser tests running beside this one; the workflow bundle is the run's own.
    WEB_BUILD: 'skip',
    WORKFLOW_BUNDLE: inject('workflowBundlePath'),
    LOG_LEVEL: 'warn',
    CAPTCHA_MAX_NUMBER: '1000',
    COMFORT_REVIEW_MS: '1500', COMFORT_POLL_MS: '200', COMFORT_WATCH_MS: '3000',
    COMFORT_RETRY_INITIAL_MS: '100', COMFORT_RETRY_MAX_MS: '300',
    WITHDRAWAL_POLL_MS: '1000',
    // Webhook retries from 1 s up to 10 s (production: from 30 s, doubling to an hour): the deliveries that failed
    // before a stop come again within seconds of the next start instead of a minute or more.
    WEBHOOK_RETRY_INITIAL_MS: '1000', WEBHOOK_RETRY_MAX_MS: '10000',
    SIMULATOR_TEST_CONTROL: '1', SIMULATOR_TICK_MS: '0', SIMULATOR_SEED: '7', SIMULATOR_TIME_SCALE: '1',
    SIMULATOR_TRANSFER_LOGIN_MS: '100',
    ...overrides,
  };
  const url = `http://127.0.0.1:${ports.PORT}`;
  let proc: AppProcess | null = null;
  const exited = (p: AppProcess) => p.proc.exitCode !== null || p.proc.signalCode !== null;
  return {
    url,
    simUrl: `http://127.0.0.1:${ports.SIMULATOR_PORT}`,
    dataDir,
    env,
    get proc() { return proc; },
    async start() {
      proc = spawnApp('npm start', 'scripts/start.ts', env);
      // npm test built dist/ first: npm start runs those bundles, as the image does, never the sources through tsx.
      let said = '';
      proc.proc.stdout!.on('data', (c: Buffer) => { if (said.length < 16_384) said += c.toString(); });
      const took = await untilReady(`${url}/ready`, proc, 150_000);
      if (!said.includes('[start] running the bundles in dist/')) throw new Error(`npm start did not run the bundles in dist/:\n${proc.output()}`);
      return took;
    },
    async until(what, read, ms = 60_000) {
      return eventually(async () => {
        if (proc && exited(proc)) throw new GiveUp(`npm start exited (${proc.proc.exitCode ?? proc.proc.signalCode}) while waiting for ${what}:\n${proc.output()}`);
        return read();
      }, ms, what).catch((err: Error) => {
        throw err instanceof GiveUp ? err : new Error(`${err.message}\n${proc?.output() ?? ''}`);
      });
    },
    async close() {
      const p = proc;
      if (p && !exited(p)) {
        await Promise.race([p.kill('SIGINT'), after(30_000, undefined)]);
        await p.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
