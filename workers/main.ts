import { createLogger } from '../infra/logger.js';
import { useMigrateAtConnect } from '../infra/migrate.js';
import { temporalAccessFromEnv } from '../infra/temporal/access.js';
import { IllegalStateError } from '@temporalio/common';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { builtWorkflowBundle, createWorker } from './worker.js';
import { runtimeLogger } from './runtime-logger.js';
import { createMarketGateway } from '../infra/market/gateway.js';
import { startMarketSync } from './market-sync.js';
import { keyRingFrom } from '../infra/secrets/key-ring.js';
import { createPayoutGateway } from '../infra/payout/gateway.js';
import { manualMethods, payoutProviderFromEnv } from '../infra/payout/provider-config.js';
import { paypalFromEnv } from '../infra/payout/paypal-config.js';
import { createPaypalGateway } from '../infra/payout/paypal-gateway.js';
import { createTransferGateway } from '../infra/transfer/gateway.js';
import { eventRetentionFromEnv } from '../infra/seller-feed/retention.js';
import { comfortTimingsFromEnv } from '../infra/comfort/trade-settings.js';
import { DEFAULT_DELIVERY_POLICY } from '../domain/webhooks.js';
import { createMailer } from '../infra/mail/mailer.js';
import { mailFrom } from '../infra/mail/from.js';
import { webPushFromEnv } from '../infra/web-push/config.js';
import { startConfig } from '../infra/config/load.js';
import { supportChannelsFromEnv } from '../infra/config/support-channels.js';
import { createPushSender } from '../infra/web-push/sender.js';
import { startWhenDatabaseAnswers } from '../infra/start-when-database-answers.js';
import { untilAnswers } from '../infra/until-answers.js';
import { isTemporalNotReady } from '../infra/temporal/outage.js';
import { isDatabaseUnavailable } from '../infra/db.js';
import type { Connection } from 'mongoose';
import { hostPort, metricsListenFromEnv, metricsUrl } from '../infra/metrics/settings.js';
import { startWorkerMetrics } from './metrics.js';
import { startTracing } from '../infra/tracing/tracing.js';

/** The worker process: runs workflows and activities; one of any number of replicas. */
const logger = createLogger('worker');
// Web Push with the VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); checked here, never logged.
// Every variable the worker reads, checked at once (infra/config/schema.ts): a bad one stops the start (exit 2), each named.
const { config, from, webPush, retention, payoutProvider, paypal, metricsAt, temporalMetricsAt, comfortTimings, temporalAccess, supportChannels } = startConfig('worker', {
  from: mailFrom, webPush: webPushFromEnv,
  // COMFORT_* (as the API reads them): the timings of a recorded run the vault sweep starts.
  comfortTimings: comfortTimingsFromEnv,
  retention: (env) => eventRetentionFromEnv(env, DEFAULT_DELIVERY_POLICY.horizonMs),
  // PAYOUT_PROVIDER_URL / PAYOUT_API_KEY / PAYOUT_PROVIDER_METHODS (infra/payout/provider-config.ts): no stand-in in production.
  payoutProvider: payoutProviderFromEnv,
  // PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET / PAYPAL_ENV / PAYPAL_API_URL (infra/payout/paypal-config.ts): PayPal's own Payouts API.
  paypal: paypalFromEnv,
  // METRICS_PORT / METRICS_HOST (infra/metrics/settings.ts): this process's metrics; TEMPORAL_METRICS_PORT: the Temporal SDK's own.
  metricsAt: (env) => metricsListenFromEnv(env, 'worker'), temporalMetricsAt: (env) => metricsListenFromEnv(env, 'temporal'),
  // TEMPORAL_TLS* / TEMPORAL_API_KEY (infra/temporal/access.ts): a remote or managed Temporal; files read and checked here.
  temporalAccess: temporalAccessFromEnv,
  // SUPPORT_CHANNELS_JSON (as the API reads it): the support contacts a seller's mail names when a run waits for support.
  supportChannels: supportChannelsFromEnv,
});
// Checked above: the schema requires them.
const required = (v: string | undefined): string => v!;
// OTEL_EXPORTER_OTLP_ENDPOINT: workflow and activity spans, in the trace of the request that started the run; off when unset.
const tracing = startTracing({ service: 'coin-market-worker', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
if (tracing) logger.info({ otlp: config.OTEL_EXPORTER_OTLP_ENDPOINT }, 'traces exported over OTLP');
/**
 * Temporal's runtime shuts itself down when it holds no connection or worker (a connection that
 * failed, a worker that stopped), and the next one would be the SDK's default: installed again, with
 * this logger, before each start.
 */
function installRuntime() {
  try {
    Runtime.install({
      logger: runtimeLogger(logger),
      telemetryOptions: {
        logging: { filter: makeTelemetryFilterString({ core: 'WARN' }) },
        // The SDK's own metrics (task and activity schedule-to-start latency, slots, polls), in seconds like ours.
        ...(temporalMetricsAt ? { metrics: { prometheus: { bindAddress: hostPort(temporalMetricsAt), countersTotalSuffix: true, unitSuffix: true, useSecondsForDurations: true } } } : {}),
      },
    });
  } catch (err) {
    if (!(err instanceof IllegalStateError)) throw err; // still the one installed before
  }
}
const taskQueue = config.TEMPORAL_TASK_QUEUE;
const temporalAddress = required(config.TEMPORAL_ADDRESS);
const market = config.PROVIDER_URL ? createMarketGateway({ baseUrl: config.PROVIDER_URL, apiKey: config.PROVIDER_API_KEY }) : undefined;
const secrets = keyRingFrom(required(config.SECRETS_KEY));
// The payout provider (PAYOUT_PROVIDER_URL; outside production else the simulator at PROVIDER_URL) pays the
// methods in PAYOUT_PROVIDER_METHODS (all by default) and calls back to the API at PAYOUT_CALLBACK_URL;
// every other method is a manual payout that waits for support (never a stand-in).
const payouts = payoutProvider
  ? { gateway: createPayoutGateway({ baseUrl: payoutProvider.url, apiKey: payoutProvider.apiKey }), callbackUrl: config.PAYOUT_CALLBACK_URL ?? null, methods: payoutProvider.methods }
  : undefined;
// With PayPal's credentials, the paypal method is paid through PayPal's Payouts API, whatever the provider pays.
const paypalGateway = paypal ? createPaypalGateway(paypal) : undefined;
if (paypal) logger.info({ paypalEnv: paypal.env }, 'paypal payouts through PayPal\'s Payouts API');
const manual = manualMethods(payoutProvider).filter((m) => !(m === 'paypal' && paypal));
if (manual.length) logger.warn({ methods: manual }, 'no payout provider for these methods: their withdrawals wait for support as manual payouts');
// The transfer provider (comfort trade): TRANSFER_PROVIDER_URL, else the same provider as the market.
const transferUrl = config.TRANSFER_PROVIDER_URL ?? config.PROVIDER_URL;
const transfer = transferUrl ? createTransferGateway({ baseUrl: transferUrl, apiKey: config.PROVIDER_API_KEY }) : undefined;
// A prebuilt bundle lets a restarted worker poll at once: WORKFLOW_BUNDLE, else, run from dist/, the one
// `npm run build` wrote beside it (dist/ holds no workflow source to bundle).
const workflowBundle = config.WORKFLOW_BUNDLE ? { codePath: config.WORKFLOW_BUNDLE } : builtWorkflowBundle();
// Seller notifications mail through SMTP_URL with links to PUBLIC_URL; without SMTP_URL they are in-app only.
// NOTIFY_REMINDER_BEFORE_MS / NOTIFY_SWEEP_MS: the reminder lead time and the outbox/reminder sweep period (tests shorten them).
if (!webPush) logger.warn('no VAPID keys: seller notifications are not pushed');
const notifications = {
  ...(webPush ? { push: { sender: createPushSender(webPush) } } : {}),
  ...(config.SMTP_URL ? { mail: { mailer: createMailer(config.SMTP_URL, from, logger), publicUrl: config.PUBLIC_URL ?? 'http://127.0.0.1:3000' } } : {}),
  reminderBeforeMs: config.NOTIFY_REMINDER_BEFORE_MS, sweepMs: config.NOTIFY_SWEEP_MS, supportChannels,
};
if (!config.SMTP_URL) logger.warn('no SMTP_URL: seller notifications are in-app only');
// SUPPORT_NOTIFY_EMAIL (required in production) is mailed once per run that starts waiting for support,
// with its link in the Temporal UI at TEMPORAL_UI_URL (the SSH tunnel's address by default).
const supportNotices = {
  to: config.SUPPORT_NOTIFY_EMAIL ?? 'support@coinmarket.example',
  temporalUiUrl: config.TEMPORAL_UI_URL ?? 'http://localhost:8080',
};
const startWorker = (db: Connection) => createWorker({
  temporalAccess,
  notifications, counters: metrics?.counters, supportNotices, comfortTimings, tracing,
  // The API starts runs in TEMPORAL_NAMESPACE: the worker polls the same one.
  namespace: config.TEMPORAL_NAMESPACE,
  temporalAddress, taskQueue, db, logger, market, payouts, paypal: paypalGateway, secrets, transfer, workflowBundle,
  // EVENT_LOOP_LOG_MS: how often the worker logs its event loop's delay (a minute by default).
  eventLoopLogMs: config.EVENT_LOOP_LOG_MS,
  // TEMPORAL_STICKY_TIMEOUT_MS: Temporal's 10 s unless set (tests that kill workers shorten it).
  stickyTimeoutMs: config.TEMPORAL_STICKY_TIMEOUT_MS,
  // WEBHOOKS_LOCAL=1 (npm start): deliveries may go to localhost and private networks; never in production.
  // WEBHOOK_RETRY_INITIAL_MS / WEBHOOK_RETRY_MAX_MS: shorter retries for benchmarks (npm run chaos); production keeps the defaults.
  webhooks: {
    allowPrivateNetworks: config.WEBHOOKS_LOCAL,
    activitySlots: config.WEBHOOK_ACTIVITY_SLOTS,
    policy: {
      ...DEFAULT_DELIVERY_POLICY,
      ...(config.WEBHOOK_RETRY_INITIAL_MS ? { initialMs: config.WEBHOOK_RETRY_INITIAL_MS } : {}),
      ...(config.WEBHOOK_RETRY_MAX_MS ? { maxMs: config.WEBHOOK_RETRY_MAX_MS } : {}),
    },
  },
  retention,
});
useMigrateAtConnect();
const { db } = await startWhenDatabaseAnswers({ uri: required(config.MONGODB_URI), name: config.MONGODB_DB }, async () => undefined, logger);
// Temporal's runtime ends a running worker on SIGINT/SIGTERM (graceful: activities get the grace time);
// while none runs (the start waits for Temporal) the process ends here.
let stopping = false;
let running = false;
// GET /health on the metrics port (compose's healthcheck): 200 while the Temporal workers run.
const metrics = metricsAt ? await startWorkerMetrics(db.db!, metricsAt, logger, {}, () => running) : null;
if (metrics) logger.info({ metrics: metrics.url, health: metrics.url.replace(/\/metrics$/, '/health'), temporalMetrics: temporalMetricsAt && metricsUrl(temporalMetricsAt) }, 'worker metrics listening');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (!running) void db.close().finally(() => process.exit(0));
  });
}

/**
 * Started when Temporal (and the database) answer; started again when it stops because Temporal went
 * away (a killed or restarted server ends the worker's polls with a transport error), so a lost
 * connection is a pause, never an exit that a supervisor counts as a crash.
 */
let marketSyncStarted = false;
while (!stopping) {
  const w = await untilAnswers({
    what: `Temporal at ${temporalAddress}`, logger, stopped: () => stopping,
    isOutage: (err) => isTemporalNotReady(err) || isDatabaseUnavailable(err),
  }, () => { installRuntime(); return startWorker(db); });
  running = true;
  logger.info({ taskQueue, prebuiltBundle: Boolean(workflowBundle) }, 'worker running');
  if (market && config.MARKET_SYNC && !marketSyncStarted) {
    await startMarketSync(temporalAddress, secrets, taskQueue, config.MARKET_SYNC_MS, config.TEMPORAL_NAMESPACE)
      .then(() => { marketSyncStarted = true; }, (err: unknown) => logger.warn({ err }, 'market sync not started'));
  }
  try {
    await w.run;
    break; // shut down by a signal
  } catch (err) {
    running = false;
    if (stopping || !(isTemporalNotReady(err) || isDatabaseUnavailable(err))) throw err;
    logger.warn({ reason: (err as Error).message.split('\n')[0] }, 'the worker stopped: Temporal does not answer; starting it again when it does');
  }
}
await metrics?.close();
await tracing?.shutdown();
await db.close();
logger.info('worker stopped');
