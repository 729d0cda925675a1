/**
 * One world for the support tool's tests: the simulator (transfers, payouts and the market), the API and one
 * worker on real Temporal, MongoDB and SMTP, and the support CLI spawned as a child process against
 * them with the settings a support engineer sets (MONGODB_URI, MONGODB_DB, TEMPORAL_ADDRESS, SECRETS_KEY,
 * SMTP_URL and PUBLIC_URL for the notices it makes). The child is the built tool (`node dist/support.js`,
 * as the image runs it): through tsx each of the file's spawns cost 3.2 s instead of 0.9 s (load 2.6).
 */
import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import type { PaymentMethod } from '../../domain/account-schemas.js';
import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY } from '../../domain/player-trade.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { createWorker } from '../../workers/worker.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { main } from '../../support/cli.js';
import { startTestApp } from './app.js';
import { checkBuilt } from './built.js';
import { FAST_COMFORT } from './comfort.js';
import { FAST_VERIFY, steer, syncFromSimulator } from './player-trade.js';
import { createProvenSeller } from './proven.js';
import { TEST_SECRETS_KEY, testKeyRing } from './secrets.js';
import { testLogger, uniqueQueue } from './servers.js';
import { CALLBACK_SECRET, FAST_WITHDRAWAL_TIMINGS } from './withdrawals.js';

const SUPPORT_BUNDLE = 'dist/support.js';

export async function startSupportWorld(opts: {
  activityInterceptors?: ActivityInterceptorsFactory[];
  /** The methods the simulator pays as the payout provider (PAYOUT_PROVIDER_METHODS); the others are manual payouts. Every method by default. */
  payoutMethods?: readonly PaymentMethod[];
  /** Support is mailed (at `supportInbox`, through the run's catcher) when a run starts waiting for it; the worker sweeps every 200 ms. */
  supportNotices?: boolean;
} = {}) {
  const sim = await createSimulator({
    size: 8, seed: 3, tickMs: 0, testControl: true, payoutCallbackSecret: CALLBACK_SECRET,
    transferTiming: { loginMs: 100, chunkMs: 100, chunkCoins: 50_000 },
  });
  const simUrl = await sim.listen(0);
  const taskQueue = uniqueQueue('support');
  const payouts = createPayoutGateway({ baseUrl: simUrl, timeoutMs: 2_000 });
  const app = await startTestApp(undefined, {
    playerTrade: {
      // The product's own 5 minutes: no support test waits for it to pass, and on a loaded machine a
      // shorter window could close under a purchase the test is still steering through the CLI.
      taskQueue, timings: { buyWindowMs: 300_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 },
      verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: simUrl, listMaxAgeMs: 0,
    },
    comfortTrade: { taskQueue, timings: FAST_COMFORT },
    withdrawals: {
      taskQueue, timings: FAST_WITHDRAWAL_TIMINGS, payouts, callbackSecret: CALLBACK_SECRET, payoneerConsentUrl: `${simUrl}/payoneer/consent`,
      codeRequestPerSeller: { max: 20, windowSeconds: 3600 },
    },
    accounts: { limits: { resendWaitSeconds: 0 } },
  });
  const supportInbox = `support-${taskQueue}@coin-market.test`.toLowerCase();
  const mail = opts.supportNotices ? {
    notifications: { mail: { mailer: createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger()), publicUrl: app.url }, sweepMs: 200 },
    supportNotices: { to: supportInbox, temporalUiUrl: 'http://127.0.0.1:8080/', everyMs: 200 },
  } : {};
  const startWorker = (activityInterceptors = opts.activityInterceptors) => createWorker({
    ...mail,
    temporalAddress: inject('temporalAddress'), taskQueue, db: app.db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') },
    transfer: createTransferGateway({ baseUrl: simUrl, timeoutMs: 2_000 }),
    market: createMarketGateway({ baseUrl: simUrl, timeoutMs: 2_000 }),
    payouts: { gateway: payouts, callbackUrl: `${app.url}/api/payouts/callback`, ...(opts.payoutMethods ? { methods: opts.payoutMethods } : {}) },
    secrets: testKeyRing(), activityInterceptors,
  });
  await syncFromSimulator(app.db, simUrl);
  let worker = await startWorker();
  const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
  const wallets = await Wallets.open(app.db.db!);
  const env = {
    MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY,
    // Seller notices (API access enabled, a key issued) mail through the run's catcher, links on the app.
    SMTP_URL: inject('smtpUrl'), MAIL_FROM: 'Coin Market <no-reply@coin-market.test>', PUBLIC_URL: app.url,
  };

  /** Spawns the built support tool (`node dist/support.js ...args`) and collects its output. */
  checkBuilt([SUPPORT_BUNDLE]);
  const cli = (args: string[], extraEnv: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string; json: () => any }>((done, fail) => {
      const child = spawn(process.execPath, [SUPPORT_BUNDLE, ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.stderr.on('data', (d) => { stderr += d; });
      child.on('error', fail);
      child.on('close', (code) => done({ code, stdout, stderr, json: () => JSON.parse(stdout) }));
    });

  /** The same tool run inside the test process (for the quick checks; the actions themselves are spawned). */
  const inProcess = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, env, { log: (t) => { stdout += `${t}\n`; }, error: (t) => { stderr += `${t}\n`; } });
    return { code, stdout, stderr, json: () => JSON.parse(stdout) };
  };

  /** A proven seller with payout settings (paypal at `address`) and `availableCents` seeded as released income. */
  const seller = async (availableCents = 0) => {
    const s = await createProvenSeller(app);
    const address = `pp-${s.sellerId.slice(-8)}@example.com`;
    const res = await s.fetch('/api/member/settings', {
      method: 'PUT',
      body: JSON.stringify({ contactMethod: 'telegram', contactValue: 'seller_tg', paymentMethod: 'paypal', paymentAddress: address, currency: 'EUR', trueName: 'Ana Seller', currentPassword: s.password }),
    });
    if (!res.ok) throw new Error(`settings failed: ${res.status} ${await res.text()}`);
    if (availableCents > 0) await wallets.apply({ sellerId: s.sellerId, opId: `seed:${s.sellerId}`, kind: 'player_freeze_released', delta: { available: availableCents }, ref: `seed-${s.sellerId}` });
    return Object.assign(s, { address });
  };

  /** Steers the payout simulator for one address (`down`, `outcome`). */
  const steerPayouts = async (body: Record<string, unknown>) => {
    const res = await fetch(`${simUrl}/test/payouts/steering`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`steering failed ${res.status}`);
  };
  const simPayouts = async () => ((await (await fetch(`${simUrl}/test/payouts`)).json()) as { payouts: { key: string; state: string }[]; createCalls: number });

  /** Steers the market simulator's verification answers (`mode: 'error'` until told otherwise: the provider is down). */
  const steerVerification = (body: Parameters<typeof steer>[1]) => steer(simUrl, body);

  /** Replaces the worker (a fixed deployment after a faulty one). */
  const redeploy = async (activityInterceptors?: ActivityInterceptorsFactory[]) => {
    await worker.shutdown();
    worker = await startWorker(activityInterceptors);
  };

  return {
    sim, simUrl, app, taskQueue, supportInbox, redeploy, temporal, wallets, env, cli, inProcess, seller, steerPayouts, simPayouts, steerVerification,
    close: async () => {
      await worker.shutdown();
      await temporal.connection.close();
      await app.close();
      await sim.close();
    },
  };
}
export type SupportWorld = Awaited<ReturnType<typeof startSupportWorld>>;
