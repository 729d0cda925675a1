/**
 * Seller sign-up and every way in: password, emailed code, Google; password reset by emailed
 * link; logout here or everywhere; the captcha. Routes validate with the domain schemas, apply
 * the MongoDB-backed limits, and answer the specification's words.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { object, optional, enums } from 'superstruct';
import {
  CodeRequestInput,
  CodeSignInInput,
  LogoutAllInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  PasswordSignInInput,
  SignUpInput,
} from '../../domain/account-schemas.js';
import { DomainError } from '../../domain/errors.js';
import { standingOf, standingRefusal, type Standing } from '../../domain/account-standing.js';
import { readStanding } from '../../infra/accounts/standing.js';
import { isDuplicateKey } from '../../infra/db.js';
import { parseLogoutPushEndpoint } from '../../domain/web-push.js';
import { flagField, textField } from '../../domain/fields.js';
import { hasPayoutDetails } from '../../domain/payout-readiness.js';
import {
  CAPTCHA_REQUIRED,
  CODE_INVALID,
  CODE_SENT,
  EMAIL_SENT,
  EMAIL_TAKEN,
  GOOGLE_FAILED,
  GOOGLE_LINK_UNVERIFIED,
  GOOGLE_UNAVAILABLE,
  NEW_PASSWORD_SAME,
  PASSWORD_RESET_DONE,
  REQUIRED,
  RESET_LINK_INVALID,
  SESSION_CSRF,
  SIGN_IN_FAILED,
  SIGN_UP_SUCCESS,
} from '../../domain/messages.js';
import type { SellerDoc } from '../../infra/accounts/models.js';
import type { Accounts } from '../auth/accounts.js';
import { parseBody } from '../errors.js';
import { countCodeGuess } from '../auth/code-guesses.js';
import { issueProofCode, requestMail } from '../auth/proof-code.js';
import { randomNonce, randomState } from 'openid-client';
import { GoogleSignInError } from '../auth/google.js';
import { dropSquatterHoldings, isProven, provenByMailbox } from '../auth/email-proof.js';
import { resetLinkMail, signInCodeMail } from '../auth/mails.js';
import { NotificationPreferencesStore, sellerLanguage } from '../../infra/notifications/preferences.js';
import { DEFAULT_LANGUAGE, localizedPath } from '../../domain/client-config.js';
import { checkPassword, hashPassword } from '../auth/passwords.js';
import { currentSession, requireSeller, sellerOf } from '../auth/require-seller.js';
import { clearSessionCookies, csrfMatches, setSessionCookies } from '../auth/sessions.js';
import { keyedDigest, numericCode, randomToken, sameDigest, sha256 } from '../auth/tokens.js';

const GoogleSignInInput = object({
  kind: enums(['code', 'access_token', 'credential'] as const),
  value: textField(REQUIRED, 8192),
  /** The state POST /api/auth/google/start handed out (Google echoes it back). */
  state: textField(REQUIRED, 200),
  remember: optional(flagField()),
});

const fieldError = (field: string, message: string, code = 'validation_failed') =>
  DomainError.invalidFields([{ field, message }], code);

const GOOGLE_STATE_COOKIE = 'gstate';
const GOOGLE_LOGIN_TTL_SECONDS = 10 * 60;


/** What the browser learns about the signed-in seller. */
export const publicSeller = (s: Pick<SellerDoc, '_id' | 'email' | 'username' | 'passwordHash' | 'googleSub' | 'emailVerifiedAt' | 'settings' | 'timeZone' | 'displayCurrency'>) => ({
  id: s._id,
  email: s.email,
  username: s.username,
  hasPassword: Boolean(s.passwordHash),
  google: Boolean(s.googleSub),
  emailVerified: isProven(s),
  /** A payment method and address are saved: with a proven address, what payouts need (domain/payout-readiness.ts). */
  payoutDetailsSet: hasPayoutDetails(s.settings),
  /** The seller's display choices (Settings); null: the browser's zone, the payout currency. */
  timeZone: s.timeZone ?? null,
  displayCurrency: s.displayCurrency ?? null,
});

/** 403 with the standing's words when support suspended or closed the account (asked after the credentials passed). */
function refuseUnlessActive(standing: Standing | null) {
  const refusal = standingRefusal(standing ?? 'active');
  if (refusal) throw new DomainError('forbidden', refusal.code, refusal.message);
}

/** Opens a session, sets its cookies and answers the seller and the CSRF token. */
async function signIn(req: FastifyRequest, reply: FastifyReply, seller: SellerDoc, remember: boolean, message?: string) {
  const sessions = req.server.accounts.sessions;
  refuseUnlessActive(standingOf(seller.standing));
  const { token, csrf, session } = await sessions.create(
    { id: seller._id, email: seller.email },
    remember,
    String(req.headers['user-agent'] ?? ''),
  );
  // Read again once the session exists: a suspension in between either shows here or deletes this session.
  const now = await readStanding(req.server.accounts.models.Seller.db.db!, seller._id);
  if (now !== 'active') {
    await sessions.revoke(token);
    refuseUnlessActive(now ?? 'suspended');
  }
  setSessionCookies(req, reply, token, csrf, session);
  return { seller: publicSeller(seller), csrf, ...(message ? { message } : {}) };
}

/** Where links in mails point: the configured public URL only (a request's Host is the sender's choice). */
function siteOrigin(accounts: Accounts): string {
  if (!accounts.publicUrl) throw new Error('public URL not known yet');
  return accounts.publicUrl;
}

/** Mail goes out after the answer, so the answer's timing never depends on whether the address exists. */
function sendLater(accounts: Accounts, mail: Parameters<Accounts['mailer']['send']>[0]) {
  setImmediate(() => {
    accounts.mailer.send(mail).catch(() => undefined); // the mailer logs; the seller can resend
  });
}

/** The accounts slice's way in (sign-up, sign-in, reset, Google, logout): an encapsulated plugin over `app.accounts` (the seller-auth root plugin). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const a = app.accounts;
  const L = a.limits;

  app.get('/api/auth/options', async () => ({
    googleClientId: a.google.clientId,
    resendWaitSeconds: L.resendWaitSeconds,
    codeTtlSeconds: L.codeTtlSeconds,
  }));

  /** A new proof-of-work challenge (ALTCHA): `{algorithm, challenge, maxnumber, salt, signature}`. */
  app.get('/api/captcha', async (req, reply) => {
    await a.limiter.hit('captcha-ip', req.ip, L.captchaPerIp);
    reply.header('Cache-Control', 'no-store');
    return a.captcha.issue();
  });

  app.post('/api/auth/signup', async (req, reply) => {
    const input = parseBody(SignUpInput, req.body);
    await a.limiter.hit('signup-ip', req.ip, L.signUpPerIp);
    // A forged, expired or replayed solution reads like a missing one, in the specification's words.
    if (!(await a.captcha.solve(input.captcha))) throw fieldError('captcha', CAPTCHA_REQUIRED, 'captcha_invalid');
    const seller: SellerDoc = {
      _id: randomUUID(),
      email: input.email,
      passwordHash: await hashPassword(input.password),
      username: null,
      googleSub: null,
      settings: null,
      createdAt: new Date(),
      passwordChangedAt: null,
      emailVerifiedAt: null, // anyone can type any address: it is proven by a mailed code
    };
    try {
      await a.models.Seller.create(seller);
    } catch (err) {
      // Sign-up has to say the address is taken; captcha and the per-IP limit keep that from being a lookup service.
      if (isDuplicateKey(err)) throw new DomainError('conflict', 'email_taken', EMAIL_TAKEN, { fields: [{ field: 'email', message: EMAIL_TAKEN }] });
      throw err;
    }
    // The proof code goes out at once, so the new seller is pointed to it by their mailbox. The
    // account exists whatever happens to the code: past the address's limit none is issued, and the
    // mail leaves after the answer (SMTP never holds up sign-up); Settings sends another either way.
    // The language the seller signed up in is the one their mails are written in (Settings changes it).
    const language = input.language ?? DEFAULT_LANGUAGE;
    if (input.language) await (await NotificationPreferencesStore.open(a.models.Seller.db.db!)).set(seller._id, [], input.language);
    const codeSent = await issueProofCode(a, seller.email, language, true).then((mail) => {
      sendLater(a, mail);
      return true;
    }, (err: unknown) => {
      req.log.warn({ err: { message: (err as Error).message } }, 'sign-up proof code not issued');
      return false;
    });
    reply.code(201);
    return { ...(await signIn(req, reply, seller, false, SIGN_UP_SUCCESS)), emailProof: { codeSent, resendAfterSeconds: L.resendWaitSeconds } };
  });

  app.post('/api/auth/signin', async (req, reply) => {
    const input = parseBody(PasswordSignInInput, req.body);
    await a.limiter.hit('signin-ip', req.ip, L.signInPerIp);
    // Every attempt takes a counter slot before argon2 runs, so a parallel burst gets no more
    // guesses than the limit. The lock is per address and client: it stops the guesser, while the
    // owner elsewhere still signs in, and emailed-code sign-in stays open to the owner everywhere.
    const client = `${input.email}|${req.ip}`;
    await a.limiter.hit('signin-email-client', client, L.signInPerEmailClient);
    await a.limiter.hit('signin-email', input.email, L.signInPerEmail);
    const seller = await a.models.Seller.findOne({ email: input.email }).lean();
    // An unknown email still costs one argon2 verification: the timing says nothing.
    if (!(await checkPassword(seller?.passwordHash, input.password)) || !seller) {
      throw new DomainError('unauthenticated', 'invalid_credentials', SIGN_IN_FAILED);
    }
    await a.limiter.reset('signin-email-client', client, L.signInPerEmailClient);
    return signIn(req, reply, seller, input.remember ?? false);
  });

  /** Sends a sign-in code (the identity check). The answer is the same whether or not the address has an account. */
  app.post('/api/auth/code', async (req) => {
    const { email } = parseBody(CodeRequestInput, req.body);
    await a.limiter.hit('code-ip', req.ip, L.codeRequestPerIp);
    await requestMail(a, `code:${email}`, 'code-email', email, L.codeRequestPerEmail);
    const code = numericCode(6);
    const now = Date.now();
    await a.models.EmailCode.updateOne(
      { _id: `signin:${email}` },
      { $set: { codeHash: keyedDigest(a.secret, `signin:${email}:${code}`), attempts: 0, expiresAt: new Date(now + L.codeTtlSeconds * 1000), sentAt: new Date(now) } },
      { upsert: true },
    );
    const known = await a.models.Seller.findOne({ email }, { _id: 1 }).lean();
    if (known) sendLater(a, signInCodeMail(await sellerLanguage(a.models.Seller.db.db!, known._id), email, code, Math.round(L.codeTtlSeconds / 60)));
    return { message: CODE_SENT, resendAfterSeconds: L.resendWaitSeconds };
  });

  app.post('/api/auth/signin/code', async (req, reply) => {
    const input = parseBody(CodeSignInInput, req.body);
    await a.limiter.hit('signin-ip', req.ip, L.signInPerIp);
    // Its own counter: a password lock on this address must not shut the owner's mailbox path.
    const client = `${input.email}|${req.ip}`;
    await a.limiter.hit('code-signin-client', client, L.signInPerEmailClient);
    const id = `signin:${input.email}`;
    const now = new Date();
    // Each try is counted (one insert) before the code is compared, so the lock after
    // L.codeAttempts tries holds even under parallel guesses.
    const live = await a.models.EmailCode.findOne({ _id: id, expiresAt: { $gt: now } }).lean();
    // The daily ceiling per address (all clients): fresh codes every hour do not buy fresh guesses.
    if (live) await countCodeGuess(a, 'signin', input.email);
    const tries = live
      ? await a.limiter.hitCount('code-attempt', `${id}:${live.sentAt.getTime()}`, { max: L.codeAttempts, windowSeconds: L.codeTtlSeconds })
      : Infinity;
    const doc = tries <= L.codeAttempts ? live : null;
    const given = keyedDigest(a.secret, `${id}:${input.code}`);
    const matches = doc !== null && sameDigest(doc.codeHash, given);
    // Single use: only the request that deletes the code signs in.
    const used = matches && (await a.models.EmailCode.deleteOne({ _id: id, codeHash: doc.codeHash })).deletedCount === 1;
    const seller = used ? await a.models.Seller.findOne({ email: input.email }).lean() : null;
    if (!seller) throw fieldError('code', CODE_INVALID, 'code_invalid');
    await a.limiter.reset('code-signin-client', client, L.signInPerEmailClient);
    // The code came through the mailbox: that proves the address.
    return signIn(req, reply, await provenByMailbox(a, seller), input.remember ?? false);
  });

  app.post('/api/auth/password/forgot', async (req) => {
    const { email } = parseBody(PasswordResetRequestInput, req.body);
    await a.limiter.hit('reset-ip', req.ip, L.resetRequestPerIp);
    await requestMail(a, `reset:${email}`, 'reset-email', email, L.resetRequestPerEmail);
    const token = randomToken();
    const seller = await a.models.Seller.findOne({ email }, { _id: 1 }).lean();
    if (seller) {
      await a.models.ResetToken.create({ _id: sha256(token), sellerId: seller._id, expiresAt: new Date(Date.now() + L.resetTtlSeconds * 1000), usedAt: null });
      // The reset page in the seller's mail language, as every link in their mails is.
      const language = await sellerLanguage(a.models.Seller.db.db!, String(seller._id));
      const link = `${siteOrigin(a)}${localizedPath(language, '/password/reset')}?token=${encodeURIComponent(token)}`;
      sendLater(a, resetLinkMail(language, email, link, Math.round(L.resetTtlSeconds / 60)));
    }
    return { message: EMAIL_SENT, resendAfterSeconds: L.resendWaitSeconds };
  });

  app.post('/api/auth/password/reset', async (req) => {
    const input = parseBody(PasswordResetInput, req.body);
    const id = sha256(input.token);
    const now = new Date();
    const link = await a.models.ResetToken.findOne({ _id: id, usedAt: null, expiresAt: { $gt: now } }).lean();
    const seller = link ? await a.models.Seller.findById(link.sellerId).lean() : null;
    if (!link || !seller) throw fieldError('token', RESET_LINK_INVALID, 'reset_link_invalid');
    if (seller.passwordHash && (await checkPassword(seller.passwordHash, input.password))) {
      throw fieldError('password', NEW_PASSWORD_SAME, 'password_unchanged');
    }
    // Single use: of racing requests only the one whose delete removes the link goes on.
    const claimed = await a.models.ResetToken.deleteOne({ _id: id });
    if (claimed.deletedCount !== 1) throw fieldError('token', RESET_LINK_INVALID, 'reset_link_invalid');
    // The link came through the mailbox, so the address is proven too.
    await a.models.Seller.updateOne({ _id: seller._id }, { $set: { passwordHash: await hashPassword(input.password), passwordChangedAt: now, emailVerifiedAt: seller.emailVerifiedAt ?? now } });
    // A reset means the old password may be known to someone else: every session ends, other links die.
    await a.sessions.revokeAll(seller._id);
    await a.models.ResetToken.deleteMany({ sellerId: seller._id });
    if (!seller.emailVerifiedAt) await dropSquatterHoldings(a, seller._id);
    const revoked = input.revokeApiAccess ? await a.revokeApiAccess(seller._id) : undefined;
    return { message: PASSWORD_RESET_DONE, ...revoked };
  });

  /**
   * Starts a Google sign-in: a random state (bound to this browser by an httpOnly cookie) and
   * nonce, stored for GOOGLE_LOGIN_TTL and good for one sign-in.
   */
  app.post('/api/auth/google/start', async (req, reply) => {
    if (!a.google.clientId) throw new DomainError('unavailable', 'google_unavailable', GOOGLE_UNAVAILABLE);
    await a.limiter.hit('signin-ip', req.ip, L.signInPerIp);
    const state = randomState();
    const nonce = randomNonce();
    await a.models.GoogleLogin.create({ _id: sha256(state), nonce, expiresAt: new Date(Date.now() + GOOGLE_LOGIN_TTL_SECONDS * 1000) });
    reply.setCookie(GOOGLE_STATE_COOKIE, state, { path: '/api/auth/google', httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', maxAge: GOOGLE_LOGIN_TTL_SECONDS });
    return { state, nonce };
  });

  app.post('/api/auth/google', async (req, reply) => {
    const input = parseBody(GoogleSignInInput, req.body);
    if (!a.google.clientId) throw new DomainError('unavailable', 'google_unavailable', GOOGLE_UNAVAILABLE);
    await a.limiter.hit('signin-ip', req.ip, L.signInPerIp);
    // The result must come back to the browser that started this sign-in, once, in time.
    const bound = req.cookies[GOOGLE_STATE_COOKIE] === input.state;
    const tx = bound ? await a.models.GoogleLogin.findOne({ _id: sha256(input.state), expiresAt: { $gt: new Date() } }).lean() : null;
    const claimed = tx !== null && (await a.models.GoogleLogin.deleteOne({ _id: tx._id })).deletedCount === 1;
    reply.clearCookie(GOOGLE_STATE_COOKIE, { path: '/api/auth/google' });
    let identity;
    try {
      if (!claimed) throw new GoogleSignInError(bound ? 'sign-in transaction unknown, used or expired' : 'state does not match this browser');
      identity = await a.google.verify(input.kind, input.value, { state: input.state, nonce: tx.nonce });
    } catch (err) {
      req.log.warn({ reason: err instanceof GoogleSignInError ? err.message : 'unreachable' }, 'google sign-in refused');
      throw new DomainError('unauthenticated', 'google_failed', GOOGLE_FAILED);
    }
    let seller: SellerDoc | null = await a.models.Seller.findOne({ googleSub: identity.sub }).lean<SellerDoc>();
    if (!seller) {
      // Only an address its owner has proven here is linked: an unproven account with this email
      // may be a squatter's, waiting for the owner's Google sign-in to hand it a real identity.
      const existing = await a.models.Seller.findOne({ email: identity.email }).lean<SellerDoc>();
      if (existing && !isProven(existing)) throw new DomainError('conflict', 'email_unverified', GOOGLE_LINK_UNVERIFIED);
      if (existing) {
        seller = await a.models.Seller.findOneAndUpdate(
          { _id: existing._id, googleSub: null, emailVerifiedAt: { $ne: null } },
          { $set: { googleSub: identity.sub } },
          { returnDocument: 'after' },
        ).lean<SellerDoc>();
        if (!seller) throw new DomainError('unauthenticated', 'google_failed', GOOGLE_FAILED); // linked to another Google account
      }
    }
    if (!seller) {
      // Google vouched for the address (email_verified is required), so a new account starts proven.
      const fresh: SellerDoc = {
        _id: randomUUID(), email: identity.email, passwordHash: null, username: null, googleSub: identity.sub,
        settings: null, createdAt: new Date(), passwordChangedAt: null, emailVerifiedAt: new Date(),
      };
      try {
        await a.models.Seller.create(fresh);
        seller = fresh;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        seller = await a.models.Seller.findOne({ googleSub: identity.sub }).lean<SellerDoc>();
        if (!seller) throw new DomainError('unauthenticated', 'google_failed', GOOGLE_FAILED);
      }
    }
    return signIn(req, reply, seller, input.remember ?? false);
  });

  app.post('/api/auth/logout', async (req, reply) => {
    const session = await currentSession(req);
    if (session) {
      if (!csrfMatches(req, session)) throw new DomainError('forbidden', 'csrf', SESSION_CSRF);
      await a.sessions.revoke(req.cookies.sid, parseLogoutPushEndpoint(req.body));
    }
    clearSessionCookies(req, reply);
    return { ok: true };
  });

  app.post('/api/auth/logout-all', { preHandler: requireSeller }, async (req, reply) => {
    const input = parseBody(LogoutAllInput, req.body ?? {});
    const id = sellerOf(req).id;
    const ended = await a.sessions.revokeAll(id);
    // Sessions are not all a thief keeps: API keys and webhook secrets minted with one outlive it.
    const revoked = input.revokeApiAccess ? await a.revokeApiAccess(id) : undefined;
    clearSessionCookies(req, reply);
    return { ok: true, sessionsEnded: ended, ...revoked };
  });
};
