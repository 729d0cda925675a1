import { spawn, type ChildProcess } from 'node:child_process';
import { createProvenSeller } from '../support/proven.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSimulator } from '../../infra/simulator/server.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { FAST_COMFORT, runWhere, submission, submit } from '../support/comfort.js';
import { entryArgs } from '../support/built.js';

describe('a comfort run survives its worker process being killed mid-transfer', () => {
  const queue = uniqueQueue('comfort-kill');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof createSimulator>> & { url?: string };
  let url = '';
  beforeAll(async () => {
    sim = await createSimulator({ size: 5, seed: 1, tickMs: 0, testControl: true, transferTiming: { loginMs: 100, chunkMs: 300, chunkCoins: 50_000 } });
    url = await sim.listen(0);
    // The killed worker's write is tried again after 3 s, not the 30 s a write may take in production.
    app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings: { ...FAST_COMFORT, storeAttemptMs: 3_000 } } });
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('counts the coins once and credits them once after a SIGKILL and a new worker', { timeout: 400_000 }, async () => {
    const env = {
      ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: app.dbName, TEMPORAL_ADDRESS: inject('temporalAddress'),
      // As in production (the image sets WORKFLOW_BUNDLE): a restarted worker polls at once instead of bundling again.
      WORKFLOW_BUNDLE: inject('workflowBundlePath'),
      TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'warn', PROVIDER_URL: url, MARKET_SYNC: '0', SECRETS_KEY: TEST_SECRETS_KEY,
    };
    const spawnWorker = (): ChildProcess => spawn(process.execPath, entryArgs('workers/main.ts'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const seller = await createProvenSeller(app);
    await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller' , currentPassword: seller.password }) });
    const wallets = await Wallets.open(app.db.db!);

    let worker = spawnWorker();
    const run = await submit(seller, submission({ coinAmount: 1_000_000 }));
    await runWhere(seller, run.runId, (r) => r.coinsTransferred >= 100_000, 'transfer under way', 180_000);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    worker = spawnWorker();
    try {
      const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after restart', 180_000);
      expect(paid).toMatchObject({ coinsTransferred: 1_000_000, successCount: 20, totalCount: 20, creditedCents: 2_500 });
      expect(sim.transfers.calls.submit).toBe(1);
      expect(sim.transfers.orders.get(run.runId)!.coinsTransferred).toBe(1_000_000);
      expect(await wallets.get(seller.sellerId)).toMatchObject({ available: 2_500, frozen: 0 });
      expect(await wallets.ledger.countDocuments({ ref: run.runId })).toBe(2);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
  });
});
