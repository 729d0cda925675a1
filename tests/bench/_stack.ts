/**
 * The whole product as separate real processes for `npm run chaos` and `npm run soak`: FerretDB on
 * PostgreSQL behind a TCP proxy process, the Temporal dev server, the provider simulator, API replicas
 * behind Caddy and worker replicas, plus an in-process mail catcher. Every piece the chaos driver
 * kills can be SIGKILLed by its pid and started again on the same port and data.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { provideMongo, provideTemporal, type MongoService } from '../../infra/dev-services/index.js';
import { startMailCatcher } from '../../infra/mail/catcher.js';
import { bundleWorkflows } from '../../workers/worker.js';
import { findCaddy, freePort, spawnApp, untilReady, type AppProcess } from '../support/processes.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';

export const CALLBACK_SECRET = 'bench-payout-callback-secret';
export type Part = 'api' | 'worker' | 'simulator' | 'temporal' | 'db-proxy';

export interface StackOptions { apis: number; workers: number; env?: NodeJS.ProcessEnv }

export async function startStack(opts: StackOptions) {
  // FerretDB on PostgreSQL, as the issue's hang was found on (not the in-memory mongod).
  process.env.COINMARKET_NO_MEMORY_SERVER = '1';
  const caddy = findCaddy();
  if (!caddy) throw new Error('Caddy is missing (apt-get install -y caddy, or CADDY_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'coinmarket-stack-'));
  const quiet = () => undefined;
  const mongo: MongoService = await provideMongo({ dataDir: join(dir, 'mongo'), scratch: true, ignoreEnv: true, log: quiet });
  const temporalPorts = { port: await freePort(), uiPort: await freePort() };
  const startTemporal = () => provideTemporal({ dataDir: join(dir, 'temporal'), ...temporalPorts, ignoreEnv: true, log: quiet });
  let temporal = await startTemporal();
  const mail = await startMailCatcher();
  const bundle = await bundleWorkflows();
  const bundlePath = join(dir, 'workflow-bundle.js');
  writeFileSync(bundlePath, 'code' in bundle ? bundle.code : '');

  const ferretPort = /127\.0\.0\.1:(\d+)/.exec(mongo.uri)![1]!;
  const proxyPort = await freePort();
  const simPort = await freePort();
  const publicPort = await freePort();
  const url = `http://127.0.0.1:${publicPort}`;
  const simUrl = `http://127.0.0.1:${simPort}`;
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: mongo.uri.replace(`:${ferretPort}/`, `:${proxyPort}/`), MONGODB_DB: 'coinmarket',
    TEMPORAL_ADDRESS: `127.0.0.1:${temporalPorts.port}`, TEMPORAL_TASK_QUEUE: 'bench-stack',
    SECRETS_KEY: TEST_SECRETS_KEY, LIVE_TOKEN_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYOUT_CALLBACK_SECRET: CALLBACK_SECRET, PROVIDER_URL: simUrl, PAYOUT_CALLBACK_URL: `${url}/api/payouts/callback`,
    SMTP_URL: mail.smtpUrl, WEBHOOKS_LOCAL: '1', MARKET_SYNC_MS: '3000',
    PUBLIC_URL: url, TRUST_PROXY: '127.0.0.1', WEB_DIR: existsSync('dist/web') ? resolve('dist/web') : '/work/main/dist/web',
    WORKFLOW_BUNDLE: bundlePath, CAPTCHA_MAX_NUMBER: '1000', LOG_LEVEL: 'warn', NODE_ENV: 'development',
    COMFORT_REVIEW_MS: '3000', COMFORT_SELLER_FIX_MS: '120000', COMFORT_POLL_MS: '300', COMFORT_WATCH_MS: '5000',
    COMFORT_ERROR_RETRIES: '3', COMFORT_RETRY_INITIAL_MS: '300', COMFORT_RETRY_MAX_MS: '2000',
    PLAYER_FREEZE_MS: '4000', PLAYER_BUY_WINDOW_MS: '60000', PLAYER_COOLDOWN_MS: '1000',
    WITHDRAWAL_POLL_MS: '2000', WEBHOOK_RETRY_INITIAL_MS: '2000', WEBHOOK_RETRY_MAX_MS: '10000',
    SIMULATOR_PORT: String(simPort), SIMULATOR_TEST_CONTROL: '1', SIMULATOR_SEED: '7', SIMULATOR_TICK_MS: '0', SIMULATOR_CARDS: '300',
    SIMULATOR_TRANSFER_LOGIN_MS: '300', SIMULATOR_TRANSFER_CHUNK_MS: '700', SIMULATOR_TRANSFER_CHUNK_COINS: '50000',
    // A provider keeps its orders and payouts across its own restarts, as `npm start`'s simulator does.
    SIMULATOR_STATE_FILE: join(dir, 'simulator.json'),
    PROXY_PORT: String(proxyPort), PROXY_TARGET: `127.0.0.1:${ferretPort}`,
    // Several APIs and workers on one machine: their metrics ports (one default each) would collide.
    METRICS_PORT: '0', TEMPORAL_METRICS_PORT: '0',
    ...opts.env,
  };

  const apiPorts = await Promise.all(Array.from({ length: opts.apis }, () => freePort()));
  const procs = new Map<string, AppProcess>();
  // A bench that dies (an exception, Ctrl-C) must not leave the processes it started behind.
  process.once('exit', () => { for (const p of procs.values()) p.proc.kill('SIGKILL'); });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));
  const spawnPart = async (name: string): Promise<void> => {
    if (name === 'db-proxy') procs.set(name, spawnApp(name, 'tests/bench/_tcp-proxy.ts', env));
    else if (name === 'simulator') {
      procs.set(name, spawnApp(name, 'infra/simulator/main.ts', env));
      await untilReady(`${simUrl}/market/v1/cards`, procs.get(name)!).catch(() => untilReady(`${simUrl}/`, procs.get(name)!));
    } else if (name.startsWith('api-')) {
      const port = apiPorts[Number(name.slice(4))]!;
      procs.set(name, spawnApp(name, 'api/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' }));
      await untilReady(`http://127.0.0.1:${port}/ready`, procs.get(name)!, 120_000);
    } else if (name.startsWith('worker-')) procs.set(name, spawnApp(name, 'workers/main.ts', env));
  };
  await spawnPart('db-proxy');
  await spawnPart('simulator');
  for (let i = 0; i < opts.apis; i++) await spawnPart(`api-${i}`);
  for (let i = 0; i < opts.workers; i++) await spawnPart(`worker-${i}`);

  const caddyfile = join(dir, 'Caddyfile');
  // trusted_proxies: the bench's clients send X-Forwarded-For, each seller its own address (per-IP limits).
  writeFileSync(caddyfile, `{
	admin off
	auto_https off
}
http://127.0.0.1:${publicPort} {
	reverse_proxy ${apiPorts.map((p) => `127.0.0.1:${p}`).join(' ')} {
		lb_policy round_robin
		lb_try_duration 10s
		lb_try_interval 100ms
		fail_duration 5s
		trusted_proxies 127.0.0.1/32
	}
}
`);
  const proxy: ChildProcess = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }, stdio: 'ignore',
  });
  process.once('exit', () => proxy.kill('SIGKILL'));
  for (let t0 = Date.now(); !(await fetch(`${url}/ready`).then((r) => r.ok, () => false));) {
    if (Date.now() - t0 > 30_000) throw new Error('Caddy did not answer');
    await new Promise((r) => setTimeout(r, 200));
  }

  /** Server processes we started, found by our data directory in their command line (PostgreSQL: and its backends). */
  const serverPids = (what: 'ferretdb' | 'postgres' | 'temporal'): number[] => {
    const mark = { ferretdb: '--state-dir', postgres: '-D', temporal: 'start-dev' }[what];
    const procsNow = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        return { pid: Number(p), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ') };
      } catch { return null; }
    }).filter((x) => x !== null);
    const mine = procsNow.filter((p) => p.cmd.includes(dir) && p.cmd.includes(mark)).map((p) => p.pid);
    return what === 'postgres' ? [...mine, ...procsNow.filter((p) => mine.includes(p.ppid)).map((p) => p.pid)] : mine;
  };

  return {
    url, simUrl, mailUrl: mail.inboxUrl, env, dir, mongo, apiPorts, temporalAddress: temporal.address,
    names: () => [...procs.keys()],
    /** pids per part, for memory sampling (PostgreSQL: the postmaster and every backend). */
    pids: (): Record<string, number[]> => ({
      ...Object.fromEntries([...procs].map(([n, p]) => [n, p.proc.exitCode === null && p.proc.signalCode === null ? [p.proc.pid!] : []])),
      ferretdb: serverPids('ferretdb'), postgres: serverPids('postgres'), temporal: serverPids('temporal'),
    }),
    /** SIGKILL one part (api-<i>, worker-<i>, simulator, db-proxy, temporal). */
    kill: async (name: string) => {
      if (name === 'temporal') {
        for (const pid of serverPids('temporal')) { try { process.kill(-pid, 'SIGKILL'); } catch { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } } }
        while (serverPids('temporal').length) await new Promise((r) => setTimeout(r, 50));
        return;
      }
      await procs.get(name)!.kill('SIGKILL');
    },
    /** Starts a killed part again on the same port and data; resolves when it answers. */
    restart: async (name: string) => {
      if (name === 'temporal') { temporal = await startTemporal(); return; }
      await spawnPart(name);
    },
    output: (name: string) => procs.get(name)?.output() ?? '',
    stop: async () => {
      proxy.kill('SIGKILL');
      await Promise.all([...procs.values()].map((p) => p.kill('SIGTERM')));
      await temporal.stop();
      await mail.close();
      await mongo.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Stack = Awaited<ReturnType<typeof startStack>>;
