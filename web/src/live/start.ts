// Starting and stopping the live socket, apart from the live state the socket writes: the state
// module loading the socket that imports it back was a cycle (issue 29).
import { fetchLiveToken, live } from '../state/live';

let started = false;

/** Connects the live socket when there is a token; socket.io-client is its own lazily loaded chunk. */
export async function startLive(): Promise<void> {
  if (started) return;
  started = true;
  const token = await fetchLiveToken();
  if (!token) {
    started = false;
    return;
  }
  live.status = 'connecting';
  const { connectLive } = await import('./socket');
  connectLive(token);
}

/** Closes the live socket (the seller logged out); a later sign-in starts it again. */
export function stopLive(): void {
  if (!started) return;
  started = false;
  live.events = [];
  void import('./socket').then(({ disconnectLive }) => disconnectLive());
}
