import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../domain/live-events';
import { addEvents, fetchLiveToken, lastEventId, live } from '../state/live';
import { retryWhenUnavailable } from './retry';

/** A window event: the server closed the live socket (the session may have ended); state/session.ts checks. */
export const LIVE_CLOSED_BY_SERVER = 'coinmarket:live-closed';

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let stopRetrying: (() => void) | null = null;

/**
 * Opens the live socket; after every (re)connect it asks for what was missed since the last event.
 * Live tokens are short-lived, so each reconnect asks for a fresh one (the first is the one given).
 * A handshake the server could not check (`unavailable`) is tried again after its pause; a refused
 * one (`unauthenticated`) leaves the socket closed.
 */
export function connectLive(token: string): void {
  if (socket) return;
  let first: string | null = token;
  socket = io({
    auth: (send) => {
      const given = first;
      first = null;
      if (given) return send({ token: given });
      void fetchLiveToken().then((fresh) => send(fresh ? { token: fresh } : {}));
    },
  });
  socket.on('connect', () => {
    live.status = 'online';
    socket?.emit('live:resync', lastEventId(), (result) => {
      if ('data' in result) addEvents(result.data);
    });
  });
  socket.on('disconnect', (reason) => {
    // socket.io reconnects by itself unless the server closed the socket (its session ended).
    live.status = reason === 'io server disconnect' ? 'offline' : 'reconnecting';
    // The server ends a session's sockets when it ends (a logout in another tab or device).
    if (reason === 'io server disconnect') window.dispatchEvent(new Event(LIVE_CLOSED_BY_SERVER));
  });
  stopRetrying = retryWhenUnavailable(socket, {
    retrying: () => { live.status = 'reconnecting'; },
    refused: () => { live.status = 'offline'; },
  });
  socket.on('live:event', (event) => addEvents([event]));
}

export function disconnectLive(): void {
  stopRetrying?.();
  stopRetrying = null;
  socket?.disconnect();
  socket = null;
  live.status = 'off';
}
