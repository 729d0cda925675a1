/**
 * `npx tsx tests/bench/player-list.ts`: the authenticated player list with a price filter over
 * 5,000 cards at 100 concurrent clients (req/s, p50/p99; target p99 < 50 ms), beside the bare
 * /health route of the same server in the same run (the ratio shows what the list itself costs).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { createLogger } from '../../infra/logger.js';
import { cardsCollection, syncCards } from '../../infra/market/cards.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { createSignedInSeller } from '../support/sellers.js';
import { fmt, runLoad } from './stats.js';
import { testKeyRing } from '../support/secrets.js';

const CARDS = 5000;
const CLIENTS = 100;
const REQUESTS = Number(process.env.LIST_REQUESTS ?? 5000);
const UNLIMITED = { max: 10_000_000, windowSeconds: 60 };

const services = await startDevServices({ dataDir: mkdtempSync(join(tmpdir(), 'bench-player-list-')), log: () => undefined });
const logger = createLogger('bench', 'silent');
const db = await connectDatabase(services.mongo.uri, 'bench_player_list');
await db.dropDatabase();
const temporal = await connectTemporal(services.temporal.address, testKeyRing());
const sim = await createSimulator({ size: CARDS, seed: 1, tickMs: 0 });
const simUrl = await sim.listen(0);
await syncCards(await cardsCollection(db.db!), await createMarketGateway({ baseUrl: simUrl }).listCards());
const app = await createApp({
  db, temporal, logger, webDir: resolve('dist/web'), liveSecret: 'bench', config: configSettingsFromEnv({}),
  // One client address sends every request: the coarse per-IP limit is lifted.
  apiRateLimit: { max: 1_000_000_000, windowMs: 60_000 },
  accounts: { limits: { signInPerIp: UNLIMITED, signUpPerIp: UNLIMITED, captchaPerIp: UNLIMITED } },
});
const url = await app.listen(0);
try {
  const seller = await createSignedInSeller({ url });
  const headers = { cookie: seller.cookie };
  let bad = 0;
  const ranges = Array.from({ length: 64 }, (_, i) => {
    const min = 5_000 + i * 15_000;
    return `/api/player-trade/cards?minPrice=${min}&maxPrice=${min * 3}&size=20`;
  });
  const list = (i: number) => fetch(url + ranges[i % ranges.length], { headers }).then(async (r) => { await r.arrayBuffer(); if (r.status !== 200) bad++; });
  const hello = () => fetch(`${url}/health`).then(async (r) => { await r.arrayBuffer(); if (r.status !== 200) bad++; });
  await runLoad(CLIENTS, 500, list); // warm up
  await runLoad(CLIENTS, 500, hello);
  const h = await runLoad(CLIENTS, REQUESTS, hello);
  const l = await runLoad(CLIENTS, REQUESTS, list);
  console.log(`player list bench on ${services.mongo.choice.chosen}; ${cpus().length} cores; ${CARDS} cards; ${CLIENTS} clients; ${REQUESTS} requests each`);
  console.log(`hello (/health):            ${h.rps.toFixed(0)} req/s  p50 ${fmt(h.p50)}  p99 ${fmt(h.p99)}`);
  console.log(`player list (auth+filter):  ${l.rps.toFixed(0)} req/s  p50 ${fmt(l.p50)}  p99 ${fmt(l.p99)}  (target p99 < 50 ms: ${l.p99 < 50 ? 'met' : 'NOT met'})`);
  console.log(`ratio list/hello: ${(h.rps / l.rps).toFixed(2)}x slower in throughput, p99 ${(l.p99 / h.p99).toFixed(2)}x; non-200 answers: ${bad}`);
} finally {
  await app.close();
  await sim.close();
  await temporal.connection.close();
  await db.close().catch(() => undefined);
  await services.stop();
  process.exit(0);
}
