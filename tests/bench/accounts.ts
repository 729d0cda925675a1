/**
 * `npx tsx tests/bench/accounts.ts`: seller-account figures on this machine, against real servers
 * (dev-services: MongoDB or FerretDB, Temporal) and the real API over HTTP.
 *  1. password sign-in with the real argon2id hash, 20 concurrent clients: p50/p99 and req/s;
 *  2. authenticated GET /api/member/settings, 100 concurrent clients: p50/p99 (target p99 < 50 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { connectDatabase } from '../../infra/db.js';
import { startDevServices } from '../../infra/dev-services/index.js';
import { createLogger } from '../../infra/logger.js';
import { startMailCatcher } from '../../infra/mail/catcher.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { connectTemporal } from '../../infra/temporal.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { fmt, runLoad } from './stats.js';
import { testKeyRing } from '../support/secrets.js';

const SIGNIN_CLIENTS = 20;
const SIGNIN_REQUESTS = Number(process.env.SIGNIN_REQUESTS ?? 600);
const SETTINGS_CLIENTS = 100;
const SETTINGS_REQUESTS = Number(process.env.SETTINGS_REQUESTS ?? 5000);
const statuses: Record<number, number> = {};
const UNLIMITED = { max: 10_000_000, windowSeconds: 60 };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-accounts-'));
const services = await startDevServices({ dataDir, log: () => undefined });
const mail = await startMailCatcher();
const logger = createLogger('bench', 'silent');
const db = await connectDatabase(services.mongo.uri, 'bench_accounts');
await db.dropDatabase();
const temporal = await connectTemporal(services.temporal.address, testKeyRing());
const app = await createApp({
  db, temporal, logger, webDir: resolve('dist/web'), liveSecret: 'bench-live-secret', config: configSettingsFromEnv({}),
  // One client address sends every request: the coarse per-IP limit is lifted.
  apiRateLimit: { max: 1_000_000_000, windowMs: 60_000 },
  accounts: {
    mailer: createMailer(mail.smtpUrl, 'bench@localhost', logger),
    // One client address sends everything here, and each seller signs in many times.
    limits: { signInPerIp: UNLIMITED, signUpPerIp: UNLIMITED, captchaPerIp: UNLIMITED, signInPerEmail: UNLIMITED, signInPerEmailClient: UNLIMITED },
  },
});
const url = await app.listen(0);
try {
  console.log(`accounts bench on ${services.mongo.choice.chosen}; ${(await import('node:os')).cpus().length} cores`);
  const sellers: SignedInSeller[] = [];
  for (let i = 0; i < SIGNIN_CLIENTS; i++) sellers.push(await createSignedInSeller({ url }));

  // Warm up (JIT, connection pool, the decoy hash).
  await runLoad(SIGNIN_CLIENTS, 40, async (i) => {
    const s = sellers[i % sellers.length];
    await fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email, password: s.password }) });
  });
  let failures = 0;
  const a = await runLoad(SIGNIN_CLIENTS, SIGNIN_REQUESTS, async (i) => {
    const s = sellers[i % sellers.length];
    const res = await fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email, password: s.password }) });
    await res.arrayBuffer();
    if (res.status !== 200) { failures++; statuses[res.status] = (statuses[res.status] ?? 0) + 1; }
  });
  console.log(`password sign-in (argon2id m=19MiB t=2), ${SIGNIN_CLIENTS} clients, ${a.n} requests: p50 ${fmt(a.p50)}  p99 ${fmt(a.p99)}  max ${fmt(a.max)}  ${a.rps.toFixed(0)} req/s  (failures ${failures} ${JSON.stringify(statuses)})`);

  const members: SignedInSeller[] = [];
  for (let i = 0; i < SETTINGS_CLIENTS; i++) members.push(sellers[i % sellers.length]);
  await runLoad(SETTINGS_CLIENTS, 500, async (i) => { await (await members[i % members.length].fetch('/api/member/settings')).arrayBuffer(); });
  failures = 0;
  const b = await runLoad(SETTINGS_CLIENTS, SETTINGS_REQUESTS, async (i) => {
    const res = await members[i % members.length].fetch('/api/member/settings');
    await res.arrayBuffer();
    if (res.status !== 200) { failures++; statuses[res.status] = (statuses[res.status] ?? 0) + 1; }
  });
  console.log(`GET /api/member/settings (session cookie), ${SETTINGS_CLIENTS} clients, ${b.n} requests: p50 ${fmt(b.p50)}  p99 ${fmt(b.p99)}  max ${fmt(b.max)}  ${b.rps.toFixed(0)} req/s  (failures ${failures} ${JSON.stringify(statuses)})  target p99 < 50 ms: ${b.p99 < 50 ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
  await temporal.connection.close();
  await db.dropDatabase().catch(() => undefined);
  await db.close();
  await mail.close();
  await services.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
