/**
 * `npx tsx tests/bench/player-workflows.ts`: player purchases completed per second end to end on
 * this machine's local Temporal (pick -> reserved, buy on the simulator, Player Bought -> verified
 * -> credited frozen), with an in-process worker and 25 purchases in flight at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PICK_LIMIT, playerPurchaseWorkflowId, PURCHASE_KIND, type PickOutcome, type PlayerPurchaseInput, type PurchaseStatus } from '../../domain/player-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import { SA } from '../../domain/search-attributes.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { createLogger } from '../../infra/logger.js';
import { cardsCollection, syncCards } from '../../infra/market/cards.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { createWorker } from '../../workers/worker.js';
import { fmt, summarize } from './stats.js';
import { testKeyRing } from '../support/secrets.js';

const N = Number(process.env.PURCHASES ?? 100);
const IN_FLIGHT = 25;
const services = await startDevServices({ dataDir: mkdtempSync(join(tmpdir(), 'bench-player-wf-')), log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_player_wf');
await db.dropDatabase();
const temporal = await connectTemporal(services.temporal.address, testKeyRing());
const sim = await createSimulator({ size: N + 20, seed: 3, tickMs: 0 });
const simUrl = await sim.listen(0);
const cards = await cardsCollection(db.db!);
await syncCards(cards, await createMarketGateway({ baseUrl: simUrl }).listCards());
const queue = `bench-player-${Date.now()}`;
const worker = await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, secrets: testKeyRing(), db, logger: createLogger('bench', 'silent'),
  market: createMarketGateway({ baseUrl: simUrl }),
});
const accounts = await GameAccounts.open(db.db!);
const wallets = await Wallets.open(db.db!);
const listed = await cards.find({ state: 'listed' }).limit(N).toArray();
const jobs = await Promise.all(listed.map(async (c, i) => ({ card: c, sellerId: `bench-s${i}`, account: await accounts.add(`bench-s${i}`, { platform: c.platform, name: `bench-acct-${i}` }) })));

const latencies: number[] = [];
let next = 0;
let failed = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
  while (next < jobs.length) {
    const j = jobs[next++];
    const s = performance.now();
    const purchaseId = `bench-${Date.now().toString(36)}-${next}`;
    const input: PlayerPurchaseInput = {
      purchaseId, sellerId: j.sellerId, cardId: j.card._id, gameAccountId: j.account._id, prices: DEFAULT_PRICE_TABLE,
      timings: { buyWindowMs: 60_000, freezeMs: 3600_000, cooldownMs: 4 * 3600_000 },
      verify: { maxAttempts: 3, initialIntervalMs: 100, maximumIntervalMs: 500, attemptTimeoutMs: 5_000 }, pickLimit: DEFAULT_PICK_LIMIT,
    };
    const handle = await temporal.client.workflow.start('playerPurchaseWorkflow', {
      taskQueue: queue, workflowId: playerPurchaseWorkflowId(purchaseId), args: [input],
      typedSearchAttributes: [{ key: SA.sellerId, value: j.sellerId }, { key: SA.kind, value: PURCHASE_KIND }, { key: SA.status, value: 'picking' }],
    });
    const outcome: PickOutcome = await handle.executeUpdate('pickOutcome');
    if (!outcome.ok) { failed++; continue; }
    sim.market.buy(j.card._id, j.card.platform, j.account.name);
    await handle.executeUpdate('bought');
    // Credited: the wallet shows the frozen income.
    for (;;) {
      const st = await handle.query<PurchaseStatus | null>('status');
      if (st?.state === 'frozen') break;
      if (st?.state === 'rejected') { failed++; break; }
      await new Promise((r) => setTimeout(r, 20));
    }
    latencies.push(performance.now() - s);
    await handle.terminate('bench done');
  }
}));
const seconds = (performance.now() - t0) / 1000;
const s = summarize(latencies);
const credited = (await Promise.all(jobs.map((j) => wallets.get(j.sellerId)))).filter((w) => w.frozen > 0).length;
console.log(`player purchase workflows on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; ${IN_FLIGHT} in flight`);
console.log(`${latencies.length} purchases end to end (pick, bought, verified, credited frozen) in ${seconds.toFixed(1)} s: ${(latencies.length / seconds).toFixed(1)} purchases/s; per purchase p50 ${fmt(s.p50)} p99 ${fmt(s.p99)}; credited ${credited}; failed ${failed}`);
await worker.shutdown();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await services.stop();
process.exit(0);
