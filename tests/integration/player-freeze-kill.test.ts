import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { PURCHASE_STATUS_QUERY, PURCHASE_UPDATES, type PurchaseStatus } from '../../domain/player-trade.js';
import { cardIncomeCents } from '../../domain/player-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import type { CardDoc } from '../../infra/market/cards.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { eventually, testDatabase, uniqueQueue } from '../support/servers.js';
import { addGameAccount, buyOnSimulator, newId, pick, startSimulator, syncFromSimulator } from '../support/player-trade.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { entryArgs } from '../support/built.js';

describe('the 24-hour freeze survives its worker process being killed', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    database = await testDatabase('freezekill');
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    sim = await startSimulator(10);
    await syncFromSimulator(database.db, sim.url);
  });
  afterAll(async () => {
    await sim?.close();
    await temporal?.connection.close();
    await database?.drop();
  });

  it('releases the frozen income exactly once after a SIGKILL mid-freeze and a new worker', async () => {
    const queue = uniqueQueue('freeze-kill');
    const env = {
      ...process.env, MONGODB_URI: inject('mongoUri'), MONGODB_DB: database.name, TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY,
      // As in production (the image sets WORKFLOW_BUNDLE): a restarted worker polls at once instead of bundling again.
      WORKFLOW_BUNDLE: inject('workflowBundlePath'),
      TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'warn', PROVIDER_URL: sim.url, MARKET_SYNC: '0',
    };
    const spawnWorker = (): ChildProcess => spawn(process.execPath, entryArgs('workers/main.ts'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const wallets = await Wallets.open(database.db.db!);
    const card = (await database.db.db!.collection<CardDoc>('market_cards').findOne({ state: 'listed' }))!;
    const sellerId = newId('seller');
    const acc = await addGameAccount(database.db, sellerId, card.platform);

    let worker = spawnWorker();
    const { handle, outcome } = await pick(temporal.client, queue, { sellerId, cardId: card._id, gameAccountId: acc._id, timings: { freezeMs: 8_000 } });
    expect(outcome.ok).toBe(true);
    await buyOnSimulator(sim.url, card._id, card.platform, acc.name);
    await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
    await eventually(async () => (await wallets.get(sellerId)).frozen > 0, 30_000, 'frozen credit');

    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    // The new worker starts while the freeze still runs (8 s): its timer and the release are the server's to keep.
    worker = spawnWorker();
    try {
      const final: PurchaseStatus = await handle.result();
      expect(final.state).toBe('available');
      const income = cardIncomeCents(card, DEFAULT_PRICE_TABLE);
      expect(await wallets.get(sellerId)).toMatchObject({ frozen: 0, available: income });
      expect(await wallets.ledger.countDocuments({ sellerId })).toBe(2);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
  }, 180_000); // two cold worker processes each bundle the workflow code (30-40 s apiece on a loaded 2-core machine)
});
