import type { ComfortRunView } from './comfort-trade.js';
import type { CountdownStatus } from './countdown.js';
import type { MarketChange, PurchaseStatus } from './player-trade.js';
import type { WalletView } from './wallet.js';
import type { WithdrawalStatus } from './withdrawal.js';
import type { SellerEvent } from './seller-events.js';
import type { NotificationResolution, NotificationView } from './notifications.js';
import type { ErrorKind } from './errors.js';

/**
 * Every live event type and its payload: one entry per type. The publisher, the socket server and
 * the web client all read payloads through this map, so no side casts `data`. A new process adds
 * its entries here (`'<process>:updated': <its view> & { version: number }`).
 */
export interface LiveEventMap {
  'countdown:updated': CountdownStatus & { version: number };
  'purchase:updated': PurchaseStatus & { version: number };
  'wallet:updated': WalletView & { ref: string };
  'market:changed': MarketChange;
  /** A probe the live-path tests and the latency bench send through the real log (no page listens to it). */
  'probe:sent': { n?: number; i?: number; sentAt?: number; state?: string; version?: number };
  /** Internal: sessions of this seller ended on some replica; every replica drops their sockets (never sent to clients). */
  'session:ended': Record<string, never>;
  'withdrawal:updated': WithdrawalStatus & { version: number };
  'comfort-run:updated': ComfortRunView;
  /** Internal: an API key was rotated or revoked (keyId '*': the seller's API access was disabled); sockets on it re-check. Never sent to clients. */
  'api-key:changed': { keyId: string; revision: number; revoked: boolean };
  /** Internal: an entry of the seller's API feed (domain/seller-events.ts); every replica hands it to that seller's status sockets. */
  'seller-event:appended': SellerEvent;
  /** A new entry in the seller's in-app notification list, with the unread count after it. */
  'notification:added': { unread: number; item: NotificationView };
  /** Entries whose wait ended (the run moved on): they read resolved, with when and how. */
  'notification:resolved': { ids: string[]; resolvedAt: number; resolution: NotificationResolution };
}
export type LiveEventType = keyof LiveEventMap;

/** A state change of one type a seller (or an API seller's status socket) should see live. */
export interface LiveEventOf<T extends LiveEventType> {
  /** Position in the live log (decimal), used to resync. */
  id: string;
  sellerId: string;
  /** What changed, as `domain:pastTense` (for example `countdown:updated`). */
  type: T;
  /** The business id of the thing that changed (workflow id, record id). */
  subject: string;
  /** The new state, as the read model has it; never secrets. */
  data: LiveEventMap[T];
  /** ISO timestamp of the change. */
  at: string;
}

/** Any live event: a union with one member per type, so `if (e.type === ...)` narrows `data` without a cast. */
export type LiveEvent = { [T in LiveEventType]: LiveEventOf<T> }[LiveEventType];

/** What a publisher hands over: an event of one type with that type's payload. */
export type LiveEventInput<T extends LiveEventType = LiveEventType> = { [K in T]: Pick<LiveEventOf<K>, 'sellerId' | 'type' | 'subject' | 'data'> }[T];

/** Every acknowledgement is a result union; only allow-listed error codes cross the socket. */
export type AckResult<T> = { data: T } | { error: { code: string; message: string } };

/**
 * The newest events after the position asked for (at most a page, in order); `truncated` says
 * older ones were left out, so the client reloads its read models instead of trusting the list.
 */
export type ResyncResult = { data: LiveEvent[]; truncated: boolean } | { error: { code: string; message: string } };

/** Written to the live log when sessions of a seller end: every replica drops the sockets that stood on them. Never sent to clients. */
export const SESSION_ENDED_EVENT = 'session:ended' satisfies LiveEventType;

/** Written to the live log when an API key is rotated or revoked: every replica drops the sockets that stood on it. Never sent to clients. */
export const API_KEY_CHANGED_EVENT = 'api-key:changed' satisfies LiveEventType;

/** Written to the live log for every entry of a seller's API feed: every replica hands it to that seller's status sockets (`/v1`). */
export const SELLER_EVENT_APPENDED = 'seller-event:appended' satisfies LiveEventType;

/** Published when an in-app notification is created (once per entry: the insert that made it publishes). */
export const NOTIFICATION_ADDED = 'notification:added' satisfies LiveEventType;

/** Published when entries resolve (by the write that resolved them). */
export const NOTIFICATION_RESOLVED = 'notification:resolved' satisfies LiveEventType;

/** Notices between replicas that ride the live log but are never delivered to clients or resyncs. */
export const INTERNAL_EVENTS: ReadonlySet<LiveEventType> = new Set<LiveEventType>([SESSION_ENDED_EVENT, API_KEY_CHANGED_EVENT, SELLER_EVENT_APPENDED]);

/** Events the server sends to a client. */
export interface ServerToClientEvents {
  'live:event': (event: LiveEvent) => void;
}

/** Commands a client sends to the server. */
export interface ClientToServerEvents {
  /** Asks for events after `afterId` (missed while offline); the answer is in order. */
  'live:resync': (afterId: string | null, ack: (result: ResyncResult) => void) => void;
}

/**
 * Why the server refused a live socket's handshake: the connect_error's `err.message`. Only these
 * two: a browser signs in again on the first and connects again on the second.
 */
export const LIVE_SOCKET_ERRORS = {
  /** The token or session is refused (missing, forged, expired, ended): the seller must sign in again. */
  unauthenticated: 'unauthenticated',
  /** The server could not check it (its database slow or down): connect again after `data.retryAfterMs` (domain/socket-retry.ts). */
  unavailable: 'unavailable',
} as const satisfies Record<string, ErrorKind>;

/** The room a seller's sockets join after authentication. */
export const sellerRoom = (sellerId: string): string => `seller:${sellerId}`;
