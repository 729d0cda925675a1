import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Collection } from 'mongodb';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '../domain/live-events.js';
import { sellerRoom } from '../domain/live-events.js';
import type { EventDoc } from '../infra/live/events-collection.js';
import { eventsSince } from '../infra/live/publish.js';
import { EventTail, type TailStrategy } from '../infra/live/tail.js';
import type { Logger } from '../infra/logger.js';

interface SocketData { sellerId: string }
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface LiveDeps {
  events: Collection<EventDoc>;
  logger: Logger;
  tailStrategy?: TailStrategy;
  /** Also told of every event this replica follows (e.g. to refresh a cache when the market changes). */
  onEvent?: (e: LiveEvent) => void;
  /** Who the connecting socket is, from its handshake (token or session cookie); null refuses it. */
  authenticate(handshake: Socket['handshake']): Promise<string | null>;
}

/** Socket.IO on the API's port: authenticated sockets join their seller's room and get its live events. */
export async function createLiveServer(http: HttpServer, deps: LiveDeps): Promise<{ io: LiveServer; close(): Promise<void> }> {
  const io: LiveServer = new Server(http, { serveClient: false, connectionStateRecovery: undefined });
  io.use(async (socket, next) => {
    try {
      const sellerId = await deps.authenticate(socket.handshake);
      if (!sellerId) return next(new Error('unauthenticated'));
      socket.data.sellerId = sellerId;
      next();
    } catch (err) {
      deps.logger.warn({ err }, 'socket authentication failed');
      next(new Error('unauthenticated'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(sellerRoom(socket.data.sellerId));
    socket.on('live:resync', async (afterId, ack) => {
      if (typeof ack !== 'function') return;
      try {
        ack({ data: await eventsSince(deps.events, socket.data.sellerId, typeof afterId === 'string' ? afterId : null) });
      } catch (err) {
        deps.logger.error({ err }, 'resync failed');
        ack({ error: { code: 'unavailable', message: 'Please try again' } });
      }
    });
  });
  const tail = new EventTail(
    deps.events,
    // Seller id '*' is a market-wide event (a card taken or added): every signed-in socket gets it.
    (e) => {
      if (e.sellerId === '*') io.emit('live:event', e);
      else io.to(sellerRoom(e.sellerId)).emit('live:event', e);
      deps.onEvent?.(e);
    },
    (err) => deps.logger.warn({ err }, 'event tail interrupted; reopening'),
    deps.tailStrategy,
  );
  await tail.start();
  return {
    io,
    close: async () => {
      await tail.stop();
      io.disconnectSockets(true);
      // io.close() would also close the HTTP server, which Fastify owns.
      io.engine.close();
    },
  };
}
