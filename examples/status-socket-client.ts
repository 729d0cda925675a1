/**
 * A complete status-socket client for Coin Market API sellers (docs/api-events.md, "Status
 * sockets"). It needs only `socket.io-client`. Run it with
 *
 *   COIN_MARKET_URL=https://coin-market.example COIN_MARKET_API_KEY=cmk_… npx tsx examples/status-socket-client.ts
 *
 * It prints every status change of your comfort runs, withdrawals and player purchases. The
 * position of the last event it processed is kept in a file (`POSITION_FILE`, default
 * `.coin-market-position`); after a disconnect or a restart it asks the server for everything
 * after that position, so nothing is missed and nothing is processed twice.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { io, type Socket } from 'socket.io-client';

/** One change, as the server sends it. `position` counts 1, 2, 3, … over all your events. */
export interface StatusEvent {
  position: number;
  type: 'comfort-run:updated' | 'withdrawal:updated' | 'purchase:updated';
  subject: string;
  at: string;
  data: Record<string, unknown> & { status?: string; state: string; version: number };
}

export interface FollowOptions {
  url: string;
  key: string;
  /** The last position you processed (null: only what happens from now on; 0: your whole history). */
  after: number | null;
  /** Called once per position, in order; the next event waits until it resolves. Save the position with your own effect. */
  onEvent(e: StatusEvent): Promise<void> | void;
  /**
   * Your position is older than the server keeps (30 days): the events in between are gone. Re-read
   * the current states through the REST API here; the stream goes on from `oldest`.
   */
  onGap?(g: { after: number; oldest: number }): Promise<void> | void;
  /** The server replayed everything after your position and is now live. */
  onReady?(r: { after: number; head: number }): void;
  /** The key was revoked or rotated, or is not valid: the socket stays closed. */
  onClosed?(reason: string): void;
  /** The server could not check the key just now (`unavailable`, its database slow or down): it connects again in `delayMs`. */
  onRetry?(delayMs: number): void;
}

/** The longest pause between two tries, however many `unavailable` answers came in a row. */
const RETRY_CAP_MS = 30_000;

/**
 * Follows the seller's statuses. The rule that makes it exact: process position p only when it is
 * last + 1; drop p ≤ last (already processed); on p > last + 1 (cannot happen with this server,
 * kept as a guard) reconnect, which resyncs from `last`.
 */
export function followStatuses(o: FollowOptions): { socket: Socket; last(): number | null; close(): void } {
  let last = o.after;
  let queue = Promise.resolve();
  const socket: Socket = io(`${o.url.replace(/\/$/, '')}/v1`, {
    // A function: socket.io calls it on every (re)connect, so the server always gets the newest position.
    auth: (cb) => cb({ key: o.key, after: last }),
    transports: ['websocket'],
  });
  socket.on('event', (e: StatusEvent) => {
    queue = queue.then(async () => {
      if (last !== null && e.position <= last) return;
      if (last !== null && e.position > last + 1) {
        socket.disconnect().connect();
        return;
      }
      await o.onEvent(e);
      last = e.position;
    });
  });
  socket.on('gap', (g: { after: number; oldest: number }) => {
    queue = queue.then(async () => {
      await o.onGap?.(g);
      last = g.oldest - 1;
    });
  });
  socket.on('ready', (r: { after: number; head: number }) => {
    if (last === null) last = r.after;
    o.onReady?.(r);
  });
  socket.on('closed', (r: { code: string }) => o.onClosed?.(r.code));
  let unavailableInARow = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect', () => { unavailableInARow = 0; });
  socket.on('connect_error', (err: Error & { data?: { retryAfterMs?: number } }) => {
    // A refused key is final: only a new key helps.
    if (err.message === 'invalid_api_key' || err.message === 'scope_read_required') {
      socket.close();
      o.onClosed?.(err.message);
      return;
    }
    // The server could not check the key (not a refusal of it). socket.io retries a lost connection
    // by itself, never an answer like this one: connect again after the pause the server asks for,
    // half again longer for each such answer in a row, capped, spread a little at random.
    if (err.message === 'unavailable') {
      unavailableInARow++;
      const asked = err.data?.retryAfterMs ?? 1_000;
      const delayMs = Math.round(Math.min(RETRY_CAP_MS, asked * 1.5 ** Math.min(unavailableInARow - 1, 10)) * (0.8 + 0.2 * Math.random()));
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), delayMs);
      o.onRetry?.(delayMs);
    }
  });
  const close = () => {
    clearTimeout(retry);
    socket.close();
  };
  return { socket, last: () => last, close };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.COIN_MARKET_URL ?? 'http://127.0.0.1:3000';
  const key = process.env.COIN_MARKET_API_KEY;
  if (!key) throw new Error('set COIN_MARKET_API_KEY to your API key (cmk_…)');
  const file = process.env.POSITION_FILE ?? '.coin-market-position';
  const saved = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : null;
  followStatuses({
    url, key, after: Number.isSafeInteger(saved) ? saved : null,
    onEvent: (e) => {
      console.log(`#${e.position} ${e.at} ${e.type} ${e.subject}: ${e.data.status ?? e.data.state}`);
      writeFileSync(file, String(e.position));
    },
    onReady: (r) => console.log(`live from position ${r.head} (replayed ${r.head - r.after})`),
    onRetry: (ms) => console.error(`server busy; connecting again in ${ms} ms`),
    onClosed: (reason) => {
      console.error(`closed: ${reason}`);
      process.exit(1);
    },
  });
}
