/** Everything the account routes and `requireSeller` share, built once per app and hung on the Fastify instance. */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Connection } from 'mongoose';
import { accountModels, type AccountModels } from '../../infra/accounts/models.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import type { Logger } from '../../infra/logger.js';
import { CaptchaService } from '../../infra/accounts/captcha.js';
import { DEFAULT_LIMITS, RateLimiter, type AccountLimits } from '../../infra/accounts/limits.js';
import { DEFAULT_SESSION_POLICY, SessionStore, type SessionPolicy } from './sessions.js';
import { isHttpsSite, publicOrigin } from '../site.js';
import { GoogleVerifier, type GoogleSettings } from './google.js';
import { PushSubscriptions } from '../../infra/web-push/subscriptions.js';

/** How accounts are set up; every field but `secret` and `mailer` has a production default. */
export interface AccountsOptions {
  /** Keys the digests of short secrets (emailed codes, captcha answers). */
  secret: string;
  mailer: Mailer;
  /** The site's public origin for links in mails (PUBLIC_URL); unset only before the API listens (then its own address). */
  publicUrl?: string;
  google?: GoogleSettings;
  limits?: Partial<AccountLimits>;
  sessionPolicy?: Partial<SessionPolicy>;
  /** How long a replica trusts a session it read (SESSION_CACHE_MS); tests lengthen it to show that an ended session's notice clears it. */
  sessionCacheMs?: number;
  /** Proof-of-work difficulty: challenges draw their number up to this (CAPTCHA_MAX_NUMBER). */
  captchaMaxNumber?: number;
  /** What "now" is for the limits (tests move it across a window's turn instead of waiting); the wall clock otherwise. */
  clock?: () => number;
}

export interface Accounts {
  models: AccountModels;
  sessions: SessionStore;
  limiter: RateLimiter;
  captcha: CaptchaService;
  limits: AccountLimits;
  mailer: Mailer;
  secret: string;
  /** Origin of every link in mails: configuration only, never a request's Host. */
  publicUrl: string | null;
  /** Cookies carry Secure when the configured site is https (not when a header says so). */
  secureCookies: boolean;
  google: GoogleVerifier;
  logger: Logger;
  /**
   * Revokes every API key and removes every webhook endpoint of a seller (logout everywhere and
   * password reset offer it: secrets minted with a stolen session outlive the session). Wired by
   * the app once keys and webhooks exist.
   */
  revokeApiAccess(sellerId: string): Promise<ApiAccessRevoked>;
}

export interface ApiAccessRevoked { keysRevoked: number; webhooksRemoved: number }

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export async function createAccounts(db: Connection, options: AccountsOptions, logger: Logger): Promise<Accounts> {
  const models = await accountModels(db);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const sessions = new SessionStore(models.Session, await PushSubscriptions.open(db.db!), { ...DEFAULT_SESSION_POLICY, ...options.sessionPolicy }, options.sessionCacheMs);
  const captcha = new CaptchaService(models.Captcha, createHmac('sha256', options.secret).update('captcha').digest('hex'), limits.captchaTtlSeconds, options.captchaMaxNumber);
  return {
    models,
    sessions,
    limiter: new RateLimiter(models.RateCounter, options.clock),
    captcha,
    limits,
    mailer: options.mailer,
    secret: options.secret,
    publicUrl: options.publicUrl ? publicOrigin(options.publicUrl) : null,
    secureCookies: isHttpsSite(options.publicUrl),
    google: new GoogleVerifier(options.google ?? {}),
    logger,
    revokeApiAccess: async () => ({ keysRevoked: 0, webhooksRemoved: 0 }),
  };
}

export function decorateAccounts(app: FastifyInstance, accounts: Accounts) {
  app.decorate('accounts', accounts);
}
