/**
 * Seller sessions: an opaque random token in an httpOnly cookie, stored only as its sha256, with an
 * idle expiry that slides forward on use and an absolute limit. Each session also has a CSRF token
 * (synchronizer token, readable by the page through a non-httpOnly cookie) that cookie-authenticated
 * writes must echo in the X-CSRF-Token header. Ending every session of a seller also removes the
 * seller's Web Push subscriptions: a browser added through a stolen session would otherwise go on
 * receiving the seller's notices after the session it came with was ended.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Model } from 'mongoose';
import fastifyCookie from '@fastify/cookie';
import type { SessionDoc } from '../../infra/accounts/models.js';
import { findByIds } from '../../infra/find-by-ids.js';
import type { PushSubscriptions } from '../../infra/web-push/subscriptions.js';
import { randomToken, sameDigest, sha256 } from './tokens.js';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface SessionPolicy {
  /** Idle lifetime of a normal session, and of a "remember me" one. */
  idleSeconds: number;
  rememberIdleSeconds: number;
  /** Hard limits from sign-in, whatever the activity. */
  absoluteSeconds: number;
  rememberAbsoluteSeconds: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleSeconds: 12 * 3600,
  rememberIdleSeconds: 30 * 24 * 3600,
  absoluteSeconds: 7 * 24 * 3600,
  rememberAbsoluteSeconds: 90 * 24 * 3600,
};

export interface SignedInSeller { id: string; email: string }

export interface NewSession { token: string; csrf: string; session: SessionDoc }

/**
 * How long a replica trusts a session it read without reading it again. Every signed-in request
 * needs its session, and on a busy replica most would otherwise be a database round trip. The cost:
 * a session ended on another replica is forgotten when its `session:ended` notice arrives on the live
 * log (normally milliseconds), and honoured for at most this long if the notice is lost.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 50_000;

export class SessionStore {
  private readonly cache = new Map<string, { session: SessionDoc; until: number }>();
  /**
   * Told after sessions of a seller ended (logout, logout everywhere, password changed or reset):
   * the app announces it on the live log so every replica drops that seller's dead sockets.
   */
  onEnded: (sellerId: string) => Promise<void> = async () => {};

  constructor(
    private readonly sessions: Model<SessionDoc>,
    private readonly push: PushSubscriptions,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly cacheMs = SESSION_CACHE_MS,
  ) {}

  private idle(remember: boolean) {
    return (remember ? this.policy.rememberIdleSeconds : this.policy.idleSeconds) * 1000;
  }

  /** Opens a session for a seller who just proved who they are. */
  async create(seller: SignedInSeller, remember: boolean, userAgent = '', now = Date.now()): Promise<NewSession> {
    const token = randomToken();
    const csrf = randomToken();
    const absolute = now + (remember ? this.policy.rememberAbsoluteSeconds : this.policy.absoluteSeconds) * 1000;
    const session: SessionDoc = {
      _id: sha256(token),
      sellerId: seller.id,
      email: seller.email,
      csrfHash: sha256(csrf),
      remember,
      createdAt: new Date(now),
      expiresAt: new Date(Math.min(now + this.idle(remember), absolute)),
      absoluteExpiresAt: new Date(absolute),
      userAgent: userAgent.slice(0, 300),
    };
    await this.sessions.create(session);
    return { token, csrf, session };
  }

  /** The live session a cookie token stands for, or null. */
  async find(token: string | undefined, now = Date.now()): Promise<SessionDoc | null> {
    if (!token || token.length > 100) return null;
    // Looked up by _id alone, expiry checked here: FerretDB serves only an _id equality from an
    // index and scans the whole collection for anything more, on every signed-in request.
    const id = sha256(token);
    const cached = this.cache.get(id);
    const session = cached && cached.until > now ? cached.session : await this.sessions.findOne({ _id: id }).lean();
    if (!session || session.expiresAt.getTime() <= now || session.absoluteExpiresAt.getTime() <= now) {
      this.cache.delete(id);
      return null;
    }
    if (!cached || cached.until <= now) this.remember(session, now);
    return session;
  }

  /**
   * Slides the idle expiry forward once half of it is used, so an active seller stays signed in
   * while a write happens at most about twice per idle period. Returns the new expiry, or null.
   */
  async renewIfDue(session: SessionDoc, now = Date.now()): Promise<Date | null> {
    const idle = this.idle(session.remember);
    if (session.expiresAt.getTime() - now > idle / 2) return null;
    const next = new Date(Math.min(now + idle, session.absoluteExpiresAt.getTime()));
    if (next.getTime() <= session.expiresAt.getTime()) return null;
    await this.sessions.updateOne({ _id: session._id }, { $max: { expiresAt: next } });
    this.remember({ ...session, expiresAt: next }, now);
    return next;
  }

  /** Ends this session; `pushEndpoint` (this browser's, which the page just unsubscribed) leaves the session's seller too. */
  async revoke(token: string | undefined, pushEndpoint?: string): Promise<void> {
    if (!token) return;
    this.cache.delete(sha256(token));
    const ended = await this.sessions.findOneAndDelete({ _id: sha256(token) }).lean(); // FerretDB has no projection here
    if (!ended) return;
    if (pushEndpoint) await this.push.remove(ended.sellerId, pushEndpoint);
    await this.onEnded(ended.sellerId);
  }

  /**
   * Ends every session of a seller (logout everywhere, password changed or reset), optionally but
   * one, and removes every push subscription of the seller with the pushes queued for them: the
   * seller adds this browser again (re-authenticating) if they want it.
   */
  async revokeAll(sellerId: string, exceptId?: string): Promise<number> {
    for (const [id, c] of this.cache) if (c.session.sellerId === sellerId && id !== exceptId) this.cache.delete(id);
    const filter = exceptId ? { sellerId, _id: { $ne: exceptId } } : { sellerId };
    const ended = (await this.sessions.deleteMany(filter)).deletedCount;
    try {
      await this.push.removeAll(sellerId);
    } finally {
      await this.onEnded(sellerId);
    }
    return ended;
  }

  /** Drops this replica's cached sessions of a seller whose sessions ended elsewhere (the next request reads the database). */
  forgetSeller(sellerId: string): void {
    for (const [id, c] of this.cache) if (c.session.sellerId === sellerId) this.cache.delete(id);
  }

  /** Records that the seller confirmed it is them in this session (password or emailed code). */
  async markReauthenticated(sessionId: string, now = new Date()): Promise<void> {
    await this.sessions.updateOne({ _id: sessionId }, { $set: { reauthenticatedAt: now } });
    this.cache.delete(sessionId);
  }

  /** When this session last confirmed it is the seller, read from the database (a replica's cache may be behind). */
  async reauthenticatedAt(sessionId: string): Promise<Date | null> {
    const doc = await this.sessions.findOne({ _id: sessionId }, { reauthenticatedAt: 1 }).lean();
    return doc?.reauthenticatedAt ?? null;
  }

  /**
   * Which of these session ids still stand for a live session, read from the database (never the
   * cache): used to drop sockets whose session ended, possibly on another replica.
   */
  async stillLive(ids: string[], now = Date.now()): Promise<Set<string>> {
    const live = new Set<string>();
    const native = this.sessions.db.db!.collection<SessionDoc>(this.sessions.collection.collectionName);
    const docs = await findByIds(native, ids, { projection: { _id: 1, expiresAt: 1, absoluteExpiresAt: 1 } });
    for (const d of docs) if (d.expiresAt.getTime() > now && d.absoluteExpiresAt.getTime() > now) live.add(d._id);
    for (const id of ids) if (!live.has(id)) this.cache.delete(id);
    return live;
  }

  private remember(session: SessionDoc, now: number) {
    if (this.cacheMs <= 0) return;
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(session._id, { session, until: now + this.cacheMs });
  }

  /** The session in a raw Cookie header (Socket.IO handshakes), or null. */
  async fromCookie(cookieHeader: string | undefined): Promise<SessionDoc | null> {
    if (!cookieHeader) return null;
    return this.find(fastifyCookie.parse(cookieHeader)[SESSION_COOKIE]);
  }
}

/** Secure when the configured public URL is https: a client's X-Forwarded-Proto cannot turn it off. */
const isHttps = (req: FastifyRequest) => req.server.accounts.secureCookies;

/** Sets the session and CSRF cookies; a normal session's cookies die with the browser. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, csrf: string | null, session: Pick<SessionDoc, 'remember' | 'expiresAt'>) {
  const base = { path: '/', sameSite: 'lax' as const, secure: isHttps(req), ...(session.remember ? { expires: session.expiresAt } : {}) };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  if (csrf) reply.setCookie(CSRF_COOKIE, csrf, { ...base, httpOnly: false });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply) {
  const base = { path: '/', sameSite: 'lax' as const, secure: isHttps(req) };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base);
}

/** The CSRF header matches the session's token. */
export function csrfMatches(req: FastifyRequest, session: SessionDoc): boolean {
  const given = req.headers[CSRF_HEADER];
  return typeof given === 'string' && given.length > 0 && given.length < 100 && sameDigest(sha256(given), session.csrfHash);
}
