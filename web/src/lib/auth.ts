/** Calls of the sign-in pages that several of them share. */
import { requestJson } from './http';
import type { SessionSeller } from '../state/session';

export interface AuthOptions {
  googleClientId: string | null;
  resendWaitSeconds: number;
  codeTtlSeconds: number;
}

let options: Promise<AuthOptions> | null = null;

/** GET /api/auth/options, asked once per visit (a failure is asked again next time). */
export function authOptions(): Promise<AuthOptions> {
  options ??= requestJson<AuthOptions>('/api/auth/options').catch((err) => {
    options = null;
    throw err;
  });
  return options;
}

/** What every sign-in answers. */
export interface SignInAnswer {
  seller: SessionSeller;
  csrf: string;
  message?: string;
  /** Sign-up only: whether the proof code was mailed, and when another may be asked for. */
  emailProof?: { codeSent: boolean; resendAfterSeconds: number };
}

/** Where to go after signing in: the `next` address when it is one of ours, else home. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}
