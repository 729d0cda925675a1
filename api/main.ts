import { resolve } from 'node:path';
import { connectDatabase } from '../infra/db.js';
import { connectTemporal } from '../infra/temporal.js';
import { createLogger } from '../infra/logger.js';
import { requireEnv } from '../infra/env.js';
import { configSettingsFromEnv } from './client-config.js';
import { createApp } from './app.js';
import { playerTradeFromEnv } from './player-trade/settings.js';
import { createMailer } from '../infra/mail/mailer.js';
import { comfortTimingsFromEnv } from './comfort-trade/settings.js';
import { keyRingFrom } from '../infra/secrets/key-ring.js';

/** The API process: HTTP + Socket.IO, one of any number of replicas. */
const logger = createLogger('api');
const db = await connectDatabase(requireEnv('MONGODB_URI'), process.env.MONGODB_DB ?? 'coinmarket');
const temporal = await connectTemporal(requireEnv('TEMPORAL_ADDRESS'));
const app = await createApp({
  db,
  temporal,
  logger,
  webDir: resolve(process.env.WEB_DIR ?? 'dist/web'),
  liveSecret: requireEnv('LIVE_TOKEN_SECRET'),
  config: configSettingsFromEnv(process.env),
  playerTrade: playerTradeFromEnv(process.env),
  comfortTrade: {
    timings: comfortTimingsFromEnv(process.env),
    secrets: process.env.SECRETS_KEY ? keyRingFrom(process.env.SECRETS_KEY) : null,
  },
  accounts: {
    secret: process.env.SESSION_SECRET || undefined,
    mailer: createMailer(requireEnv('SMTP_URL'), process.env.MAIL_FROM ?? 'Coin Market <no-reply@localhost>', logger),
    publicUrl: process.env.PUBLIC_URL || undefined,
    google: {
      clientId: process.env.GOOGLE_CLIENT_ID || undefined,
      clientSecret: process.env.GOOGLE_CLIENT_SECRET || undefined,
      issuer: process.env.GOOGLE_ISSUER || undefined,
    },
  },
});
const address = await app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
logger.info({ address }, 'api listening');

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'api shutting down');
  await app.close();
  await temporal.connection.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
