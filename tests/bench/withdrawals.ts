/**
 * `npm run bench withdrawals`: 50 sellers withdraw at once against the payout simulator over HTTP
 * (real API, Temporal, FerretDB, SMTP catcher). Prints the p99 of the request (code check to
 * "sent") and withdrawals completed per second end to end (confirm to paid), and the cost per
 * withdrawal: history events, workflow tasks, activities, database commands of the API and of the
 * worker, CPU ms per process (tests/bench/_cost.ts).
 */
import { benchPayoutSettings } from '../support/proven.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { withdrawalWorkflowId, type WithdrawalStatus } from '../../domain/withdrawal.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { createLogger } from '../../infra/logger.js';
import { startMailCatcher } from '../../infra/mail/catcher.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { createWorker } from '../../workers/worker.js';
import { createSignedInSeller } from '../support/sellers.js';
import { fmt, summarize } from './stats.js';
import { countCommands, cpuMeter, formatCommands, formatCpu, formatHistoryCost, historyCost } from './_cost.js';

const SELLERS = Number(process.env.WITHDRAW_SELLERS ?? 50);
const SECRET = 'bench-callback-secret';
const UNLIMITED = { max: 10_000_000, windowSeconds: 60 };
const dataDir = mkdtempSync(join(tmpdir(), 'bench-withdraw-'));
const services = await startDevServices({ dataDir, log: () => undefined });
const mail = await startMailCatcher();
const logger = createLogger('bench', 'silent');
const db = await connectDatabase(services.mongo.uri, 'bench_withdrawals');
await db.dropDatabase();
// The API and the worker each on a connection of their own, so their commands are counted apart.
const apiDb = await connectDatabase(services.mongo.uri, 'bench_withdrawals', { monitorCommands: true });
const workerDb = await connectDatabase(services.mongo.uri, 'bench_withdrawals', { monitorCommands: true });
const commands = { api: countCommands(apiDb), worker: countCommands(workerDb) };
const secrets = keyRingFrom('bench-withdrawals-secrets');
const temporal = await connectTemporal(services.temporal.address, secrets);
const sim = await createSimulator({ size: 1, seed: 1, tickMs: 0, payoutCallbackSecret: SECRET });
const simUrl = await sim.listen(0);
const gateway = createPayoutGateway({ baseUrl: simUrl });
const taskQueue = `bench-withdraw-${Date.now()}`;
const timings = { overdueMs: 3600_000, pollMs: 5_000, providerAttempts: 5, providerRetryMs: 200, providerCallTimeoutMs: 10_000 };
const app = await createApp({
  db: apiDb, temporal, logger, webDir: resolve('dist/web'), liveSecret: 'bench-live-secret', config: configSettingsFromEnv({}),
  accounts: { mailer: createMailer(mail.smtpUrl, 'bench@localhost', logger), limits: { signUpPerIp: UNLIMITED, captchaPerIp: UNLIMITED, codeRequestPerIp: UNLIMITED } },
  withdrawals: { taskQueue, timings, payouts: gateway, callbackSecret: SECRET },
});
const url = await app.listen(0);
const worker = await createWorker({
  temporalAddress: services.temporal.address, taskQueue, db: workerDb, logger, secrets, payouts: { gateway, callbackUrl: `${url}/api/payouts/callback` },
});
const wallets = await Wallets.open(db.db!);
try {
  // Each seller: settings, 50 EUR earned, and an emailed code for a 30 EUR withdrawal.
  const ready = await Promise.all(Array.from({ length: SELLERS }, async (_, i) => {
    const s = await createSignedInSeller({ url });
    await benchPayoutSettings(db, s, { contactMethod: 'telegram', contactValue: 'tg', paymentMethod: 'paypal', paymentAddress: `bench${i}@example.com`, currency: 'EUR', trueName: 'Bench Seller' });
    await wallets.apply({ sellerId: s.sellerId, opId: `seed:${i}`, kind: 'player_freeze_released', delta: { available: 5000 }, ref: `bench-purchase-${i}` });
    const res = await s.fetch('/api/withdrawals/code', { method: 'POST', body: JSON.stringify({ amountCents: 3000, email: s.email }) });
    const { withdrawalId } = (await res.json()) as { withdrawalId: string };
    let code: string | undefined;
    while (!code) {
      const mails = (await (await fetch(`${mail.inboxUrl}/api/messages?to=${encodeURIComponent(s.email)}`)).json()) as { text: string }[];
      code = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      if (!code) await new Promise((r) => setTimeout(r, 50));
    }
    return { s, withdrawalId, code };
  }));

  const latencies: number[] = [];
  const cpu = cpuMeter(dataDir);
  const commands0 = { api: commands.api.total(), worker: commands.worker.total() };
  cpu.start();
  const t0 = performance.now();
  await Promise.all(ready.map(async ({ s, withdrawalId, code }) => {
    const start = performance.now();
    const res = await s.fetch('/api/withdrawals', { method: 'POST', body: JSON.stringify({ withdrawalId, code }) });
    if (res.status !== 201) throw new Error(`withdrawal refused: ${res.status} ${await res.text()}`);
    latencies.push(performance.now() - start);
  }));
  const sentAt = performance.now();
  const finals = (await Promise.all(ready.map(({ withdrawalId }) => temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)).result()))) as WithdrawalStatus[];
  const seconds = (performance.now() - t0) / 1000;
  const cpuUsed = cpu.stop();
  const counted = { api: { total: () => commands.api.total() - commands0.api }, worker: { total: () => commands.worker.total() - commands0.worker } };
  const cost = await historyCost(temporal.client, ready.map(({ withdrawalId }) => withdrawalWorkflowId(withdrawalId)));
  const paid = finals.filter((f) => f.state === 'paid').length;
  const s = summarize(latencies);
  console.log(`withdrawals on ${services.mongo.choice.chosen} + local Temporal dev server + payout simulator; ${cpus().length} cores; ${SELLERS} sellers at once`);
  console.log(`request (code check to "sent"): p50 ${fmt(s.p50)} p99 ${fmt(s.p99)} max ${fmt(s.max)}; all sent after ${((sentAt - t0) / 1000).toFixed(1)} s`);
  console.log(`${paid}/${SELLERS} paid end to end in ${seconds.toFixed(1)} s: ${(paid / seconds).toFixed(2)} withdrawals/s`);
  console.log(formatHistoryCost('withdrawal, confirm to paid', cost));
  console.log(formatCommands(counted, SELLERS, 'withdrawal (confirm to paid)'));
  console.log(formatCpu(cpuUsed, SELLERS, 'withdrawal'));
} finally {
  await worker.shutdown();
  await app.close();
  await sim.close();
  await mail.close();
  await temporal.connection.close();
  await db.close().catch(() => undefined);
  await apiDb.close().catch(() => undefined);
  await workerDb.close().catch(() => undefined);
  await services.stop();
}
process.exit(0);
