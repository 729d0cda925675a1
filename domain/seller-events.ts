/**
 * The seller event feed that API sellers read: status sockets (namespace `/v1`) and webhooks carry
 * the same typed events, each with its position in the seller's own gapless feed. Payloads are
 * projections of the read models made for API clients: statuses, amounts and times, never login
 * details, vault references or support staff's notes.
 */
import type { ComfortRunView } from './comfort-trade.js';
import type { PurchaseStatus } from './player-trade.js';
import type { WithdrawalStatus } from './withdrawal.js';
import type { SellerEventType } from './seller-event-types.js';

export { SELLER_EVENT_TYPES, type SellerEventType } from './seller-event-types.js';

/** A comfort run as an API client sees it (the sell record's fields). */
export type ComfortRunEvent = Pick<ComfortRunView,
  | 'runId' | 'status' | 'state' | 'subState' | 'platform' | 'originEmail' | 'coinAmount' | 'coinsTransferred' | 'successCount'
  | 'totalCount' | 'unitPriceCents' | 'estimatedIncomeCents' | 'creditedCents' | 'sellerActions' | 'createdAt' | 'completedAt'
  | 'creditedAt' | 'releaseAt' | 'paidAt' | 'fixBy'> & {
  guidance: string;
  /** The run's own version: grows with every change of this run. */
  version: number;
};

/** A withdrawal as an API client sees it. */
export interface WithdrawalEvent {
  withdrawalId: string;
  status: WithdrawalStatus['status'];
  state: WithdrawalStatus['state'];
  method: WithdrawalStatus['method'];
  currency: string;
  amountCents: number;
  feeCents: number;
  handlingFeeCents: number;
  totalPayoutCents: number;
  requestedAt: number;
  paidAt: number | null;
  failedAt: number | null;
  reason: WithdrawalStatus['reason'];
  reasonText: string | null;
  version: number;
}

/** A player purchase as an API client sees it. */
export type PurchaseEvent = Pick<PurchaseStatus,
  'purchaseId' | 'state' | 'phase' | 'coinsSpent' | 'incomeCents' | 'pickedAt' | 'deadline' | 'boughtAt' | 'creditedAt' | 'releaseAt' | 'reason' | 'actions'> & {
  playerName: string;
  platform: PurchaseStatus['card']['platform'];
  version: number;
};

/** Every event type of the seller feed and its payload. */
export interface SellerEventMap extends Record<SellerEventType, unknown> {
  'comfort-run:updated': ComfortRunEvent;
  'withdrawal:updated': WithdrawalEvent;
  'purchase:updated': PurchaseEvent;
}

/** One change in a seller's feed. */
export interface SellerEventOf<T extends SellerEventType> {
  /** Position in this seller's feed: 1, 2, 3, … with no gaps; the resync point. */
  position: number;
  type: T;
  /** The business id that changed (run id, withdrawal id, purchase id). */
  subject: string;
  /** ISO time the change was recorded. */
  at: string;
  data: SellerEventMap[T];
}
/** Any seller event; `if (e.type === …)` narrows `data`. */
export type SellerEvent = { [T in SellerEventType]: SellerEventOf<T> }[SellerEventType];

/** What a producer hands to the feed: the event without its position and time. */
export type SellerEventInput = { [T in SellerEventType]: { sellerId: string; type: T; subject: string; data: SellerEventMap[T] } }[SellerEventType];

export const comfortRunEvent = (v: ComfortRunView): SellerEventInput => ({
  sellerId: v.sellerId, type: 'comfort-run:updated', subject: v.runId,
  data: {
    runId: v.runId, status: v.status, state: v.state, subState: v.subState, guidance: v.guidance, platform: v.platform,
    originEmail: v.originEmail, coinAmount: v.coinAmount, coinsTransferred: v.coinsTransferred, successCount: v.successCount,
    totalCount: v.totalCount, unitPriceCents: v.unitPriceCents, estimatedIncomeCents: v.estimatedIncomeCents,
    creditedCents: v.creditedCents, sellerActions: v.sellerActions, createdAt: v.createdAt, completedAt: v.completedAt,
    creditedAt: v.creditedAt, releaseAt: v.releaseAt, paidAt: v.paidAt, fixBy: v.fixBy ?? null, version: v.version,
  },
});

export const withdrawalEvent = (w: WithdrawalStatus, version: number): SellerEventInput => ({
  sellerId: w.sellerId, type: 'withdrawal:updated', subject: w.withdrawalId,
  data: {
    withdrawalId: w.withdrawalId, status: w.status, state: w.state, method: w.method, currency: w.currency,
    amountCents: w.fees.amountCents, feeCents: w.fees.feeCents, handlingFeeCents: w.fees.handlingFeeCents,
    totalPayoutCents: w.fees.totalPayoutCents, requestedAt: w.requestedAt, paidAt: w.paidAt, failedAt: w.failedAt,
    reason: w.reason, reasonText: w.reasonText, version,
  },
});

export const purchaseEvent = (p: PurchaseStatus, version: number): SellerEventInput => ({
  sellerId: p.sellerId, type: 'purchase:updated', subject: p.purchaseId,
  data: {
    purchaseId: p.purchaseId, state: p.state, phase: p.phase, playerName: p.card.playerName, platform: p.card.platform,
    coinsSpent: p.coinsSpent, incomeCents: p.incomeCents, pickedAt: p.pickedAt, deadline: p.deadline, boughtAt: p.boughtAt,
    creditedAt: p.creditedAt, releaseAt: p.releaseAt, reason: p.reason, actions: p.actions, version,
  },
});

/** The same change recorded twice (an activity retried) is one feed entry: its key is type, subject and version. */
export const dedupKeyOf = (e: SellerEventInput): string => `${e.type}|${e.subject}|v${e.data.version}`;

// ---- Status sockets -------------------------------------------------------------------------

/** The Socket.IO namespace of API status sockets (opened with an API key). */
export const STATUS_NAMESPACE = '/v1';

/**
 * Handshake auth of a status socket: the API key, and the position of the last event the client
 * processed (omit it, or send null, to get only what happens from now on; 0 replays the whole feed).
 */
export interface StatusSocketAuth {
  key: string;
  after?: number | null;
}

/** Sent once after connecting: where the replay started and where the feed stood when live delivery began. */
export interface StatusReady {
  /** The position the replay started after (what the client sent, or the head when it sent none). */
  after: number;
  /** The newest position when the socket went live; every event up to it was sent before `ready`. */
  head: number;
}

/**
 * Sent before the replay when the client's position is older than the feed keeps (entries are
 * pruned after the retention, 30 days): positions after `after` and before `oldest` are gone. Read
 * the current states through the REST API, then go on from `oldest`.
 */
export interface StatusGap {
  after: number;
  oldest: number;
}

/** Server to client on the status namespace: each event exactly once, in position order. */
export interface StatusServerToClient {
  event: (e: SellerEvent) => void;
  gap: (g: StatusGap) => void;
  ready: (r: StatusReady) => void;
  /** Sent just before the server closes the socket for good (the key was revoked or rotated). */
  closed: (r: { code: 'key_revoked' }) => void;
}
export type StatusClientToServer = Record<string, never>;

/** The socket was refused: connect_error messages (`err.message`). */
export const STATUS_SOCKET_ERRORS = {
  unauthenticated: 'invalid_api_key',
  badPosition: 'invalid_position',
  /** The key lacks the `read` scope. */
  forbidden: 'scope_read_required',
  /** The key (or the seller, over all keys) already has the most status sockets open. */
  tooManySockets: 'too_many_sockets',
  /** Too many replays (handshakes with `after`) for the seller this minute. */
  rateLimited: 'rate_limited',
  /**
   * Not a refusal of the key: the server could not check it (its database slow or down). Connect
   * again after `err.data.retryAfterMs` (domain/socket-retry.ts); socket.io-client does not by itself.
   */
  unavailable: 'unavailable',
} as const;
/** Status sockets one API key may hold open at once, on all replicas together. */
export const MAX_STATUS_SOCKETS_PER_KEY = 10;
/** Status sockets one seller may hold open at once, over all keys and replicas. */
export const MAX_STATUS_SOCKETS_PER_SELLER = 50;
