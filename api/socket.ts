import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Collection } from 'mongodb';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '../domain/live-events.js';
import { INTERNAL_EVENTS, LIVE_SOCKET_ERRORS, SESSION_ENDED_EVENT, sellerRoom } from '../domain/live-events.js';
import { isDomainError } from '../domain/errors.js';
import type { EventDoc } from '../infra/live/events-collection.js';
import { eventsSince } from '../infra/live/publish.js';
import { EventTail, type TailStrategy } from '../infra/live/tail.js';
import type { LiveGrant } from '../infra/live/token.js';
import type { Logger } from '../infra/logger.js';
import { handshakeWork, socketRefusal, unavailableRefusal } from './socket-refusal.js';

interface SocketData { sellerId: string; sessionId: string }
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** How often each replica re-reads the sessions behind its open sockets (the live-log notice is the fast path). */
export const SESSION_RECHECK_MS = 60_000;

export interface LiveDeps {
  events: Collection<EventDoc>;
  logger: Logger;
  tailStrategy?: TailStrategy;
  /** Also told of every event this replica follows (e.g. to refresh a cache when the market changes). */
  onEvent?: (e: LiveEvent) => void;
  /** Who the connecting socket is, from its handshake (token or session cookie); null refuses it. */
  authenticate(handshake: Socket['handshake']): Promise<LiveGrant | null>;
  /** Of these session ids, the ones still live (read fresh, whichever replica ended the others). */
  sessionsStillLive(ids: string[]): Promise<Set<string>>;
  /** Whether a browser page of this Origin may open a socket to this Host. */
  allowOrigin(origin: string | undefined, host: string | undefined): boolean;
  /** Counts one resync of a seller; throws a rate_limited DomainError past the limit. */
  limitResync(sellerId: string): Promise<void>;
  recheckMs?: number;
  /** The most the handshake's check may take before it is answered `unavailable` (default HANDSHAKE_DEADLINE_MS). */
  handshakeDeadlineMs?: number;
  /** Told each emitted event's age in seconds (the live feed's lag, api/metrics.ts). */
  observeLag?: (seconds: number) => void;
}

/** Socket.IO on the API's port: authenticated sockets join their seller's room and get its live events. */
export async function createLiveServer(http: HttpServer, deps: LiveDeps): Promise<{ io: LiveServer; close(): Promise<void> }> {
  const io: LiveServer = new Server(http, {
    serveClient: false,
    connectionStateRecovery: undefined,
    allowRequest: (req, callback) => {
      const ok = deps.allowOrigin(req.headers.origin, req.headers.host);
      callback(ok ? null : 'origin not allowed', ok);
    },
  });
  io.use(async (socket, next) => {
    try {
      const grant = await handshakeWork(deps.authenticate(socket.handshake), deps.handshakeDeadlineMs);
      if (!grant) return next(socketRefusal(LIVE_SOCKET_ERRORS.unauthenticated));
      socket.data.sellerId = grant.sellerId;
      socket.data.sessionId = grant.sessionId;
      next();
    } catch (err) {
      // The session could not be read: not a refusal of the seller, so the page connects again later.
      next(unavailableRefusal(err, deps.logger, 'socket authentication'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(sellerRoom(socket.data.sellerId));
    socket.on('live:resync', async (afterId, ack) => {
      if (typeof ack !== 'function') return;
      try {
        await deps.limitResync(socket.data.sellerId);
        const { events, truncated } = await eventsSince(deps.events, socket.data.sellerId, typeof afterId === 'string' ? afterId : null);
        ack({ data: events, truncated });
      } catch (err) {
        if (isDomainError(err) && err.code === 'rate_limited') return ack({ error: { code: err.code, message: err.message } });
        deps.logger.error({ err }, 'resync failed');
        ack({ error: { code: 'unavailable', message: 'Please try again' } });
      }
    });
  });

  /** Disconnects this replica's sockets (of one seller, or all) whose session has ended. */
  const dropEnded = async (sellerId?: string) => {
    const sockets = sellerId ? await io.in(sellerRoom(sellerId)).fetchSockets() : await io.fetchSockets();
    if (sockets.length === 0) return;
    const live = await deps.sessionsStillLive([...new Set(sockets.map((s) => s.data.sessionId))]);
    for (const s of sockets) if (!live.has(s.data.sessionId)) s.disconnect(true);
  };
  const recheck = (sellerId?: string) => void dropEnded(sellerId).catch((err) => deps.logger.warn({ err }, 'live session recheck failed'));
  // Not a sweep: each replica rechecks the sessions of the sockets it holds itself.
  const timer = setInterval(() => recheck(), deps.recheckMs ?? SESSION_RECHECK_MS);
  timer.unref();

  const tail = new EventTail(
    deps.events,
    (e) => {
      // A notice from whichever replica ended sessions: drop the sockets that stood on them.
      if (e.type === SESSION_ENDED_EVENT) {
        deps.onEvent?.(e); // the replica's session cache forgets them too
        return recheck(e.sellerId);
      }
      // Other notices between replicas (an API key rotated or revoked) go to listeners only, never to sockets.
      if (INTERNAL_EVENTS.has(e.type)) return deps.onEvent?.(e);
      // Seller id '*' is a market-wide event (a card taken or added): every signed-in socket gets it.
      if (e.sellerId === '*') io.emit('live:event', e);
      else io.to(sellerRoom(e.sellerId)).emit('live:event', e);
      deps.observeLag?.(Math.max(0, Date.now() - Date.parse(e.at)) / 1000);
      deps.onEvent?.(e);
    },
    (err) => deps.logger.warn({ err }, 'event tail interrupted; reopening'),
    deps.tailStrategy,
  );
  await tail.start();
  return {
    io,
    close: async () => {
      clearInterval(timer);
      await tail.stop();
      // Closing the connections (not disconnectSockets, whose "io server disconnect" tells clients to
      // stay away) lets every client reconnect by itself to a replica, or to this one restarted, and resync.
      // io.close() would also close the HTTP server, which Fastify owns.
      io.engine.close();
    },
  };
}
