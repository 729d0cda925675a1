import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { createApp, type App, type AppDeps } from '../../api/app.js';
import { configSettingsFromEnv, type ConfigSettings } from '../../api/client-config.js';
import { connectTemporal } from '../../infra/temporal.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import type { TailStrategy } from '../../infra/live/tail.js';
import { publishEvent } from '../../infra/live/publish.js';
import type { LiveEventInput, LiveEventMap, LiveEventType } from '../../domain/live-events.js';
import { mintLiveToken } from '../../infra/live/token.js';
import { connectDatabase } from '../../infra/db.js';
import { testLogger } from './servers.js';
import { processDrivers } from './settled.js';
import type { Logger } from '../../infra/logger.js';
import { createMailer } from '../../infra/mail/mailer.js';
import type { AccountsOptions } from '../../api/auth/accounts.js';
import type { PlayerTradeOptions } from '../../api/player-trade/settings.js';
import { testKeyRing } from './secrets.js';
import type { WithdrawalOptions } from '../../api/withdrawals/settings.js';
import type { ComfortTradeOptions } from '../../infra/comfort/trade-settings.js';
import type { LiveServer } from '../../api/socket.js';

/** Optional overrides for one test app (accounts: limits, Google issuer, public URL...). */
const UNLIMITED = { max: 1_000_000, windowSeconds: 60 };
const TEST_IP_LIMITS = {
  signInPerIp: UNLIMITED, codeRequestPerIp: UNLIMITED, resetRequestPerIp: UNLIMITED,
  signUpPerIp: UNLIMITED, captchaPerIp: UNLIMITED, usernameCheckPerIp: UNLIMITED,
};

export interface TestAppOptions {
  /** Overrides of the client configuration (e.g. `currencyRates`). */
  config?: Partial<ConfigSettings>;
  accounts?: Partial<AccountsOptions>;
  playerTrade?: Partial<PlayerTradeOptions>;
  withdrawals?: Partial<WithdrawalOptions>;
  comfortTrade?: Partial<ComfortTradeOptions>;
  liveTail?: TailStrategy;
  /** Mounts the Temporal codec endpoint with the test key ring. */
  codec?: { authToken: string; uiOrigin?: string };
  /** Where the app logs (default: the silent test logger). */
  logger?: Logger;
  publicUrl?: string;
  trustProxy?: string[];
  /** The coarse per-IP /api limit; lifted unless a test sets it (every test request is from 127.0.0.1). */
  apiRateLimit?: { max: number; windowMs: number };
  liveRecheckMs?: number;
  /** The app's Temporal connection is closed once it runs: every workflow call fails as in an outage. */
  temporalDown?: boolean;
  /** Temporal as this app reaches it (e.g. through a proxy that can stop answering) and its call deadlines. */
  temporal?: { address?: string; callMs?: number; updateMs?: number };
  /** Webhook delivery policy and task queue (http endpoints are allowed in tests). */
  webhooks?: AppDeps['webhooks'];
  keyRecheckMs?: number;
  /** API v1 (per-key rate limit). */
  apiV1?: { rateLimit?: { max: number; windowSeconds: number } };
  /** The database as this app reaches it (e.g. through a proxy that can stop answering) and its call deadline. */
  database?: { uri?: string; timeoutMS?: number; heartbeatMs?: number; /** The driver reports each command (count them on `db.getClient()`'s `commandStarted`). */ monitorCommands?: boolean };
  /** Web Push (VAPID keys and the local push service's origin); off unless given. */
  webPush?: AppDeps['webPush'];
  /** A metrics registry for the app's HTTP, socket and live-lag metrics (the test serves it); none unless given. */
  metrics?: AppDeps['metrics'];
  /** A span per request (the test registers the tracing: tests/integration/traces.test.ts). */
  tracing?: boolean;
}

export interface TestApp {
  url: string;
  dbName: string;
  db: Awaited<ReturnType<typeof connectDatabase>>;
  /** The app's Socket.IO server (e.g. to drop its connections, as a network blip does). */
  io: LiveServer;
  /** The app's Fastify instance (its route table, `inject`). */
  http: App['http'];
  /** A live token for `sellerId` standing on a fresh session of its own (written straight to the sessions collection). */
  mintLiveToken(sellerId: string): Promise<string>;
  /** Publishes an event of a known type; tests may send a partial payload to see how clients cope. */
  publish<T extends LiveEventType>(sellerId: string, type: T, data?: Partial<LiveEventMap[T]>, subject?: string): Promise<void>;
  /** The processes' drivers on this app's Temporal client and database: `settled(id)` is a process's authoritative end. */
  settled: ReturnType<typeof processDrivers>;
  close(): Promise<void>;
}

/**
 * Boots the real API on port 0 against the run's MongoDB and Temporal, serving the built web app.
 * Pass `shared` to start a second replica on the same database and secret.
 */
export async function startTestApp(shared?: { dbName: string; liveSecret: string }, options: TestAppOptions = {}): Promise<TestApp & { liveSecret: string }> {
  const dbName = shared?.dbName ?? `app_${randomBytes(5).toString('hex')}`;
  const db = await connectDatabase(options.database?.uri ?? inject('mongoUri'), dbName, {
    timeoutMS: options.database?.timeoutMS, heartbeatMs: options.database?.heartbeatMs, monitorCommands: options.database?.monitorCommands,
  });
  const temporal = await connectTemporal(options.temporal?.address ?? inject('temporalAddress'), testKeyRing(), undefined, {
    callMs: options.temporal?.callMs, updateMs: options.temporal?.updateMs,
  });
  const liveSecret = shared?.liveSecret ?? randomBytes(32).toString('hex');
  const app = await createApp({
    db, temporal, logger: options.logger ?? testLogger(), webDir: resolve('dist/web'), liveSecret,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
    apiRateLimit: options.apiRateLimit ?? { max: 1_000_000, windowMs: 60_000 },
    liveRecheckMs: options.liveRecheckMs,
    config: { ...configSettingsFromEnv({}), ...options.config },
    playerTrade: options.playerTrade,
    withdrawals: options.withdrawals,
    comfortTrade: { secrets: testKeyRing(), ...options.comfortTrade },
    liveTail: options.liveTail,
    webhooks: { allowHttp: true, ...options.webhooks },
    keyRecheckMs: options.keyRecheckMs,
    apiV1: options.apiV1,
    webPush: options.webPush,
    metrics: options.metrics,
    tracing: options.tracing,
    codec: options.codec && { ...options.codec, keys: testKeyRing(), namespace: 'default' },
    // Real SMTP to the run's mail catcher; tests read what it received (tests/support/mail.ts).
    accounts: {
      mailer: createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger()),
      ...options.accounts,
      // Every test request comes from 127.0.0.1, so per-IP limits are lifted unless a test sets them;
      // per-address limits keep their production values.
      limits: { ...TEST_IP_LIMITS, ...options.accounts?.limits },
    },
  });
  const url = await app.listen(0);
  if (options.temporalDown) await temporal.connection.close();
  const events = await eventsCollection(db);
  return {
    url,
    dbName,
    db,
    io: app.io,
    http: app.http,
    liveSecret,
    settled: processDrivers(temporal.client, db.db!),
    mintLiveToken: async (sellerId) => {
      const sessionId = randomBytes(16).toString('hex');
      const now = Date.now();
      await db.collection('sessions').insertOne({
        _id: sessionId as never, sellerId, email: `${sellerId}@example.com`, csrfHash: 'x', remember: false,
        createdAt: new Date(now), expiresAt: new Date(now + 3600_000), absoluteExpiresAt: new Date(now + 3600_000), userAgent: 'test',
      });
      return mintLiveToken(liveSecret, { sellerId, sessionId });
    },
    publish: async (sellerId, type, data = {}, subject = `test:${type}`) => {
      await publishEvent(events, { sellerId, type, subject, data } as LiveEventInput);
    },
    close: async () => {
      await app.close();
      if (!options.temporalDown) await temporal.connection.close();
      if (!shared) await db.dropDatabase().catch(() => undefined);
      await db.close();
    },
  };
}
