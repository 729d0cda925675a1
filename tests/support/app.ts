import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../api/app.js';
import { configSettingsFromEnv } from '../../api/client-config.js';
import { connectTemporal } from '../../infra/temporal.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import type { TailStrategy } from '../../infra/live/tail.js';
import { publishEvent } from '../../infra/live/publish.js';
import { mintLiveToken } from '../../infra/live/token.js';
import { connectDatabase } from '../../infra/db.js';
import { testLogger } from './servers.js';
import { createMailer } from '../../infra/mail/mailer.js';
import type { AccountsOptions } from '../../api/auth/accounts.js';
import type { PlayerTradeOptions } from '../../api/routes/player-trade.js';
import type { ComfortTradeOptions } from '../../api/comfort-trade/settings.js';
import { testKeyRing } from './secrets.js';

/** Optional overrides for one test app (accounts: limits, Google issuer, public URL...). */
const UNLIMITED = { max: 1_000_000, windowSeconds: 60 };
const TEST_IP_LIMITS = {
  signInPerIp: UNLIMITED, codeRequestPerIp: UNLIMITED, resetRequestPerIp: UNLIMITED,
  signUpPerIp: UNLIMITED, captchaPerIp: UNLIMITED, usernameCheckPerIp: UNLIMITED,
};

export interface TestAppOptions {
  accounts?: Partial<AccountsOptions>;
  playerTrade?: Partial<PlayerTradeOptions>;
  comfortTrade?: Partial<ComfortTradeOptions>;
  liveTail?: TailStrategy;
}

export interface TestApp {
  url: string;
  dbName: string;
  db: Awaited<ReturnType<typeof connectDatabase>>;
  mintLiveToken(sellerId: string): string;
  publish(sellerId: string, type: string, data?: Record<string, unknown>, subject?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real API on port 0 against the run's MongoDB and Temporal, serving the built web app.
 * Pass `shared` to start a second replica on the same database and secret.
 */
export async function startTestApp(shared?: { dbName: string; liveSecret: string }, options: TestAppOptions = {}): Promise<TestApp & { liveSecret: string }> {
  const dbName = shared?.dbName ?? `app_${randomBytes(5).toString('hex')}`;
  const db = await connectDatabase(inject('mongoUri'), dbName);
  const temporal = await connectTemporal(inject('temporalAddress'));
  const liveSecret = shared?.liveSecret ?? randomBytes(32).toString('hex');
  const app = await createApp({
    db, temporal, logger: testLogger(), webDir: resolve('dist/web'), liveSecret,
    config: configSettingsFromEnv({}),
    playerTrade: options.playerTrade,
    comfortTrade: { secrets: testKeyRing(), ...options.comfortTrade },
    liveTail: options.liveTail,
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
  const events = await eventsCollection(db);
  return {
    url,
    dbName,
    db,
    liveSecret,
    mintLiveToken: (sellerId) => mintLiveToken(liveSecret, sellerId),
    publish: async (sellerId, type, data = {}, subject = `test:${type}`) => {
      await publishEvent(events, { sellerId, type, subject, data });
    },
    close: async () => {
      await app.close();
      await temporal.connection.close();
      if (!shared) await db.dropDatabase().catch(() => undefined);
      await db.close();
    },
  };
}
