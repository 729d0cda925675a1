/**
 * Status sockets for API keys: the Socket.IO namespace `/v1` on the API's port. A socket opens with
 * an API key (handshake `auth.key`) and the position of the last event its client processed
 * (`auth.after`); the server replays the seller's feed after that position, sends `ready`, then
 * goes on live. Per socket, everything goes through one queue and a position is sent only when it
 * is exactly one past the last one sent (a missing one is read from the feed first), so a client
 * sees every position once, in order, whichever replica or live notice it came through.
 */
import type { Namespace, Server, Socket } from 'socket.io';
import { API_KEY_CHANGED_EVENT, SELLER_EVENT_APPENDED, type LiveEvent } from '../domain/live-events.js';
import type { ApiKeys, KeyGrant } from '../infra/api-keys/keys.js';
import { isDomainError } from '../domain/errors.js';
import type { Slots } from '../infra/slots.js';
import {
  MAX_STATUS_SOCKETS_PER_KEY, MAX_STATUS_SOCKETS_PER_SELLER, STATUS_NAMESPACE, STATUS_SOCKET_ERRORS, type SellerEvent, type StatusClientToServer, type StatusServerToClient,
} from '../domain/seller-events.js';
import type { SellerFeed } from '../infra/seller-feed/feed.js';
import type { Logger } from '../infra/logger.js';
import { handshakeWork, socketRefusal, unavailableRefusal } from './socket-refusal.js';

export interface StatusSocketDeps {
  feed: SellerFeed;
  logger: Logger;
  /** Authenticates the handshake's key; re-reads open sockets' keys (the live-log notice is the fast path). */
  keys: Pick<ApiKeys, 'authenticateKey' | 'stillValid'>;
  /** How often this replica re-reads the keys of its open sockets (and renews their places). */
  recheckMs?: number;
  /** Places of open sockets, per key and per seller, shared by every replica. */
  slots: Slots;
  /** Counts one replay (a handshake with `after`) of a seller; throws a rate_limited DomainError past the limit. */
  limitReplay(sellerId: string): Promise<void>;
  /** The most a handshake's checks may take before it is answered `unavailable` (default HANDSHAKE_DEADLINE_MS). */
  handshakeDeadlineMs?: number;
}

/** The holder of a socket's places: Socket.IO's socket ids are random and unique across replicas. */
const holderOf = (socket: Socket) => `status-socket:${socket.id}`;

/** A replay or gap fill reads at most this many events per query. */
const PAGE = 500;
export const KEY_RECHECK_MS = 60_000;

interface Conn {
  socket: Socket<StatusClientToServer, StatusServerToClient, Record<string, never>, KeyGrant>;
  sellerId: string;
  keyId: string;
  /** The key's revision when the socket opened: a rotation makes it stale. */
  revision: number;
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
  const recheckMs = deps.recheckMs ?? KEY_RECHECK_MS;
  // A replica that dies leaves places behind; they free themselves after three missed renewals.
  const placeTtlMs = 3 * recheckMs;

  /** A place for the socket among its key's and among its seller's; false (and nothing held) when either is full. */
  const takePlaces = async (grant: KeyGrant, holder: string): Promise<boolean> => {
    if (!(await deps.slots.claim(`status-key:${grant.keyId}`, MAX_STATUS_SOCKETS_PER_KEY, holder, placeTtlMs))) return false;
    if (await deps.slots.claim(`status-seller:${grant.sellerId}`, MAX_STATUS_SOCKETS_PER_SELLER, holder, placeTtlMs)) return true;
    await deps.slots.releaseAll(holder);
    return false;
  };

  /**
   * The handshake's checks: the grant, or the code of a real refusal. A refusal after places were
   * taken gives them back; a thrown error (the database) is the caller's.
   */
  const admit = async (socket: Socket): Promise<KeyGrant | string> => {
    const auth = (socket.handshake.auth ?? {}) as { key?: unknown; after?: unknown };
    const r = await deps.keys.authenticateKey(auth.key);
    if (!r.ok) return STATUS_SOCKET_ERRORS.unauthenticated;
    const grant: KeyGrant = { sellerId: r.sellerId, keyId: r.keyId, scopes: r.scopes, revision: r.revision };
    if (!grant.scopes.includes('read')) return STATUS_SOCKET_ERRORS.forbidden;
    if (auth.after !== undefined && auth.after !== null && !(Number.isSafeInteger(auth.after) && (auth.after as number) >= 0)) {
      return STATUS_SOCKET_ERRORS.badPosition;
    }
    // Places first: a refused socket costs one read and replays nothing.
    if (!(await takePlaces(grant, holderOf(socket)))) return STATUS_SOCKET_ERRORS.tooManySockets;
    if (auth.after !== undefined && auth.after !== null) {
      try {
        await deps.limitReplay(grant.sellerId);
      } catch (err) {
        if (!(isDomainError(err) && err.code === 'rate_limited')) throw err;
        await deps.slots.releaseAll(holderOf(socket));
        return STATUS_SOCKET_ERRORS.rateLimited;
      }
    }
    return grant;
  };

  nsp.use(async (socket, next) => {
    const work = admit(socket);
    try {
      const result = await handshakeWork(work, deps.handshakeDeadlineMs);
      if (typeof result === 'string') return next(socketRefusal(result));
      socket.data = result;
      next();
    } catch (err) {
      // The key could not be checked: not a refusal of the key, so the client connects again later.
      next(unavailableRefusal(err, deps.logger, 'status socket authentication'));
      // Past the deadline the checks go on; places they take then (or took before failing) go back.
      void work.then(() => undefined, () => undefined).then(() => deps.slots.releaseAll(holderOf(socket)))
        .catch((e) => deps.logger.warn({ err: e }, 'status socket places not released; they expire'));
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
    const { sellerId, keyId, revision } = socket.data;
    const after = (socket.handshake.auth as { after?: number | null }).after ?? null;
    const c: Conn = { socket, sellerId, keyId, revision, lastSent: -1, chain: Promise.resolve() };
    let set = bySeller.get(sellerId);
    if (!set) bySeller.set(sellerId, (set = new Set()));
    set.add(c);
    socket.on('disconnect', () => {
      void deps.slots.releaseAll(holderOf(socket)).catch((err) => deps.logger.warn({ err }, 'status socket places not released; they expire'));
      set!.delete(c);
      if (set!.size === 0 && bySeller.get(sellerId) === set) bySeller.delete(sellerId);
    });
    // Registered before the replay reads the feed: live notices arriving meanwhile queue behind it.
    enqueue(c, async () => {
      const head = await deps.feed.head(sellerId);
      let start = after === null ? head : Math.min(after, head);
      const floor = after === null ? 0 : await deps.feed.floor(sellerId);
      if (start < floor) {
        // What the client missed was pruned: say so, rather than wait for positions that will never come.
        socket.emit('gap', { after: start, oldest: floor + 1 });
        start = floor;
      }
      c.lastSent = start;
      await catchUp(c);
      socket.emit('ready', { after: start, head: c.lastSent });
    });
  });

  const close = (c: Conn) => {
    c.socket.emit('closed', { code: 'key_revoked' });
    c.socket.disconnect(true);
  };
  /**
   * Re-reads the keys of this replica's open sockets and closes those whose key was revoked or
   * rotated since; renews their places, closing any socket that lost one (its places expired).
   */
  const recheck = async () => {
    const conns = [...bySeller.values()].flatMap((set) => [...set]);
    if (conns.length === 0) return;
    const good = await deps.keys.stillValid(conns.map((c) => ({ keyId: c.keyId, revision: c.revision })));
    const held = await deps.slots.keepAll(conns.map((c) => holderOf(c.socket)), placeTtlMs);
    for (const c of conns) {
      if (!good.has(c.keyId)) close(c);
      else if ((held.get(holderOf(c.socket)) ?? 0) < 2) c.socket.disconnect(true);
    }
  };
  // Not a sweep: each replica rechecks the keys of the sockets it holds itself.
  const timer = setInterval(() => void recheck().catch((err) => deps.logger.warn({ err }, 'status socket key recheck failed')), recheckMs);
  timer.unref();

  return {
    nsp,
    /** Every live notice this replica follows: feed entries go to the seller's sockets, revoked keys close theirs. */
    onLiveEvent(e: LiveEvent) {
      if (e.type === API_KEY_CHANGED_EVENT) {
        // Only our own processes write the live log, so the notice is acted on at once, without a read:
        // a revoked key (or '*', the seller's API access ended) and every revision before a rotation.
        const n = e.data;
        for (const c of bySeller.get(e.sellerId) ?? []) {
          if (n.keyId === '*' || (c.keyId === n.keyId && (n.revoked || c.revision < n.revision))) close(c);
        }
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
    /** Stops the recheck; the live server's close ends the connections so that clients reconnect. */
    close() {
      clearInterval(timer);
    },
  };
}
