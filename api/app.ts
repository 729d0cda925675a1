import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import type { Connection as MongooseConnection } from 'mongoose';
import type { Client, Connection as TemporalConnection } from '@temporalio/client';
import { databaseReachable } from '../infra/db.js';
import { temporalReachable } from '../infra/temporal.js';
import { eventsCollection } from '../infra/live/events-collection.js';
import { verifyLiveToken } from '../infra/live/token.js';
import { publishEvent } from '../infra/live/publish.js';
import { batchedLookup } from '../infra/batched-lookup.js';
import { SESSION_ENDED_EVENT } from '../domain/live-events.js';
import type { Logger } from '../infra/logger.js';
import type { ConfigSettings } from './client-config.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerConfigRoutes } from './routes/config.js';
import { registerStaticWeb } from './static-web.js';
import { registerErrorHandler } from './errors.js';
import { createLiveServer, type LiveServer } from './socket.js';
import type { TailStrategy } from '../infra/live/tail.js';
import { createAccounts, type AccountsOptions } from './auth/accounts.js';
import { sellerAuth } from './auth/seller-auth.js';
import { ipRateLimit } from './auth/ip-rate-limit.js';
import { accountRoutes } from './routes/accounts.js';
import { emailProofRoutes } from './routes/email-proof.js';
import { memberRoutes } from './routes/member.js';
import { memberOverviewRoutes } from './routes/member-overview.js';
import { memberLedgerRoutes } from './routes/member-ledger.js';
import { settingsRoutes } from './routes/member-settings.js';
import { playerTradeRoutes, type PlayerTradeOptions } from './routes/player-trade.js';
import { playerTradeOptions } from './player-trade/settings.js';
import { createPlayerTradeService } from './player-trade/service.js';
import { MARKET_CHANGED } from '../domain/player-trade.js';
import { withdrawalRoutes } from './routes/withdrawals.js';
import { payoneerRoutes } from './routes/payoneer.js';
import { withdrawalOptions, type WithdrawalOptions } from './withdrawals/settings.js';
import { createWithdrawalService } from './withdrawals/service.js';
import { comfortTradeRoutes } from './routes/comfort-trade.js';
import { recordTimelineRoutes } from './routes/record-timeline.js';
import { comfortTradeOptions, type ComfortTradeOptions } from '../infra/comfort/trade-settings.js';
import { createComfortService } from './comfort-trade/service.js';
import { comfortRecord } from './comfort-trade/record.js';
import { Settlement } from '../infra/wallet/settlement.js';
import { LEDGER_COLLECTION, type LedgerEntry } from '../infra/wallet/wallet.js';
import { createNotificationService } from './notifications/service.js';
import { createPushService } from './notifications/push.js';
import { NotificationInbox } from '../infra/notifications/inbox.js';
import { NotificationPreferencesStore } from '../infra/notifications/preferences.js';
import { PushSubscriptions } from '../infra/web-push/subscriptions.js';
import { droppingMailer } from '../infra/mail/mailer.js';
import { createHmac } from 'node:crypto';
import { registerCodecEndpoint, type CodecEndpointOptions } from '../infra/temporal/codec-endpoint.js';
import { isHttpsSite, originAllowed } from './site.js';
import { crossSiteGuard } from './auth/cross-site-guard.js';
import { decodedPath } from '../infra/route-path.js';
import { createStatusSockets } from './status-sockets.js';
import { webhookRoutes, tellSecretIssued } from './routes/webhooks.js';
import { notificationRoutes } from './routes/notifications.js';
import { createWebhookService, unavailableWebhookService } from './webhooks/service.js';
import { requireSeller, sellerOf } from './auth/require-seller.js';
import { SellerFeed } from '../infra/seller-feed/feed.js';
import { SecretVault } from '../infra/secrets/vault.js';
import { WebhookEndpoints } from '../infra/webhooks/endpoints.js';
import { WebhookDeliveries } from '../infra/webhooks/deliveries.js';
import { DEFAULT_DELIVERY_POLICY, webhookTaskQueue, type DeliveryPolicy } from '../domain/webhooks.js';
import { Slots } from '../infra/slots.js';
import { DEFAULT_TASK_QUEUE } from '../infra/temporal.js';
import type { LiveEvent } from '../domain/live-events.js';
import { ApiKeys } from '../infra/api-keys/keys.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { reauthRoutes } from './routes/reauth.js';
import { requireFreshAuth } from './auth/reauth.js';
import { createAccountNotices } from '../infra/notifications/account-notices.js';
import type { WebPushSettings } from '../infra/web-push/config.js';
import { createPushSender } from '../infra/web-push/sender.js';
import { revokeApiAccess } from './auth/revoke-api-access.js';
import { apiV1 } from './v1/plugin.js';
import { V1_PREFIX } from './v1/openapi.js';
import type { Limit } from '../infra/accounts/limits.js';
import type { Registry } from 'prom-client';
import { registerRequestSpans } from './request-spans.js';
import { liveLagHistogram, newRequestId, registerAccessLog, registerHttpMetrics, registerReadyGauge, registerSocketMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Large sellers' API keys (issue, rotate, revoke, authenticate), shared by the REST API, sockets and the support tool. */
    apiKeys: ApiKeys;
  }
}

export interface AppDeps {
  db: MongooseConnection;
  temporal: { client: Client; connection: TemporalConnection };
  logger: Logger;
  /** The built web app (esbuild output). */
  webDir: string;
  /** Shared by every API replica: signs live-status tokens. */
  liveSecret: string;
  config: ConfigSettings;
  /** How this replica follows the live log; chosen per server when unset (tests force each). */
  liveTail?: TailStrategy;
  /** Seller accounts (mailer, Google, limits); without it mail is dropped and the secret derives from liveSecret. */
  accounts?: Partial<AccountsOptions>;
  /** Player trade (task queue, prices, timings, market page); the specification's defaults otherwise. */
  playerTrade?: Partial<PlayerTradeOptions>;
  /** Temporal's remote codec under /codec for the Temporal UI and CLI; not mounted without a token. */
  codec?: CodecEndpointOptions;
  /** The public origin (PUBLIC_URL); unset only in development and tests, where it is the address the API listens on. */
  publicUrl?: string;
  /** Reverse proxies (addresses/CIDRs) whose X-Forwarded-For is believed; none by default. */
  trustProxy?: string[];
  /** How often sockets' sessions are re-read (tests shorten it); SESSION_RECHECK_MS otherwise. */
  liveRecheckMs?: number;
  /** The coarse per-IP limit in front of every /api route, per replica; production default otherwise. */
  apiRateLimit?: { max: number; windowMs: number };
  /** Withdrawals (task queue, fees, timings, payout provider, callback secret); defaults otherwise. */
  withdrawals?: Partial<WithdrawalOptions>;
  /** Comfort trade (prices, run timings, the secrets key ring); the specification's defaults otherwise. */
  comfortTrade?: Partial<ComfortTradeOptions>;
  /** How often status sockets' keys are re-read (the revocation notice is the fast path). */
  keyRecheckMs?: number;
  /** Webhooks: the workers' task queue (deliveries go to its webhook queue, `webhookTaskQueue`) and retry policy; plain-http endpoints only where allowed (development, tests). */
  webhooks?: { taskQueue?: string; policy?: DeliveryPolicy; allowHttp?: boolean; rotationGraceMs?: number };
  /** API v1 for large sellers: the per-key limit (shared by replicas); 120 a minute otherwise. */
  apiV1?: { rateLimit?: Limit };
  /** Web Push (VAPID keys, push-service hosts); without it push is off and the settings page says so. */
  webPush?: WebPushSettings | null;
  /** The process's metrics registry (served on its own port by main.ts); no metrics without. */
  metrics?: Registry;
  /** One span per request, parent of what it starts in Temporal (api/request-spans.ts): on when the process traces (infra/tracing). */
  tracing?: boolean;
}

/** Per IP and replica: far above what one person clicks, far below a flood. */
export const DEFAULT_API_RATE_LIMIT = { max: 600, windowMs: 60_000 };

export interface App {
  http: FastifyInstance;
  io: LiveServer;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds the API (HTTP + Socket.IO on one port) from its dependencies; only main.ts reads the environment. */
export async function createApp(deps: AppDeps): Promise<App> {
  const publicUrl = deps.publicUrl ?? deps.accounts?.publicUrl;
  const https = isHttpsSite(publicUrl);
  // Only the operator's own proxies may say who the client is; otherwise X-Forwarded-For is any client's word.
  const http: FastifyInstance = Fastify({ loggerInstance: deps.logger as FastifyBaseLogger, trustProxy: deps.trustProxy?.length ? deps.trustProxy : false,
    // Fastify's own two lines per request (with the raw URL) are off: registerAccessLog writes one, without the URL.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    bodyLimit: 1_048_576,
    // Errors the router answers itself (a path parameter too long, a bad URL) keep the one error format.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const found = (err as { statusCode?: number }).statusCode ?? 400;
      // API v1's document bounds every path parameter, and a value past a bound is a 400 there.
      const status = found === 414 && decodedPath(req.url).startsWith(`${V1_PREFIX}/`) ? 400 : found;
      void reply.code(status).send({ error: { code: found === 414 ? 'uri_too_long' : 'bad_request', message: found === 414 ? 'The address is too long' : 'The address is not valid', fields: [] } });
    } });
  // First of all hooks: the request's span covers every guard.
  if (deps.tracing) registerRequestSpans(http);
  await http.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services (sign in with Google) per Google's CSP guidance; loaded only when a client id is set.
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        imgSrc: ["'self'", 'data:'],
        // 'self' covers the live socket (same origin, ws: and wss: included in CSP Level 3 browsers).
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  });
  await http.register(cookie);
  // The guards every slice stands behind are named root plugins (fastify-plugin), registered before
  // any slice: a slice is an encapsulated plugin, and a hook added inside one would guard only it.
  await http.register(ipRateLimit, deps.apiRateLimit ?? DEFAULT_API_RATE_LIMIT);
  registerErrorHandler(http);
  registerAccessLog(http, deps.logger);
  if (deps.metrics) registerHttpMetrics(http, deps.metrics);
  await http.register(crossSiteGuard);
  const events = await eventsCollection(deps.db);

  const readinessChecks = {
    mongodb: () => databaseReachable(deps.db),
    temporal: () => temporalReachable(deps.temporal.connection),
  };
  registerHealthRoutes(http, readinessChecks);
  if (deps.metrics) registerReadyGauge(deps.metrics, readinessChecks);
  registerConfigRoutes(http, deps.config);
  const accounts = await createAccounts(deps.db, {
    ...deps.accounts,
    publicUrl,
    secret: deps.accounts?.secret ?? createHmac('sha256', deps.liveSecret).update('accounts').digest('hex'),
    mailer: deps.accounts?.mailer ?? droppingMailer(deps.logger),
  }, deps.logger);
  await http.register(sellerAuth, { accounts });
  // Account notices (payout changes, secrets issued) through the notification service, mailed with the accounts' mailer.
  const tell = await createAccountNotices({ db: deps.db.db!, events, logger: deps.logger },
    // The answer does not wait for SMTP: the mail is stored first, and a slow relay is the workers' sweep to retry.
    deps.accounts?.mailer ? { mailer: deps.accounts.mailer, publicUrl: () => accounts.publicUrl ?? 'http://127.0.0.1', outbox: { sendWaitMs: 0 } } : null,
    deps.webPush ? { sender: createPushSender(deps.webPush), outbox: { sendWaitMs: 0 } } : undefined);
  const db = deps.db.db!;
  const temporal = deps.temporal.client;
  const apiKeys = await ApiKeys.open(db, { events });
  http.decorate('apiKeys', apiKeys);

  // Each slice's services, built once here and handed to the slices (and to API v1, which shares them).
  const playerTradeSettings = playerTradeOptions(deps.playerTrade);
  const playerTrade = await createPlayerTradeService({ db, temporal, options: playerTradeSettings });
  const withdrawals = withdrawalOptions(deps.withdrawals);
  const withdrawalService = await createWithdrawalService({ db, temporal, options: withdrawals, accounts });
  const comfortSettings = comfortTradeOptions({ taskQueue: deps.playerTrade?.taskQueue, prices: deps.playerTrade?.prices, ...deps.comfortTrade });
  const comfortService = await createComfortService({ db, temporal, options: comfortSettings });
  const comfortSellRecord = comfortRecord(await Settlement.open(db, db.collection<LedgerEntry>(LEDGER_COLLECTION)));
  const inbox = await NotificationInbox.open(db);
  const notifications = createNotificationService({ inbox, preferences: await NotificationPreferencesStore.open(db) });
  const push = createPushService({ subscriptions: await PushSubscriptions.open(db), settings: deps.webPush ?? null });

  await http.register(accountRoutes);
  await http.register(memberRoutes, { liveSecret: deps.liveSecret, db });
  await http.register(settingsRoutes, { db, temporal, tell, currencyList: deps.config.currencyList });
  await http.register(emailProofRoutes);
  await http.register(reauthRoutes);
  await http.register(playerTradeRoutes, { service: playerTrade, runs: comfortService.runs, options: playerTradeSettings });
  await http.register(withdrawalRoutes, { service: withdrawalService, options: withdrawals });
  await http.register(payoneerRoutes, { db, options: withdrawals, tell });
  await http.register(notificationRoutes, { service: notifications, push });
  await http.register(memberOverviewRoutes, { ledger: db.collection<LedgerEntry>(LEDGER_COLLECTION), purchases: playerTrade.purchases, runs: comfortService.runs, inbox });
  await http.register(memberLedgerRoutes, { ledger: db.collection<LedgerEntry>(LEDGER_COLLECTION), db });
  await http.register(comfortTradeRoutes, { service: comfortService, record: comfortSellRecord, options: comfortSettings });
  const feed = await SellerFeed.open(deps.db.db!);
  await http.register(recordTimelineRoutes, { comfort: comfortService, player: playerTrade, feed });
  const slots = await Slots.open(deps.db.db!);
  const webhookSecrets = deps.comfortTrade?.secrets;
  const allowHttp = deps.webhooks?.allowHttp ?? false;
  // Endpoint secrets are sealed in the vault: without SECRETS_KEY there is nowhere to keep them.
  const webhooks = webhookSecrets ? createWebhookService({
    endpoints: await WebhookEndpoints.open(deps.db.db!, await SecretVault.open(deps.db.db!, webhookSecrets)),
    deliveries: await WebhookDeliveries.open(deps.db.db!), allowHttp, rotationGraceMs: deps.webhooks?.rotationGraceMs,
    starter: {
      client: deps.temporal.client, policy: deps.webhooks?.policy ?? DEFAULT_DELIVERY_POLICY,
      taskQueue: webhookTaskQueue(deps.webhooks?.taskQueue ?? deps.comfortTrade?.taskQueue ?? deps.playerTrade?.taskQueue ?? DEFAULT_TASK_QUEUE),
    },
    slots,
  }) : unavailableWebhookService();
  // API keys reach the same actions as v1 operations (in the OpenAPI document, with Idempotency-Key).
  await http.register(webhookRoutes, { service: webhooks, mount: {
    prefix: '/api/member/webhooks', preHandler: [requireSeller], sellerOf: (req) => sellerOf(req).id,
    // A session alone may not mint a signing secret; the seller hears of every one.
    secrets: { fresh: requireFreshAuth, issued: (req, n) => tellSecretIssued(tell, sellerOf(req).id, n) },
  } });
  // Revoking or rotating a key removes the webhook endpoints it registered.
  await http.register(apiKeyRoutes, { keys: apiKeys, webhooks, tell });
  accounts.revokeApiAccess = (sellerId) => revokeApiAccess(sellerId, apiKeys, webhooks, tell);
  await http.register(apiV1, { prefix: V1_PREFIX, db, comfort: comfortService, withdrawals: withdrawalService, webhooks: { service: webhooks, allowHttp, tell }, rateLimit: deps.apiV1?.rateLimit, metrics: deps.metrics });
  if (deps.codec) registerCodecEndpoint(http, deps.codec);
  await registerStaticWeb(http, deps.webDir, () => accounts.publicUrl ?? undefined);

  await http.ready();
  // Sessions ended on this replica are announced on the live log, so every replica drops their sockets.
  accounts.sessions.onEnded = async (sellerId) => {
    await publishEvent(events, { sellerId, type: SESSION_ENDED_EVENT, subject: 'sessions', data: {} }).catch((err) => {
      deps.logger.warn({ err }, 'session end notice not published; sockets drop at the next recheck');
    });
  };
  let statusSockets: { onLiveEvent(e: LiveEvent): void; close(): void } | null = null;
  // A burst of handshakes (every socket of a restarted replica coming back at once) shares its session reads.
  const sessionStillLive = batchedLookup((ids) => accounts.sessions.stillLive(ids));
  const live = await createLiveServer(http.server, {
    events,
    tailStrategy: deps.liveTail,
    onEvent: (e) => {
      // Ended on another replica (logout everywhere, a support suspension): this replica's cached copies go too, so they answer 401 at once.
      if (e.type === SESSION_ENDED_EVENT) accounts.sessions.forgetSeller(e.sellerId);
      // A market change on the live log (any replica's worker wrote it): the next read reloads the list.
      if (e.type === MARKET_CHANGED) playerTrade.list.markStale();
      statusSockets?.onLiveEvent(e);
    },
    logger: deps.logger,
    // A page on another site may not open a socket with the seller's cookie.
    allowOrigin: (origin, host) => originAllowed(origin, host, accounts.publicUrl ?? undefined),
    // A live token (API sellers, or a browser that asked for one), else the session cookie; either
    // way the socket stands on a session that must still be live.
    authenticate: async (handshake) => {
      const grant = await verifyLiveToken(deps.liveSecret, (handshake.auth as { token?: unknown })?.token);
      if (grant) return (await sessionStillLive(grant.sessionId)) ? grant : null;
      const session = await accounts.sessions.fromCookie(handshake.headers.cookie);
      return session ? { sellerId: session.sellerId, sessionId: session._id } : null;
    },
    sessionsStillLive: (ids) => accounts.sessions.stillLive(ids),
    limitResync: (sellerId) => accounts.limiter.hit('resync', sellerId, accounts.limits.resyncPerSeller),
    recheckMs: deps.liveRecheckMs,
    ...(deps.metrics ? { observeLag: liveLagHistogram(deps.metrics) } : {}),
  });
  if (deps.metrics) registerSocketMetrics(live.io, deps.metrics);
  statusSockets = createStatusSockets(live.io, {
    feed, logger: deps.logger, recheckMs: deps.keyRecheckMs,
    keys: apiKeys, slots,
    // A replay reads the feed like a resync: counted per seller the same way, in its own bucket.
    limitReplay: (sellerId) => accounts.limiter.hit('status-replay', sellerId, accounts.limits.resyncPerSeller),
  });

  // Open connections; those that have not sent a byte are ended at close (see there).
  const connections = new Set<Socket>();
  http.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return {
    http,
    io: live.io,
    listen: async (port, host = '127.0.0.1') => {
      const address = await http.listen({ port, host });
      // Without PUBLIC_URL (development, tests) links point at the address we listen on, never at a request's Host.
      accounts.publicUrl ??= address;
      return address;
    },
    close: async () => {
      statusSockets?.close();
      await live.close();
      const closing = http.close();
      // Fastify ends idle keep-alive connections, but Node counts a connection that has not sent a
      // byte yet as one whose request is still to come, and waits for the client to drop it: clients
      // (fetch, browsers) open such spare connections under parallel load, and a test app's close took
      // 68 s instead of about 1 s (a replica's SIGTERM would too). Nothing is in flight on them.
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
      await closing;
    },
  };
}
