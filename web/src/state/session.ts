import { proxy } from 'valtio';
import { maySignedIn, request, requestJson } from '../lib/http';
import { startLive, stopLive } from '../live/start';
import { navigate } from 'wouter/use-browser-location';
import { localizedPath, resolveLocation } from '../location';

/** The signed-in seller as GET /api/me and the sign-in answers describe it. */
export interface SessionSeller {
  id: string;
  email: string;
  username: string | null;
  hasPassword: boolean;
  google: boolean;
  /** The seller proved the address (needed for payout settings and a Google link). */
  emailVerified: boolean;
  /** A payment method and address are saved (with the proof, what payouts need: the setup banner shows until both). */
  payoutDetailsSet: boolean;
  /** The zone times are shown in (Settings); null: the browser's. */
  timeZone: string | null;
  /** The currency amounts are also shown in (Settings); null: the payout currency. */
  displayCurrency: string | null;
}

/**
 * Who is signed in: filled from GET /api/me at start and by every sign-in answer. `checked` turns
 * true once the first answer is in, so member pages do not flash the visitor notice.
 */
export const session = proxy({
  seller: null as null | SessionSeller,
  checked: false,
  /** The set-username dialog is open. */
  usernameDialog: false,
  /** When this visit's sign-up mailed the proof code, when Settings may send another (epoch ms); else null. */
  proofResendAt: null as null | number,
  /**
   * Counts the sessions this tab has seen end: the page host drops every kept-alive page when it
   * changes, so no balance, address or record of the seller stays in memory or on screen.
   */
  ended: 0,
});

/** Tells this browser's other tabs that the seller logged out (the server ends their sockets too; this is at once). */
const tabs: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('coinmarket-session');

export const signedIn = (): boolean => session.seller !== null;

/** The product part of the balance route (/member/{product}-balance). */
export const BALANCE_PRODUCT = 'coins';

/** Asks the API who is signed in (a 401 means a visitor); a browser without a session cookie is a visitor without asking. */
export async function loadSession(): Promise<void> {
  if (!maySignedIn()) {
    session.seller = null;
    session.checked = true;
    return;
  }
  try {
    const res = await request<SessionSeller>('/api/me');
    session.seller = res.ok && res.json && typeof res.data === 'object' ? res.data : null;
  } catch {
    // Offline: stay a visitor until the next try.
  } finally {
    session.checked = true;
  }
  if (session.seller) void startLive();
}

/** Takes over the seller of a sign-in answer (the CSRF token arrives as the readable cookie). */
export function signedInAs(seller: SessionSeller): void {
  session.seller = seller;
  session.checked = true;
  void startLive();
}

function signedOut(): void {
  const was = session.seller;
  session.seller = null;
  session.usernameDialog = false;
  session.proofResendAt = null;
  stopLive();
  if (was) {
    session.ended++;
    // The sign-in page, in this tab's language: nothing of the seller is left to look at.
    const lang = resolveLocation(window.location.pathname).lang;
    navigate(localizedPath(lang, '/signin'), { replace: true });
  }
}

// The live socket closed by the server (web/src/live/socket.ts, LIVE_CLOSED_BY_SERVER): a logout in another tab or device.
if (typeof window !== 'undefined') window.addEventListener('coinmarket:live-closed', () => void checkSessionEnded());

tabs?.addEventListener('message', (e: MessageEvent<unknown>) => {
  if ((e.data as { type?: string } | null)?.type === 'signed-out' && session.seller) signedOut();
});

/**
 * Ends this session (or, with `everywhere`, every session of the seller, whose push browsers the
 * server removes too; `revokeApiAccess` also revokes every API key and removes every webhook, which a
 * stolen session may have minted). This browser stops getting the seller's pushes either way: it
 * unsubscribes at its push service, and a plain logout names it so the account drops it.
 */
export async function logout(everywhere = false, revokeApiAccess = false): Promise<void> {
  try {
    // Loaded only at logout, and not through lib/push: its API client (~5 KB gzip) stays out of every visitor's first view, and React's chunk stays whole.
    const pushEndpoint = await import('../lib/push-subscription').then((push) => push.unsubscribeThisBrowser(), () => null);
    const body = everywhere ? (revokeApiAccess ? { revokeApiAccess } : {}) : (pushEndpoint ? { pushEndpoint } : {});
    await requestJson(everywhere ? '/api/auth/logout-all' : '/api/auth/logout', { method: 'POST', body });
  } finally {
    signedOut();
    tabs?.postMessage({ type: 'signed-out' });
  }
}

/** A member call answered 401: the session ended elsewhere, so this tab is a visitor again. */
export function sessionEnded(): void {
  signedOut();
}

/** The server closed the live socket: if that was the session ending (a logout elsewhere), this tab signs out too. */
export async function checkSessionEnded(): Promise<void> {
  if (!session.seller) return;
  try {
    const res = await request<SessionSeller>('/api/me');
    if (res.status === 401) signedOut();
  } catch {
    // Offline: the next member call tells.
  }
}

const OFFERED_KEY = 'coinmarket.usernameOffered.';

/**
 * Opens the set-username dialog once per seller and browser, right after sign-up or the first
 * sign-in without a username; a seller with a username is never offered it.
 */
export function offerUsername(): void {
  const seller = session.seller;
  if (!seller || seller.username) return;
  try {
    if (localStorage.getItem(OFFERED_KEY + seller.id)) return;
    localStorage.setItem(OFFERED_KEY + seller.id, '1');
  } catch {
    // No storage: offer it this time.
  }
  session.usernameDialog = true;
}

/** Opens the dialog on request (the settings page) while no username is set. */
export function openUsernameDialog(): void {
  if (session.seller && !session.seller.username) session.usernameDialog = true;
}
