import type { ComfortRunView } from './comfort-trade.js';
import type { CountdownStatus } from './countdown.js';
import type { MarketChange, PurchaseStatus } from './player-trade.js';
import type { WalletView } from './wallet.js';

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
  'comfort-run:updated': ComfortRunView;
}
export type LiveEventType = keyof LiveEventMap;

/** A state change a seller (or an API seller's status socket) should see live. */
export interface LiveEvent {
  /** Monotonic per-collection id (the capped collection's _id as hex), used to resync. */
  id: string;
  sellerId: string;
  /** What changed, as `domain:pastTense` (for example `countdown:updated`). */
  type: string;
  /** The business id of the thing that changed (workflow id, record id). */
  subject: string;
  /** The new state, as the read model has it; never secrets. */
  data: Record<string, unknown>;
  /** ISO timestamp of the change. */
  at: string;
}

/** Every acknowledgement is a result union; only allow-listed error codes cross the socket. */
export type AckResult<T> = { data: T } | { error: { code: string; message: string } };

/** Events the server sends to a client. */
export interface ServerToClientEvents {
  'live:event': (event: LiveEvent) => void;
}

/** Commands a client sends to the server. */
export interface ClientToServerEvents {
  /** Asks for events after `afterId` (missed while offline); the answer is in order. */
  'live:resync': (afterId: string | null, ack: (result: AckResult<LiveEvent[]>) => void) => void;
}

/** The room a seller's sockets join after authentication. */
export const sellerRoom = (sellerId: string): string => `seller:${sellerId}`;
