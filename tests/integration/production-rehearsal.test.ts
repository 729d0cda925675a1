/**
 * The production rehearsal (issue 28, item 6): the built artefact as an operator runs it. Two APIs and
 * a worker run `node dist/<process>.js` (no TypeScript loader) with NODE_ENV=production and only the
 * variables an operator writes, behind the production Caddyfile, on the run's MongoDB and Temporal;
 * the providers are the simulator (also from dist/) at an address the operator names, mail goes to the
 * run's catcher. A seller signs up, buys a player card to its verified credit, is paid for a comfort
 * trade and withdraws it; what a forgotten or weak setting does is refused at start.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../infra/db.js';
import { SECOND_NAMESPACE } from '../../infra/dev-services/temporal.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { connectTemporal } from '../../infra/temporal.js';
import { checkBuilt } from '../support/built.js';
import { runWhere, submission, submit } from '../support/comfort.js';
import { serveName, type NameServer } from '../support/dns-names.js';
import { buyListedCard, syncFromSimulator } from '../support/player-trade.js';
import { findCaddy, freePort, spawnBuilt, untilReady, type AppProcess } from '../support/processes.js';
import { startProductionProxy, type ProductionProxy } from '../support/production-proxy.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually, uniqueQueue } from '../support/servers.js';
import { savePayoutSettings, withdraw } from '../support/withdrawals.js';

const caddy = findCaddy();
if (!caddy && process.env.CI) throw new Error('Caddy is missing (apt-get install -y caddy): the production rehearsal cannot run');
if (!caddy) console.warn('\n[tests] SKIPPING the production rehearsal: no Caddy (apt-get install -y caddy, or CADDY_PATH)\n');

const BUNDLES = ['dist/api.js', 'dist/worker.js', 'dist/migrate.js', 'dist/backup.js', 'dist/restore.js', 'dist/simulator.js', 'dist/workflow-bundle.js'];

/** Names an .env.example asks the operator to fill in: its uncommented lines with an empty value. */
function requiredInEnvExample(): string[] {
  if (!existsSync('.env.example')) return [];
  return readFileSync('.env.example', 'utf8').split('\n').map((l) => /^([A-Z][A-Z0-9_]*)=\s*$/.exec(l.trim())?.[1]).filter((n): n is string => Boolean(n));
}

describe.skipIf(!caddy)('production rehearsal: the built artefact with an operator\'s settings', () => {
  const queue = uniqueQueue('rehearsal');
  const dbName = `rehearsal_${randomBytes(4).toString('hex')}`;
  /** The api replicas: one port, two loopback addresses, one name (as compose's `api` service is). */
  const replicas = ['127.0.0.1', '127.0.0.2'];
  let apiPort: number;
  let simulator: AppProcess;
  let simUrl: string;
  let names: NameServer;
  let proxy: ProductionProxy;
  let operator: NodeJS.ProcessEnv;
  const running: AppProcess[] = [];

  /**
   * Everything an operator writes for the api and worker (docker-compose.yml's environment, .env): the
   * providers named explicitly (here the simulator), real-strength secrets, mail to an SMTP server.
   */
  const operatorWrites = (site: string, providerUrl: string): NodeJS.ProcessEnv => ({
    NODE_ENV: 'production',
    // As an operator writes it: production refuses retryWrites=false, which only the local FerretDB stand-in's
    // URI says (the driver makes no retryable writes to a standalone server, so FerretDB answers the same without it).
    MONGODB_URI: inject('mongoUri').replace(/([?&])retryWrites=false(&|$)/i, (_m, before: string, after: string) => (after ? before : '')), MONGODB_DB: dbName,
    TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: queue,
    PUBLIC_HOST: site, PUBLIC_URL: site, TRUST_PROXY: '127.0.0.1',
    PROVIDER_URL: providerUrl, PAYOUT_PROVIDER_URL: providerUrl, PAYOUT_PUBLIC_URL: providerUrl, PAYOUT_CALLBACK_URL: `${site}/api/payouts/callback`,
    SMTP_URL: inject('smtpUrl'),
    SECRETS_KEY: `k1:${randomBytes(32).toString('base64')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'), LIVE_TOKEN_SECRET: randomBytes(32).toString('hex'),
    PAYOUT_CALLBACK_SECRET: randomBytes(24).toString('hex'), CODEC_AUTH_TOKEN: randomBytes(24).toString('hex'),
    SUPPORT_CHANNELS_JSON: JSON.stringify([{ id: 'email', value: 'help@example.test' }]),
    SUPPORT_NOTIFY_EMAIL: 'support-team@example.test',
    // Temporal's own database password (compose's Temporal); none of these processes reads it.
    TEMPORAL_DB_PASSWORD: randomBytes(24).toString('hex'),
    // The replica set's (compose's mongo1-3 and mongo-init); here the URI above names the test's database.
    MONGO_ROOT_PASSWORD: randomBytes(24).toString('hex'), MONGO_APP_PASSWORD: randomBytes(24).toString('hex'), MONGO_KEYFILE: './mongo-keyfile',
    LOG_LEVEL: 'info',
  });
  /**
   * The rehearsal's one departure from production: business durations a test cannot wait for (a
   * comfort trade's 24-hour review) and the provider polls that follow from them.
   */
  const SHORTENED_DURATIONS = {
    COMFORT_REVIEW_MS: '1500', COMFORT_POLL_MS: '200', COMFORT_WATCH_MS: '3000', COMFORT_RETRY_INITIAL_MS: '100', COMFORT_RETRY_MAX_MS: '300',
    WITHDRAWAL_POLL_MS: '1000', MARKET_SYNC_MS: '2000',
  };

  /** Compose gives each process a machine of its own; here they share one, so no metrics port (0: off) is taken twice. */
  const ONE_MACHINE = { METRICS_PORT: '0', TEMPORAL_METRICS_PORT: '0' };

  const start = (name: string, bundle: string, env: NodeJS.ProcessEnv) => {
    const p = spawnBuilt(name, bundle, { ...env, ...ONE_MACHINE });
    running.push(p);
    return p;
  };

  beforeAll(async () => {
    // The artefact this run rehearses: built, and from today's sources.
    checkBuilt(BUNDLES);
    const sitePort = await freePort();
    const site = `http://127.0.0.1:${sitePort}`;
    const callbackSecret = randomBytes(24).toString('hex');
    // The stand-in provider, from dist/ too; it reports the port it took.
    simulator = start('simulator', 'dist/simulator.js', {
      NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', PAYOUT_CALLBACK_SECRET: callbackSecret,
      PAYONEER_REDIRECT_URIS: `${site}/api/member/payoneer/callback`,
      SIMULATOR_TICK_MS: '0', SIMULATOR_SEED: '7', SIMULATOR_TRANSFER_LOGIN_MS: '100', SIMULATOR_TRANSFER_CHUNK_MS: '150',
    });
    const listening = await eventually(async () => {
      if (simulator.proc.exitCode !== null) throw new Error(`the simulator exited (${simulator.proc.exitCode}):\n${simulator.output()}`);
      return /"address":"(http:\/\/[^"]+)"/.exec(simulator.output())?.[1];
    }, 30_000, 'the simulator listening');
    simUrl = listening;
    operator = { ...operatorWrites(site, simUrl), PAYOUT_CALLBACK_SECRET: callbackSecret };
    const unfilled = requiredInEnvExample().filter((name) => !(name in operator));
    expect(unfilled, '.env.example asks for these and the rehearsal does not set them').toEqual([]);

    // The deployment's migration step, once, before any process serves (compose's `migrate` service).
    const migrate = spawnBuilt('migrate', 'dist/migrate.js', { ...operator, ...ONE_MACHINE });
    if (migrate.proc.exitCode === null) await once(migrate.proc, 'exit');
    expect(migrate.proc.exitCode, migrate.output()).toBe(0);
    expect(migrate.output()).toMatch(/migrate: \d+ indexes present/);

    apiPort = await freePort();
    await Promise.all(replicas.map((host, i) => {
      const api = start(`api-${i}`, 'dist/api.js', { ...operator, ...SHORTENED_DURATIONS, HOST: host, PORT: String(apiPort) });
      return untilReady(`http://${host}:${apiPort}/ready`, api, 90_000);
    }));
    start('worker', 'dist/worker.js', { ...operator, ...SHORTENED_DURATIONS });
    names = await serveName('api.rehearsal', replicas);
    proxy = await startProductionProxy({ name: 'api.rehearsal', port: apiPort, resolver: `udp/${names.address}` }, sitePort);
  }, 180_000);

  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') for (const p of running) console.error(`[rehearsal] ${p.name}:\n${p.output().slice(-3_000)}`);
  });

  afterAll(async () => {
    proxy?.close();
    await names?.close();
    await Promise.all(running.map((p) => p.kill('SIGTERM')));
  });

  it('runs every process as node dist/<process>.js, with no TypeScript loader', () => {
    for (const p of running) expect(p.proc.spawnargs.slice(1), p.name).toEqual([expect.stringMatching(/^dist\/\w+\.js$/)]);
  });

  it('takes a seller from sign-up through a player card, a comfort trade to Paid and a withdrawal to paid, through Caddy', async () => {
    const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
    const seller: SignedInSeller = await createProvenSeller({ url: proxy.site });
    await savePayoutSettings(seller);

    // A player card bought on the market: the purchase is verified with the provider and credited (frozen for its 24 hours).
    // The market-sync workflow has one fixed id per Temporal namespace (one deployment), and this run's
    // Temporal is shared by every test file: the copy it makes is done here, into this deployment's database.
    const db = await connectDatabase(inject('mongoUri'), dbName);
    try {
      await syncFromSimulator(db, simUrl);
    } finally {
      await db.close();
    }
    const purchaseId = await buyListedCard(seller, simUrl, 'Rehearsal-Club');
    const credited = await eventually(async () => {
      const w = await json(await seller.fetch('/api/wallet'));
      return (w.body.frozenItems as { purchaseId: string }[]).find((f) => f.purchaseId === purchaseId);
    }, 60_000, 'the purchase verified and credited');
    expect(credited.purchaseId).toBe(purchaseId);

    // A comfort trade moved by the provider, reviewed and paid: its money is available.
    const run = await submit(seller, submission({ coinAmount: 1_000_000 }));
    const paidRun = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'the comfort run paid', 90_000);
    expect(paidRun.coinsTransferred).toBe(1_000_000);
    const available = (await json(await seller.fetch('/api/wallet'))).body.wallet.available as number;
    expect(available).toBeGreaterThan(0);

    // The withdrawal, confirmed with the emailed code, paid by the payout provider.
    const w = await withdraw(seller, available);
    expect(w.res.status, JSON.stringify(w.body)).toBeLessThan(300);
    const paid = await eventually(async () => {
      const r = await json(await seller.fetch(`/api/withdrawals/${w.withdrawalId}`));
      return r.body.withdrawal?.state === 'paid' ? r.body.withdrawal : null;
    }, 60_000, 'the withdrawal paid');
    expect(paid.state).toBe('paid');
    expect((await json(await seller.fetch('/api/wallet'))).body.wallet.available).toBe(0);
  }, 300_000);

  it('backs up and restores with the built tools (node dist/backup.js, node dist/restore.js)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rehearsal-backup-'));
    const run = async (name: string, bundle: string, env: NodeJS.ProcessEnv, args: string[]) => {
      const p = spawnBuilt(name, bundle, { ...env, ...ONE_MACHINE }, args);
      if (p.proc.exitCode === null) await once(p.proc, 'exit');
      return { code: p.proc.exitCode, out: p.output() };
    };
    try {
      const backup = await run('backup', 'dist/backup.js', operator, ['--to', join(dir, 'b'), '--temporal', 'none']);
      expect(backup.code, backup.out).toBe(0);
      const taken = JSON.parse(readFileSync(join(dir, 'b', 'backup.json'), 'utf8')) as { mongo: { collections: number; documents: number } };
      expect(taken.mongo.documents).toBeGreaterThan(0);
      // Into the deployment's own database: refused, it holds data.
      const over = await run('restore over data', 'dist/restore.js', operator, ['--from', join(dir, 'b'), '--temporal', 'none']);
      expect(over.code).toBe(1);
      expect(over.out).toContain('is not empty');
      // `--local` is a checkout's (npm start's data directory): the image says so instead of failing on a missing module.
      const local = await run('restore --local', 'dist/restore.js', operator, ['--from', join(dir, 'b'), '--temporal', 'none', '--local']);
      expect(local.code).toBe(1);
      expect(local.out).toContain('from a checkout (npm run restore)');
      // Into an empty database: every document back.
      const restored = await run('restore', 'dist/restore.js', { ...operator, MONGODB_DB: `${dbName}_restored` }, ['--from', join(dir, 'b'), '--temporal', 'none']);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain(`${taken.mongo.collections} collections, ${taken.mongo.documents} documents`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the Temporal codec and /ready out of the public site', async () => {
    const codec = await fetch(`${proxy.site}/codec/decode`, {
      method: 'POST', headers: { authorization: `Bearer ${operator.CODEC_AUTH_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ payloads: [] }),
    });
    expect(codec.status).toBe(404);
    expect((await fetch(`${proxy.site}/ready`)).status).toBe(404);
    // Each replica does answer /ready itself (the compose healthcheck asks it inside the network).
    for (const host of replicas) expect((await fetch(`http://${host}:${apiPort}/ready`)).status).toBe(200);
  });

  it('a worker polls the namespace the operator names (TEMPORAL_NAMESPACE), where the API starts the runs', async () => {
    const taskQueue = uniqueQueue('namespace');
    const worker = start('worker in its namespace', 'dist/worker.js', {
      ...operator, ...SHORTENED_DURATIONS, TEMPORAL_NAMESPACE: SECOND_NAMESPACE, TEMPORAL_TASK_QUEUE: taskQueue, MARKET_SYNC: '0',
    });
    const { connection } = await connectTemporal(inject('temporalAddress'), keyRingFrom(operator.SECRETS_KEY!), SECOND_NAMESPACE);
    try {
      // Temporal itself says who polls: a workflow poller on this queue in that namespace (the worker polled "default").
      const pollers = await eventually(async () => {
        if (worker.proc.exitCode !== null) throw new Error(`the worker exited (${worker.proc.exitCode}):\n${worker.output()}`);
        const r = await connection.workflowService.describeTaskQueue({ namespace: SECOND_NAMESPACE, taskQueue: { name: taskQueue, kind: 1 }, taskQueueType: 1 }).catch(() => null);
        return r?.pollers?.length ? r.pollers : null;
      }, 60_000, 'a workflow poller in the named namespace');
      expect(pollers.length).toBeGreaterThan(0);
    } finally {
      await connection.close();
      await worker.kill('SIGTERM');
    }
  }, 120_000);

  /**
   * Starts `bundle` with the operator's settings changed by `change`; resolves with its exit code and
   * output once it exits, or with `started` once it says it runs (a start that should have been refused).
   */
  async function startWith(bundle: 'dist/api.js' | 'dist/worker.js', change: (env: NodeJS.ProcessEnv) => void): Promise<{ code: number | 'started'; output: string }> {
    // A task queue of its own: a worker that starts after all must not take the rehearsal's tasks.
    const env: NodeJS.ProcessEnv = { ...operator, TEMPORAL_TASK_QUEUE: uniqueQueue('refused'), HOST: '127.0.0.1', PORT: String(await freePort()) };
    change(env);
    const p = spawnBuilt(`${bundle} refused?`, bundle, { ...env, ...ONE_MACHINE });
    const runs = /"msg":"(api listening|worker running)"/;
    try {
      const code = await eventually(async () => (p.proc.exitCode ?? (runs.test(p.output()) ? 'started' : null)), 90_000, `${bundle} to exit or run`);
      return { code, output: p.output() };
    } finally {
      await p.kill('SIGKILL');
    }
  }

  const refusals: { what: string; bundles: ('dist/api.js' | 'dist/worker.js')[]; variable: string; change(env: NodeJS.ProcessEnv): void }[] = [
    { what: 'no provider URL', bundles: ['dist/worker.js'], variable: 'PROVIDER_URL', change: (env) => { delete env.PROVIDER_URL; } },
    { what: 'no support address', bundles: ['dist/worker.js'], variable: 'SUPPORT_NOTIFY_EMAIL', change: (env) => { delete env.SUPPORT_NOTIFY_EMAIL; } },
    { what: 'no SMTP_URL', bundles: ['dist/api.js', 'dist/worker.js'], variable: 'SMTP_URL', change: (env) => { delete env.SMTP_URL; } },
    { what: 'a passphrase for SECRETS_KEY', bundles: ['dist/api.js', 'dist/worker.js'], variable: 'SECRETS_KEY', change: (env) => { env.SECRETS_KEY = 'correct horse battery staple'; } },
    { what: 'the tests\' migrate-at-connect switch', bundles: ['dist/api.js', 'dist/worker.js'], variable: 'MONGODB_MIGRATE_AT_CONNECT', change: (env) => { env.MONGODB_MIGRATE_AT_CONNECT = '1'; } },
    { what: 'WEBHOOKS_LOCAL=1', bundles: ['dist/api.js', 'dist/worker.js'], variable: 'WEBHOOKS_LOCAL', change: (env) => { env.WEBHOOKS_LOCAL = '1'; } },
  ];
  for (const r of refusals) {
    it(`refuses to start with ${r.what}: exit 2, naming ${r.variable}`, async () => {
      for (const bundle of r.bundles) {
        const { code, output } = await startWith(bundle, r.change);
        expect(code, `${bundle}:\n${output.slice(-2_000)}`).toBe(2);
        expect(output, bundle).toContain(r.variable);
      }
    }, 200_000);
  }
});
