/**
 * `npx tsx tests/bench/player-workflows.ts`: player purchases completed per second end to end on
 * this machine's local Temporal (pick -> reserved, buy on the simulator, Player Bought -> verified
 * -> credited frozen), with an in-process worker and 25 purchases in flight at once. Prints the
 * cost per purchase up to "credited frozen" (history events, workflow tasks, activities, upserts,
 * database commands of the worker, CPU ms per process) as well: those counts do not depend on load.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PICK_LIMIT, playerPurchaseWorkflowId, PURCHASE_KIND, PURCHASE_STATUS_QUERY, PURCHASE_UPDATES, type PickOutcome, type PlayerPurchaseInput, type PurchaseStatus } from '../../domain/player-trade.js';
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
import { countCommands, cpuMeter, formatCommands, formatCpu, formatHistoryCost, historyCost } from './_cost.js';
import { testKeyRing } from '../support/secrets.js';

const N = Number(process.env.PURCHASES ?? 100);
const IN_FLIGHT = 25;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-player-wf-'));
const services = await startDevServices({ dataDir, log: () => undefined });
const db = await connectDatabase(services.mongo.uri, 'bench_player_wf');
// The worker's own connection, so its commands are counted apart from the bench's set-up and checks.
const workerDb = await connectDatabase(services.mongo.uri, 'bench_player_wf', { monitorCommands: true });
await db.dropDatabase();
const temporal = await connectTemporal(services.temporal.address, testKeyRing());
const sim = await createSimulator({ size: N + 20, seed: 3, tickMs: 0 });
const simUrl = await sim.listen(0);
const cards = await cardsCollection(db.db!);
await syncCards(cards, await createMarketGateway({ baseUrl: simUrl }).listCards());
const queue = `bench-player-${Date.now()}`;
const worker = await createWorker({
  temporalAddress: services.temporal.address, taskQueue: queue, secrets: testKeyRing(), db: workerDb, logger: createLogger('bench', 'silent'),
  market: createMarketGateway({ baseUrl: simUrl }),
});
const accounts = await GameAccounts.open(db.db!);
const wallets = await Wallets.open(db.db!);
const listed = await cards.find({ state: 'listed' }).limit(N).toArray();
const jobs = await Promise.all(listed.map(async (c, i) => ({ card: c, sellerId: `bench-s${i}`, account: await accounts.add(`bench-s${i}`, { platform: c.platform, name: `bench-acct-${i}` }) })));

const latencies: number[] = [];
const creditedIds: string[] = [];
const workerCommands = countCommands(workerDb);
const cpu = cpuMeter(dataDir);
let next = 0;
let failed = 0;
const errors = new Set<string>();
const commands0 = workerCommands.total();
cpu.start();
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
    try {
      // One purchase failing (e.g. a workflow task timing out on an overloaded machine) is counted, not fatal.
      const handle = await temporal.client.workflow.start('playerPurchaseWorkflow', {
        taskQueue: queue, workflowId: playerPurchaseWorkflowId(purchaseId), args: [input],
        typedSearchAttributes: [{ key: SA.sellerId, value: j.sellerId }, { key: SA.kind, value: PURCHASE_KIND }, { key: SA.status, value: 'picking' }],
      });
      const outcome: PickOutcome = await handle.executeUpdate(PURCHASE_UPDATES.pickOutcome);
      if (!outcome.ok) { failed++; continue; }
      sim.market.buy(j.card._id, j.card.platform, j.account.name);
      await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{}] });
      // Credited: the wallet shows the frozen income.
      for (;;) {
        const st = await handle.query(PURCHASE_STATUS_QUERY);
        if (st?.state === 'frozen') break;
        if (st?.state === 'rejected') { failed++; break; }
        await new Promise((r) => setTimeout(r, 20));
      }
      latencies.push(performance.now() - s);
      creditedIds.push(handle.workflowId);
    } catch (err) {
      failed++;
      errors.add(String((err as Error).message).slice(0, 120));
    }
  }
}));
const seconds = (performance.now() - t0) / 1000;
const cpuUsed = cpu.stop();
const commands = workerCommands.total() - commands0;
const s = summarize(latencies);
// Each credited purchase now waits on its freeze timer: its history is the cost up to "credited frozen".
const cost = await historyCost(temporal.client, creditedIds, { idleOnTimer: true });
await Promise.all(creditedIds.map((id) => temporal.client.workflow.getHandle(id).terminate('bench done').catch(() => undefined)));
const credited = (await Promise.all(jobs.map((j) => wallets.get(j.sellerId)))).filter((w) => w.frozen > 0).length;
console.log(`player purchase workflows on ${services.mongo.choice.chosen} + local Temporal dev server; ${cpus().length} cores; ${IN_FLIGHT} in flight`);
console.log(`${latencies.length} purchases end to end (pick, bought, verified, credited frozen) in ${seconds.toFixed(1)} s: ${(latencies.length / seconds).toFixed(1)} purchases/s; per purchase p50 ${fmt(s.p50)} p99 ${fmt(s.p99)}; credited ${credited}; failed ${failed}`);
for (const e of errors) console.log(`  failure: ${e}`);
const ops = Math.max(1, latencies.length + failed);
console.log(formatHistoryCost('purchase up to credited frozen', cost));
console.log(formatCommands({ worker: { total: () => commands } }, ops, 'purchase'));
console.log(formatCpu(cpuUsed, ops, 'purchase'));
await worker.shutdown();
await sim.close();
await temporal.connection.close();
await db.close().catch(() => undefined);
await workerDb.close().catch(() => undefined);
await services.stop();
process.exit(0);
