import { resolve } from 'node:path';
import { lazyTemporal, temporalReachable } from '../infra/temporal.js';
import { temporalAccessFromEnv } from '../infra/temporal/access.js';
import { createLogger } from '../infra/logger.js';
import { keyRingFrom } from '../infra/secrets/key-ring.js';
import { configSettingsFromEnv } from './client-config.js';
import { createApp } from './app.js';
import { playerTradeFromEnv } from './player-trade/settings.js';
import { createMailer } from '../infra/mail/mailer.js';
import { mailFrom } from '../infra/mail/from.js';
import { siteSettingsFromEnv } from './site.js';
import { withdrawalsFromEnv } from './withdrawals/settings.js';
import { codecTokenFromEnv } from '../infra/temporal/codec-token.js';
import { comfortTimingsFromEnv } from '../infra/comfort/trade-settings.js';
import { rotationGraceFromEnv } from './webhooks/service.js';
import { webPushFromEnv } from '../infra/web-push/config.js';
import { startConfig } from '../infra/config/load.js';
import { startWhenDatabaseAnswers } from '../infra/start-when-database-answers.js';
import { useMigrateAtConnect } from '../infra/migrate.js';
import { untilAnswers } from '../infra/until-answers.js';
import { listenNotReady } from './not-ready-listener.js';
import type { Connection } from 'mongoose';
import { metricsListenFromEnv } from '../infra/metrics/settings.js';
import { createRegistry } from '../infra/metrics/registry.js';
import { serveMetrics } from '../infra/metrics/server.js';
import { startTracing } from '../infra/tracing/tracing.js';

/** The API process: HTTP + Socket.IO, one of any number of replicas. */
const logger = createLogger('api');
// Every variable the API reads, checked at once (infra/config/schema.ts): a bad one stops the start (exit 2), each named.
const { config: settings, site, clientConfig, withdrawals, codecToken, from, webPush, playerTrade, comfortTimings, rotationGrace, metricsAt, temporalAccess } = startConfig('api', {
  site: siteSettingsFromEnv,
  clientConfig: configSettingsFromEnv,
  withdrawals: withdrawalsFromEnv,
  codecToken: codecTokenFromEnv,
  from: mailFrom,
  webPush: webPushFromEnv,
  playerTrade: playerTradeFromEnv,
  comfortTimings: comfortTimingsFromEnv,
  rotationGrace: (env) => rotationGraceFromEnv(env.WEBHOOK_ROTATION_GRACE_HOURS),
  // METRICS_PORT / METRICS_HOST (infra/metrics/settings.ts): Prometheus's port, never routed by Caddy.
  metricsAt: (env) => metricsListenFromEnv(env, 'api'),
  // TEMPORAL_TLS* / TEMPORAL_API_KEY (infra/temporal/access.ts): a remote or managed Temporal; files read and checked here.
  temporalAccess: temporalAccessFromEnv,
});
const metrics = metricsAt ? createRegistry() : undefined;
// OTEL_EXPORTER_OTLP_ENDPOINT: a span per request, parent of the workflow it starts; off when unset.
const tracing = startTracing({ service: 'coin-market-api', endpoint: settings.OTEL_EXPORTER_OTLP_ENDPOINT });
if (tracing) logger.info({ otlp: settings.OTEL_EXPORTER_OTLP_ENDPOINT }, 'traces exported over OTLP');
// Checked above: the schema requires them.
const required = (v: string | undefined): string => v!;
// The VAPID keys are never logged; only whether push is on.
if (!webPush) logger.warn('no VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): Web Push is off');
const secrets = keyRingFrom(required(settings.SECRETS_KEY));
const temporalAddress = required(settings.TEMPORAL_ADDRESS);
// Not needed to start: until Temporal answers, /ready says so and calls that need it answer "try again".
const temporal = lazyTemporal(temporalAddress, secrets, settings.TEMPORAL_NAMESPACE, { access: temporalAccess });
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
  webDir: resolve(settings.WEB_DIR),
  liveSecret: required(settings.LIVE_TOKEN_SECRET),
  config: clientConfig,
  playerTrade,
  codec: codecToken ? {
    keys: secrets, authToken: codecToken, uiOrigin: settings.CODEC_UI_ORIGIN,
    namespace: settings.TEMPORAL_NAMESPACE,
  } : undefined,
  publicUrl: site.publicUrl,
  trustProxy: site.trustProxy,
  withdrawals,
  webPush,
  metrics,
  tracing: tracing !== null,
  // WEBHOOKS_LOCAL=1 (npm start): endpoints may be plain http; production keeps https only.
  // WEBHOOK_ROTATION_GRACE_HOURS: how long a replaced endpoint secret keeps signing beside the new one (24 by default).
  webhooks: { allowHttp: settings.WEBHOOKS_LOCAL, rotationGraceMs: rotationGrace },
  comfortTrade: {
    timings: comfortTimings,
    secrets,
  },
  accounts: {
    secret: settings.SESSION_SECRET,
    mailer: createMailer(required(settings.SMTP_URL), from, logger),
    google: {
      clientId: settings.GOOGLE_CLIENT_ID,
      clientSecret: settings.GOOGLE_CLIENT_SECRET,
      issuer: settings.GOOGLE_ISSUER,
    },
    captchaMaxNumber: settings.CAPTCHA_MAX_NUMBER,
  },
});
const port = settings.PORT ?? 3000;
const host = settings.HOST;
const closeNotReady = await listenNotReady(port, host, () => ({ mongodb: 'down', temporal: temporalAnswered ? 'up' : 'down' }), logger);
useMigrateAtConnect();
const { db, started: app } = await startWhenDatabaseAnswers({ uri: required(settings.MONGODB_URI), name: settings.MONGODB_DB }, startApp, logger);
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
  await tracing?.shutdown();
  await temporal.connection.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
