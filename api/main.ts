import { resolve } from 'node:path';
import { lazyTemporal, temporalReachable } from '../infra/temporal.js';
import { createLogger } from '../infra/logger.js';
import { requireEnv } from '../infra/env.js';
import { keyRingFrom } from '../infra/secrets/key-ring.js';
import { configSettingsFromEnv } from './client-config.js';
import { createApp } from './app.js';
import { playerTradeFromEnv } from './player-trade/settings.js';
import { createMailer } from '../infra/mail/mailer.js';
import { mailFrom } from '../infra/mail/from.js';
import { siteSettingsFromEnv } from './site.js';
import { withdrawalsFromEnv } from './withdrawals/settings.js';
import { codecTokenFromEnv } from '../infra/temporal/codec-token.js';
import { comfortTimingsFromEnv } from './comfort-trade/settings.js';
import { rotationGraceFromEnv } from './webhooks/service.js';
import { webPushFromEnv } from '../infra/web-push/config.js';
import { configOrExit } from '../infra/config-error.js';
import { refuseProductionSwitches } from '../infra/production-switches.js';
import { startWhenDatabaseAnswers } from '../infra/start-when-database-answers.js';
import { untilAnswers } from '../infra/until-answers.js';
import { listenNotReady } from './not-ready-listener.js';
import type { Connection } from 'mongoose';
import { metricsListenFromEnv } from '../infra/metrics/settings.js';
import { createRegistry } from '../infra/metrics/registry.js';
import { serveMetrics } from '../infra/metrics/server.js';

/** The API process: HTTP + Socket.IO, one of any number of replicas. */
const logger = createLogger('api');
// Test and local switches first: production refuses them whatever else is set (infra/production-switches.ts).
configOrExit(() => refuseProductionSwitches(process.env));
const { site, config, withdrawals, codecToken, from, webPush, metricsAt } = configOrExit(() => ({
  site: siteSettingsFromEnv(process.env),
  config: configSettingsFromEnv(process.env),
  withdrawals: withdrawalsFromEnv(process.env),
  codecToken: codecTokenFromEnv(process.env),
  from: mailFrom(process.env),
  webPush: webPushFromEnv(process.env),
  // METRICS_PORT / METRICS_HOST (infra/metrics/settings.ts): Prometheus's port, never routed by Caddy.
  metricsAt: metricsListenFromEnv(process.env, 'api'),
}));
const metrics = metricsAt ? createRegistry() : undefined;
// The VAPID keys are never logged; only whether push is on.
if (!webPush) logger.warn('no VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): Web Push is off');
const secrets = keyRingFrom(requireEnv('SECRETS_KEY'));
const temporalAddress = requireEnv('TEMPORAL_ADDRESS');
// Not needed to start: until Temporal answers, /ready says so and calls that need it answer "try again".
const temporal = lazyTemporal(temporalAddress, secrets);
let closing = false;
let temporalAnswered = false;
void untilAnswers({ what: `Temporal at ${temporalAddress}`, isOutage: () => true, logger, stopped: () => closing }, async () => {
  if (!(await temporalReachable(temporal.connection))) throw new Error('no answer to a health check');
  temporalAnswered = true;
}).catch(() => undefined);
const startApp = (db: Connection) => createApp({
  db,
  temporal,
  logger,
  webDir: resolve(process.env.WEB_DIR ?? 'dist/web'),
  liveSecret: requireEnv('LIVE_TOKEN_SECRET'),
  config,
  playerTrade: playerTradeFromEnv(process.env),
  codec: codecToken ? {
    keys: secrets, authToken: codecToken, uiOrigin: process.env.CODEC_UI_ORIGIN || undefined,
    namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
  } : undefined,
  publicUrl: site.publicUrl,
  trustProxy: site.trustProxy,
  withdrawals,
  webPush,
  metrics,
  // WEBHOOKS_LOCAL=1 (npm start): endpoints may be plain http; production keeps https only.
  // WEBHOOK_ROTATION_GRACE_HOURS: how long a replaced endpoint secret keeps signing beside the new one (24 by default).
  webhooks: { allowHttp: process.env.WEBHOOKS_LOCAL === '1', rotationGraceMs: rotationGraceFromEnv(process.env.WEBHOOK_ROTATION_GRACE_HOURS) },
  comfortTrade: {
    timings: comfortTimingsFromEnv(process.env),
    secrets: process.env.SECRETS_KEY ? keyRingFrom(process.env.SECRETS_KEY) : null,
  },
  accounts: {
    secret: process.env.SESSION_SECRET || undefined,
    mailer: createMailer(requireEnv('SMTP_URL'), from, logger),
    google: {
      clientId: process.env.GOOGLE_CLIENT_ID || undefined,
      clientSecret: process.env.GOOGLE_CLIENT_SECRET || undefined,
      issuer: process.env.GOOGLE_ISSUER || undefined,
    },
    captchaMaxNumber: Number(process.env.CAPTCHA_MAX_NUMBER) || undefined,
  },
});
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const closeNotReady = await listenNotReady(port, host, () => ({ mongodb: 'down', temporal: temporalAnswered ? 'up' : 'down' }), logger);
const { db, started: app } = await startWhenDatabaseAnswers({ uri: requireEnv('MONGODB_URI'), name: process.env.MONGODB_DB ?? 'coinmarket' }, startApp, logger);
await closeNotReady();
const address = await app.listen(port, host);
const metricsServer = metrics && metricsAt ? await serveMetrics(metrics, metricsAt, logger) : null;
logger.info({ address, metrics: metricsServer?.url }, 'api listening');

const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'api shutting down');
  await app.close();
  await metricsServer?.close();
  await temporal.connection.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
