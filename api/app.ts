import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import type { Connection as MongooseConnection } from 'mongoose';
import type { Client, Connection as TemporalConnection } from '@temporalio/client';
import { databaseReachable } from '../infra/db.js';
import { temporalReachable } from '../infra/temporal.js';
import { eventsCollection } from '../infra/live/events-collection.js';
import { verifyLiveToken } from '../infra/live/token.js';
import type { Logger } from '../infra/logger.js';
import type { ConfigSettings } from './client-config.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerConfigRoutes } from './routes/config.js';
import { registerStaticWeb } from './static-web.js';
import { registerErrorHandler } from './errors.js';
import { createLiveServer, type LiveServer } from './socket.js';
import type { TailStrategy } from '../infra/live/tail.js';
import { createAccounts, decorateAccounts, type AccountsOptions } from './auth/accounts.js';
import { registerAccountRoutes } from './routes/accounts.js';
import { registerMemberRoutes } from './routes/member.js';
import { registerPlayerTradeRoutes, type PlayerTradeOptions } from './routes/player-trade.js';
import { playerTradeOptions } from './player-trade/settings.js';
import { registerComfortTradeRoutes } from './routes/comfort-trade.js';
import { comfortTradeOptions, type ComfortTradeOptions } from './comfort-trade/settings.js';
import { droppingMailer } from '../infra/mail/mailer.js';
import { createHmac } from 'node:crypto';

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
  /** Comfort trade (prices, run timings, the secrets key ring); the specification's defaults otherwise. */
  comfortTrade?: Partial<ComfortTradeOptions>;
}

export interface App {
  http: FastifyInstance;
  io: LiveServer;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds the API (HTTP + Socket.IO on one port) from its dependencies; only main.ts reads the environment. */
export async function createApp(deps: AppDeps): Promise<App> {
  const http: FastifyInstance = Fastify({ loggerInstance: deps.logger as FastifyBaseLogger, trustProxy: true,
    // Per-request lines would drown the structured events; errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576 });
  await http.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services (sign in with Google) per Google's CSP guidance; loaded only when a client id is set.
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://accounts.google.com/gsi/'],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await http.register(cookie);
  registerErrorHandler(http);
  const events = await eventsCollection(deps.db);

  registerHealthRoutes(http, {
    mongodb: () => databaseReachable(deps.db),
    temporal: () => temporalReachable(deps.temporal.connection),
  });
  registerConfigRoutes(http, deps.config);
  const accounts = await createAccounts(deps.db, {
    ...deps.accounts,
    secret: deps.accounts?.secret ?? createHmac('sha256', deps.liveSecret).update('accounts').digest('hex'),
    mailer: deps.accounts?.mailer ?? droppingMailer(deps.logger),
  }, deps.logger);
  decorateAccounts(http, accounts);
  registerAccountRoutes(http);
  registerMemberRoutes(http, { liveSecret: deps.liveSecret });
  const playerTrade = await registerPlayerTradeRoutes(http, { db: deps.db.db!, temporal: deps.temporal.client, options: playerTradeOptions(deps.playerTrade) });
  await registerComfortTradeRoutes(http, {
    db: deps.db.db!, temporal: deps.temporal.client,
    options: comfortTradeOptions({ taskQueue: deps.playerTrade?.taskQueue, prices: deps.playerTrade?.prices, ...deps.comfortTrade }),
  });
  const sweeper = setInterval(() => void accounts.sweep().catch((err) => deps.logger.warn({ err }, 'account sweep failed')), 10 * 60_000);
  sweeper.unref();
  await registerStaticWeb(http, deps.webDir);

  await http.ready();
  const live = await createLiveServer(http.server, {
    events,
    tailStrategy: deps.liveTail,
    onEvent: (e) => playerTrade.onLiveEvent(e),
    logger: deps.logger,
    // A live token (API sellers, or a browser that asked for one), else the session cookie.
    authenticate: async (handshake) =>
      verifyLiveToken(deps.liveSecret, (handshake.auth as { token?: unknown })?.token) ??
      accounts.sessions.sellerIdFromCookie(handshake.headers.cookie),
  });

  return {
    http,
    io: live.io,
    listen: (port, host = '127.0.0.1') => http.listen({ port, host }),
    close: async () => {
      clearInterval(sweeper);
      await live.close();
      await http.close();
    },
  };
}
