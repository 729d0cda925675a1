import { proxy } from 'valtio';
import type { LiveEvent } from '../../../domain/live-events';
import { maySignedIn, request } from '../lib/http';

/** Session-storage key of a live token handed over by another page (or a test). */
export const LIVE_TOKEN_KEY = 'coinmarket.liveToken';
/** How many events the panel keeps. */
export const LIVE_EVENTS_KEPT = 50;

/** `reconnecting`: the socket is away for a moment and comes back by itself; `offline`: refused or closed for good. */
export type LiveStatus = 'off' | 'connecting' | 'online' | 'reconnecting' | 'offline';

export const live = proxy({
  status: 'off' as LiveStatus,
  events: [] as LiveEvent[],
});

/** Merges new events into the list: no duplicates (by id), in id order, the newest `max` kept. */
export function mergeEvents(existing: readonly LiveEvent[], incoming: readonly LiveEvent[], max = LIVE_EVENTS_KEPT): LiveEvent[] {
  const byId = new Map<string, LiveEvent>();
  for (const e of existing) byId.set(e.id, e);
  for (const e of incoming) byId.set(e.id, e);
  // Ids are hex ObjectIds of one length: string order is time order.
  const sorted = [...byId.values()].sort((a, b) => (a.id.length - b.id.length) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted.slice(-max);
}

export function addEvents(incoming: readonly LiveEvent[]): void {
  if (incoming.length) live.events = mergeEvents(live.events, incoming);
}

export const lastEventId = (): string | null => live.events.at(-1)?.id ?? null;

/** A fresh live token from the API (they are short-lived), else one handed over in session storage; none when signed out. */
export async function fetchLiveToken(): Promise<string | null> {
  try {
    const res = maySignedIn() ? await request<{ token?: string }>('/api/live/token') : null;
    if (res?.ok && res.json && typeof res.data === 'object' && res.data?.token) return res.data.token;
  } catch {
    // offline: try a handed-over token
  }
  try {
    return sessionStorage.getItem(LIVE_TOKEN_KEY);
  } catch {
    return null; // storage unavailable
  }
}
