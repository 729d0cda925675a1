/**
 * Google's sign-in library (Google Identity Services), loaded only when a client id is
 * configured. The authorization-code popup flow is the default; the access-token and ID
 * credential results are supported as well. The server verifies whatever comes back.
 */
import { GOOGLE_SCRIPT_FAILED } from '../../../domain/messages';

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const GOOGLE_SCOPES = 'email profile openid';

export type GoogleFlow = 'code' | 'access_token' | 'credential';

/** What POST /api/auth/google takes. */
export interface GoogleResult {
  kind: GoogleFlow;
  value: string;
  state: string;
}

/** The sign-in the server started (POST /api/auth/google/start). */
export interface GoogleStart {
  state: string;
  nonce: string;
}

interface GoogleApi {
  accounts: {
    oauth2: {
      initCodeClient(config: Record<string, unknown>): { requestCode(): void };
      initTokenClient(config: Record<string, unknown>): { requestAccessToken(): void };
    };
    id: {
      initialize(config: Record<string, unknown>): void;
      prompt(listener?: (note: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void): void;
    };
  };
}

const api = (): GoogleApi | undefined => (window as unknown as { google?: GoogleApi }).google;

let loading: Promise<GoogleApi> | null = null;

/** Adds Google's script once; rejects with the specification's message when it cannot load. */
export function loadGoogleScript(): Promise<GoogleApi> {
  const ready = api();
  if (ready?.accounts) return Promise.resolve(ready);
  loading ??= new Promise<GoogleApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const g = api();
      if (g?.accounts) resolve(g);
      else fail();
    };
    const fail = () => {
      loading = null;
      script.remove();
      reject(new Error(GOOGLE_SCRIPT_FAILED));
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/** A cancelled or failed popup. */
export class GoogleCancelled extends Error {}

/**
 * Opens Google's popup (or One Tap for the credential flow) for the sign-in `start` and resolves
 * with its result: the state goes to Google and must come back unchanged; One Tap carries the nonce.
 */
export function requestGoogleResult(google: GoogleApi, clientId: string, start: GoogleStart, flow: GoogleFlow = 'code'): Promise<GoogleResult> {
  return new Promise((resolveResult, reject) => {
    const failed = (err?: { type?: string; message?: string }) => reject(new GoogleCancelled(err?.type ?? err?.message ?? 'cancelled'));
    const resolve = (r: { kind: GoogleFlow; value: string; state?: string }) =>
      r.state !== undefined && r.state !== start.state ? failed({ type: 'state_mismatch' }) : resolveResult({ ...r, state: start.state });
    if (flow === 'code') {
      google.accounts.oauth2
        .initCodeClient({
          client_id: clientId,
          scope: GOOGLE_SCOPES,
          ux_mode: 'popup',
          state: start.state,
          callback: (res: { code?: string; state?: string; error?: string }) =>
            res.code ? resolve({ kind: 'code', value: res.code, state: res.state }) : failed({ type: res.error }),
          error_callback: failed,
        })
        .requestCode();
    } else if (flow === 'access_token') {
      google.accounts.oauth2
        .initTokenClient({
          client_id: clientId,
          scope: GOOGLE_SCOPES,
          state: start.state,
          callback: (res: { access_token?: string; state?: string; error?: string }) =>
            res.access_token ? resolve({ kind: 'access_token', value: res.access_token, state: res.state }) : failed({ type: res.error }),
          error_callback: failed,
        })
        .requestAccessToken();
    } else {
      google.accounts.id.initialize({
        client_id: clientId,
        nonce: start.nonce,
        callback: (res: { credential?: string }) => (res.credential ? resolve({ kind: 'credential', value: res.credential }) : failed()),
      });
      google.accounts.id.prompt((note) => {
        if (note.isNotDisplayed?.() || note.isSkippedMoment?.()) failed();
      });
    }
  });
}
