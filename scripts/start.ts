/**
 * `npm start`: the whole product on one machine. Provisions MongoDB and Temporal (dev-services),
 * builds the web app, then runs the worker, the API and the provider simulator as child processes
 * with data kept under .data/. A child that dies is started again; a server npm start runs (FerretDB,
 * PostgreSQL, the Temporal dev server) is restarted as soon as it exits; a database or Temporal that
 * stops answering is said so and, when npm start runs it, restarted.
 * Ctrl-C stops everything in order, children first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDevServices, type DevServices } from '../infra/dev-services/index.js';
import { localSecrets, localVapidKeys } from './secrets.js';
import { databaseProbe, watchDatabase } from './watch-database.js';
import { temporalProbe, watchTemporal } from './watch-temporal.js';
import { restartOnExit, sharedRestart, type SharedRestart } from './keep-servers.js';
import { startMailCatcher, type MailCatcher } from '../infra/mail/catcher.js';
import { demoTime } from './demo-time.js';
import { dataDirOf, localStackFile, removeLocalStack, writeLocalStack } from './local-stack.js';
import { metricsListenFromEnv, metricsUrl } from '../infra/metrics/settings.js';
import { inheritedEnv, startConfig } from '../infra/config/load.js';
import { connectDatabase } from '../infra/db.js';
import { migrateDatabase, useMigrateAtConnect } from '../infra/migrate.js';
import { distProblems } from './dist-freshness.js';
import { bundleOf } from './server-entries.js';

const root = resolve(import.meta.dirname, '..');
// The variables npm start reads, checked at once (infra/config/schema.ts); `given` holds those set, checked.
const { config, env: given } = startConfig('start');
const dataDir = dataDirOf(given);
const ports = {
  api: config.PORT ?? 3000,
  simulator: config.SIMULATOR_PORT ?? 3100,
  mongo: config.MONGO_PORT,
  postgres: config.POSTGRES_PORT,
  temporal: config.TEMPORAL_PORT,
  temporalUi: config.TEMPORAL_UI_PORT,
};
const watch = process.argv.includes('--watch');
const t0 = Date.now();
const children: { name: string; proc: ChildProcess }[] = [];
let services: DevServices | null = null;
let mail: MailCatcher | null = null;
let stopping = false;
let stopWatching: (() => Promise<void>) | null = null;
let stopKeeping: (() => void) | null = null;
/** What the children need, as npm start checks it when one exits (set once the servers run). */
let dependencies: { name: string; restart?: SharedRestart; probe: ReturnType<typeof databaseProbe> }[] = [];

/**
 * A child that dies this often within a minute, while the database and Temporal answer, has a fault a
 * restart will not mend: everything stops. An exit while one of them is down is not counted (the
 * processes wait for them, but one may still fail on its way down): it is said, with what is waited for.
 */
const RESTARTS_PER_MINUTE = 5;
const DEPENDENCY_CHECK_MS = 2_000;

/** The dependencies that do not answer now (a restart under way counts as down). */
async function dependenciesDown(): Promise<string[]> {
  const down = await Promise.all(dependencies.map(async (d) => (
    d.restart?.busy() ? true : d.probe.check(DEPENDENCY_CHECK_MS).then(() => false, () => true))));
  return dependencies.filter((_, i) => down[i]).map((d) => d.name);
}

/**
 * The processes' bundles (scripts/build-server.ts). Without --watch, npm start runs them when `npm run build` made
 * dist/ from the sources as they are now: what the image runs, and each start or restart costs about a second of
 * CPU less than through tsx (0.9 against 2 s). Otherwise, and always with --watch, the sources run through tsx.
 */
const runBundles = !watch && (() => {
  const { missing, newer } = distProblems(['dist/api.js', 'dist/worker.js', 'dist/simulator.js', 'dist/workflow-bundle.js']);
  if (!missing.length && !newer.length) return true;
  console.log(`[start] running the sources through tsx: ${missing.length ? `${missing.join(', ')} missing` : `${newer[0]} is newer than its bundle`} (npm run build makes dist/)`);
  return false;
})();
if (runBundles) console.log('[start] running the bundles in dist/ (built from these sources by npm run build)');

function run(name: string, script: string, env: NodeJS.ProcessEnv, exits: number[] = []): void {
  const args = watch ? ['--import', 'tsx', '--watch', script] : runBundles ? [bundleOf(script)!] : ['--import', 'tsx', script];
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...inheritedEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).map((l) => `[${name}] ${l}`).join('\n') + '\n';
  proc.stdout!.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  proc.stderr!.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  proc.once('exit', async (code, signal) => {
    if (stopping) return;
    const i = children.findIndex((c) => c.proc === proc);
    if (i >= 0) children.splice(i, 1);
    const waitingFor = await dependenciesDown();
    if (stopping) return;
    if (waitingFor.length) {
      console.error(`[start] ${name} exited (${signal ?? code}) while ${waitingFor.join(' and ')} did not answer: not counted as a crash; `
        + `starting it again (it waits for ${waitingFor.length > 1 ? 'them' : 'it'})`);
      setTimeout(() => { if (!stopping) run(name, script, env, exits); }, 1000);
      return;
    }
    const now = Date.now();
    const recent = [...exits.filter((t) => now - t < 60_000), now];
    if (recent.length >= RESTARTS_PER_MINUTE) {
      console.error(`[start] ${name} exited (${signal ?? code}) ${recent.length} times within a minute; stopping everything`);
      void shutdown(1);
      return;
    }
    // Every process here keeps its state in the database and Temporal, so starting it again is safe.
    console.error(`[start] ${name} exited (${signal ?? code}); starting it again`);
    setTimeout(() => { if (!stopping) run(name, script, env, recent); }, 1000 * recent.length);
  });
  children.push({ name, proc });
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping…');
  // API first (stops taking requests), then simulator and worker (finishes its activities), then servers.
  for (const name of ['api', 'simulator', 'worker']) {
    const child = children.find((c) => c.name === name);
    if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) continue;
    const exited = new Promise((r) => child.proc.once('exit', r));
    child.proc.kill('SIGTERM');
    const timer = setTimeout(() => child.proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  // The support tool finds these servers through the file only while they run.
  removeLocalStack(dataDir);
  stopKeeping?.();
  await stopWatching?.();
  await Promise.all(dependencies.map((d) => d.probe.close().catch(() => undefined)));
  await mail?.close();
  await services?.stop();
  console.log('[start] stopped; data kept in', dataDir);
  process.exit(code);
}

// Tests run `npm start` with MONGODB_MIGRATE_AT_CONNECT set: this process's own connections (the watcher's) honour it too.
useMigrateAtConnect();
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function migrate(uri: string, dbName: string): Promise<void> {
  const conn = await connectDatabase(uri, dbName, { maxPoolSize: 2 });
  try {
    const { indexes } = await migrateDatabase(conn);
    console.log(`[start] migrated: ${indexes} indexes in ${dbName}`);
  } finally {
    await conn.close();
  }
}

async function main() {
  // One demo clock for every business duration, the simulator's transfers included (scripts/demo-time.ts).
  const demo = demoTime(given);
  const simulatorTimeScale = given.SIMULATOR_TIME_SCALE || demo.env.SIMULATOR_TIME_SCALE;
  // The database password reaches the children inside MONGODB_URI only, not as a variable of its own.
  const { DATABASE_PASSWORD: databasePassword, ...secrets } = localSecrets(join(dataDir, 'secrets.json'), ['LIVE_TOKEN_SECRET', 'SESSION_SECRET', 'SECRETS_KEY', 'CODEC_AUTH_TOKEN', 'PAYOUT_CALLBACK_SECRET', 'DATABASE_PASSWORD']);
  const codecToken = given.CODEC_AUTH_TOKEN ?? secrets.CODEC_AUTH_TOKEN;
  // The Temporal UI cannot send a header: it reaches the API's codec endpoint with the token in the path.
  const uiCodecEndpoint = `http://127.0.0.1:${ports.api}/codec/${codecToken}`;
  services = await startDevServices({ dataDir, ports: { mongo: ports.mongo, postgres: ports.postgres, temporal: ports.temporal, temporalUi: ports.temporalUi }, uiCodecEndpoint, databasePassword });
  const { mongo, temporal } = services;
  // One restart per service, shared by the exit rule and the watchdogs (never two at once).
  const restartDb = mongo.restart && sharedRestart(() => mongo.restart!());
  const restartTemporal = temporal.restart && sharedRestart(() => temporal.restart!());
  const namespace = given.TEMPORAL_NAMESPACE || 'default';
  dependencies = [
    { name: 'the database', restart: restartDb, probe: databaseProbe(mongo) },
    { name: 'Temporal', restart: restartTemporal, probe: temporalProbe(temporal, namespace) },
  ];
  stopKeeping = restartOnExit([
    ...(restartDb ? [{ servers: ['ferretdb', 'postgres'], restart: restartDb }] : []),
    ...(restartTemporal ? [{ servers: ['temporal'], restart: restartTemporal }] : []),
  ], (line) => console.error(`[start] ${line}`), () => stopping);

  // WEB_BUILD=skip serves dist/web as it is (the restart test: other test files read it meanwhile).
  if (given.WEB_BUILD === 'skip') console.log('[start] web build skipped (WEB_BUILD=skip): serving dist/web as it is');
  else await (await import('./build-web.js')).buildWeb();

  // Mail goes to a local SMTP catcher with a web inbox, unless SMTP_URL points at a real server.
  if (!given.SMTP_URL) {
    mail = await startMailCatcher({ smtpPort: config.SMTP_PORT, httpPort: config.MAIL_INBOX_PORT });
  }
  const common: NodeJS.ProcessEnv = {
    SMTP_URL: given.SMTP_URL ?? mail!.smtpUrl,
    PUBLIC_URL: given.PUBLIC_URL ?? `http://127.0.0.1:${ports.api}`,
    MONGODB_URI: services.mongo.uri,
    MONGODB_DB: given.MONGODB_DB ?? 'coinmarket',
    TEMPORAL_ADDRESS: services.temporal.address,
    PROVIDER_URL: given.PROVIDER_URL ?? `http://127.0.0.1:${ports.simulator}`,
    // Payouts go to PAYOUT_PROVIDER_URL only (docs/withdrawals.md, "Manual payouts"): named here, not inferred.
    PAYOUT_PROVIDER_URL: given.PAYOUT_PROVIDER_URL ?? given.PROVIDER_URL ?? `http://127.0.0.1:${ports.simulator}`,
    // The worker gives the payout provider this address for its signed callbacks (the API's receiver).
    PAYOUT_CALLBACK_URL: given.PAYOUT_CALLBACK_URL ?? `http://127.0.0.1:${ports.api}/api/payouts/callback`,
    // On one machine a developer's webhook receiver listens on localhost over plain http.
    WEBHOOKS_LOCAL: given.WEBHOOKS_LOCAL ?? '1',
    // A secret set in the environment wins over the generated local one.
    ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [k, given[k] ?? v])),
    // Web Push: a VAPID key pair kept beside the other local secrets (the environment's wins).
    ...Object.fromEntries(Object.entries(localVapidKeys(join(dataDir, 'secrets.json'))).map(([k, v]) => [k, given[k] ?? v])),
    ...demo.env,
  };
  // The deployment's migration step, once, before any process uses the database (infra/migrate.ts).
  await migrate(common.MONGODB_URI!, common.MONGODB_DB!);
  if (existsSync(join(root, 'infra/simulator/main.ts')) && !given.PROVIDER_URL) {
    run('simulator', 'infra/simulator/main.ts', {
      ...common, PORT: String(ports.simulator), SIMULATOR_TIME_SCALE: simulatorTimeScale,
      // Its Payoneer consent page sends codes back to this app's callback only.
      PAYONEER_REDIRECT_URIS: given.PAYONEER_REDIRECT_URIS ?? `${common.PUBLIC_URL!.replace(/\/+$/, '')}/api/member/payoneer/callback`,
      // The stand-in provider remembers its orders and payouts across restarts, as the real one does.
      SIMULATOR_STATE_FILE: given.SIMULATOR_STATE_FILE ?? join(dataDir, 'simulator.json'),
    });
  }
  run('worker', 'workers/main.ts', common);
  run('api', 'api/main.ts', {
    ...common, PORT: String(ports.api), WEB_DIR: join(root, 'dist/web'),
    CODEC_UI_ORIGIN: services.temporal.uiUrl ? new URL(services.temporal.uiUrl).origin : '',
  });

  await waitReady(`http://127.0.0.1:${ports.api}/ready`);
  writeLocalStack(dataDir, {
    MONGODB_URI: common.MONGODB_URI, MONGODB_DB: common.MONGODB_DB, TEMPORAL_ADDRESS: common.TEMPORAL_ADDRESS,
    TEMPORAL_NAMESPACE: given.TEMPORAL_NAMESPACE || 'default', SECRETS_KEY: common.SECRETS_KEY,
    ...(given.TEMPORAL_TASK_QUEUE ? { TEMPORAL_TASK_QUEUE: given.TEMPORAL_TASK_QUEUE } : {}),
  });
  const say = (line: string) => console.error(`[start] ${line}`);
  // Where each process serves Prometheus metrics (the same reading of METRICS_PORT as theirs; 0 = off).
  const metricsAt = (kind: 'api' | 'worker' | 'temporal') => {
    const l = metricsListenFromEnv(given, kind);
    return l ? metricsUrl(l) : 'off';
  };
  const watchers = [
    watchDatabase({ ...mongo, restart: restartDb && restartDb.run }, say),
    watchTemporal({ ...temporal, restart: restartTemporal && restartTemporal.run }, namespace, say),
  ];
  stopWatching = async () => { await Promise.all(watchers.map((stop) => stop())); };
  console.log(`
[start] ready in ${((Date.now() - t0) / 1000).toFixed(1)} s
  App:          http://127.0.0.1:${ports.api}/
  Temporal UI:  ${services.temporal.uiUrl ?? '(external Temporal: see its own UI)'}
  Simulator:    ${common.PROVIDER_URL}
  Transfers:    ${common.PROVIDER_URL}/transfer  (play the game's side of comfort trade runs by hand)
                ${given.PROVIDER_URL ? '(your provider: its own timing)' : `timing ${simulatorTimeScale}x faster than real (SIMULATOR_TIME_SCALE; 1 = real: about 2 days per 1M coins)`}
  Payouts:      ${common.PROVIDER_URL}/payouts   (payouts the simulator received)
  Mail inbox:   ${mail?.inboxUrl ?? `(real SMTP: ${given.SMTP_URL})`}
  Demo time:    ${demo.summary.join('\n                ')}
  Metrics:      API ${metricsAt('api')}, worker ${metricsAt('worker')}, Temporal SDK ${metricsAt('temporal')}
                (Prometheus format, loopback only; docs/operations.md lists every metric)
  Sweeps:       Temporal Schedules, one per sweep (Temporal UI › Schedules); worker health ${metricsAt('worker').replace(/\/metrics$/, '/health')}
  Support tool: npm run support -- help   (finds these servers through ${localStackFile(dataDir)})
  Data:         ${dataDir}
  Ctrl-C stops everything.`);
}

async function waitReady(url: string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until && !stopping) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not turn ready within 120 s`);
}

main().catch(async (err) => {
  console.error(`[start] ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
});
