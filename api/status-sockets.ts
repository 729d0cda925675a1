/**
 * Status sockets for API keys: the Socket.IO namespace `/v1` on the API's port. A socket opens with
 * an API key (handshake `auth.key`) and the position of the last event its client processed
 * (`auth.after`); the server replays the seller's feed after that position, sends `ready`, then
 * goes on live. Per socket, everything goes through one queue and a position is sent only when it
 * is exactly one past the last one sent (a missing one is read from the feed first), so a client
 * sees every position once, in order, whichever replica or live notice it came through.
 */
import type { Namespace, Server, Socket } from 'socket.io';
import { API_KEY_REVOKED, SELLER_EVENT_APPENDED, type LiveEvent } from '../domain/live-events.js';
import {
  STATUS_NAMESPACE, STATUS_SOCKET_ERRORS, type SellerEvent, type StatusClientToServer, type StatusServerToClient,
} from '../domain/seller-events.js';
import type { SellerFeed } from '../infra/seller-feed/feed.js';
import type { Logger } from '../infra/logger.js';

/** Who an API key speaks for. */
export interface KeyGrant { sellerId: string; keyId: string; scopes: readonly string[] }

export interface StatusSocketDeps {
  feed: SellerFeed;
  logger: Logger;
  /** The grant of a presented key, or null when it is unknown, revoked or replaced. */
  authenticateKey(presented: string): Promise<KeyGrant | null>;
  /** Of these key ids, the ones still valid (read fresh; the live-log notice is the fast path). */
  keysStillLive(keyIds: string[]): Promise<Set<string>>;
  /** How often this replica re-reads the keys of its open sockets. */
  recheckMs?: number;
}

/** A replay or gap fill reads at most this many events per query. */
const PAGE = 500;
export const KEY_RECHECK_MS = 60_000;

interface Conn {
  socket: Socket<StatusClientToServer, StatusServerToClient, Record<string, never>, KeyGrant>;
  sellerId: string;
  keyId: string;
  /** The last position sent to this socket. */
  lastSent: number;
  /** Everything sent to the socket goes through this chain, in order. */
  chain: Promise<void>;
}

/** Mounts `/v1` on the live server; the app hands it every live notice (`onLiveEvent`). */
export function createStatusSockets(io: Server, deps: StatusSocketDeps) {
  const nsp: Namespace<StatusClientToServer, StatusServerToClient, Record<string, never>, KeyGrant> =
    io.of(STATUS_NAMESPACE) as unknown as Namespace<StatusClientToServer, StatusServerToClient, Record<string, never>, KeyGrant>;
  const bySeller = new Map<string, Set<Conn>>();

  nsp.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { key?: unknown; after?: unknown };
      const grant = typeof auth.key === 'string' && auth.key.length <= 512 ? await deps.authenticateKey(auth.key) : null;
      if (!grant) return next(new Error(STATUS_SOCKET_ERRORS.unauthenticated));
      if (!grant.scopes.includes('read')) return next(new Error(STATUS_SOCKET_ERRORS.forbidden));
      if (auth.after !== undefined && auth.after !== null && !(Number.isSafeInteger(auth.after) && (auth.after as number) >= 0)) {
        return next(new Error(STATUS_SOCKET_ERRORS.badPosition));
      }
      socket.data = grant;
      next();
    } catch (err) {
      deps.logger.warn({ err }, 'status socket authentication failed');
      next(new Error(STATUS_SOCKET_ERRORS.unauthenticated));
    }
  });

  const send = (c: Conn, e: SellerEvent) => {
    c.socket.emit('event', e);
    c.lastSent = e.position;
  };

  /** Sends the feed from lastSent+1 up to `upTo` (or to its end). */
  const catchUp = async (c: Conn, upTo?: number) => {
    for (;;) {
      if (upTo !== undefined && c.lastSent >= upTo) return;
      const page = await deps.feed.since(c.sellerId, c.lastSent, PAGE, upTo);
      for (const e of page) {
        if (e.position !== c.lastSent + 1) throw new Error(`feed of ${c.sellerId} has no position ${c.lastSent + 1}`);
        send(c, e);
      }
      if (page.length === 0) {
        if (upTo === undefined) return;
        throw new Error(`feed of ${c.sellerId} has no position ${c.lastSent + 1} yet`);
      }
    }
  };

  const enqueue = (c: Conn, work: () => Promise<void>) => {
    c.chain = c.chain.then(work).catch((err) => {
      // A socket whose order cannot be kept is closed; its client reconnects and resyncs from its position.
      deps.logger.warn({ err, sellerId: c.sellerId }, 'status socket out of step; closing it');
      c.socket.disconnect(true);
    });
  };

  nsp.on('connection', (socket) => {
    const { sellerId, keyId } = socket.data;
    const after = (socket.handshake.auth as { after?: number | null }).after ?? null;
    const c: Conn = { socket, sellerId, keyId, lastSent: -1, chain: Promise.resolve() };
    let set = bySeller.get(sellerId);
    if (!set) bySeller.set(sellerId, (set = new Set()));
    set.add(c);
    socket.on('disconnect', () => {
      set!.delete(c);
      if (set!.size === 0 && bySeller.get(sellerId) === set) bySeller.delete(sellerId);
    });
    // Registered before the replay reads the feed: live notices arriving meanwhile queue behind it.
    enqueue(c, async () => {
      const head = await deps.feed.head(sellerId);
      const start = after === null ? head : Math.min(after, head);
      c.lastSent = start;
      await catchUp(c);
      socket.emit('ready', { after: start, head: c.lastSent });
    });
  });

  const dropKeys = async (only?: string) => {
    const conns = [...bySeller.values()].flatMap((s) => [...s]).filter((c) => only === undefined || c.keyId === only);
    if (conns.length === 0) return;
    const live = only !== undefined ? new Set<string>() : await deps.keysStillLive([...new Set(conns.map((c) => c.keyId))]);
    for (const c of conns) {
      if (live.has(c.keyId)) continue;
      c.socket.emit('closed', { code: 'key_revoked' });
      c.socket.disconnect(true);
    }
  };
  const timer = setInterval(() => void dropKeys().catch((err) => deps.logger.warn({ err }, 'status socket key recheck failed')), deps.recheckMs ?? KEY_RECHECK_MS);
  timer.unref();

  return {
    nsp,
    /** Every live notice this replica follows: feed entries go to the seller's sockets, revoked keys close theirs. */
    onLiveEvent(e: LiveEvent) {
      if (e.type === API_KEY_REVOKED) {
        // Only our own processes write the live log, so the notice is trusted as it is: no read needed to act at once.
        void dropKeys(e.data.keyId);
        return;
      }
      if (e.type !== SELLER_EVENT_APPENDED) return;
      const conns = bySeller.get(e.sellerId);
      if (!conns) return;
      const event = e.data;
      for (const c of conns) {
        enqueue(c, async () => {
          if (event.position <= c.lastSent) return;
          if (event.position > c.lastSent + 1) await catchUp(c, event.position - 1);
          send(c, event);
        });
      }
    },
    close() {
      clearInterval(timer);
      nsp.disconnectSockets(true);
    },
  };
}
