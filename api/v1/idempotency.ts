/**
 * `Idempotency-Key` on every v1 POST: the first answer (2xx or 4xx) is kept 24 hours and
 * returned again for the same key and the same request; the same key with another request is
 * refused with 422, and a retry while the first request still runs with 409 (both as the "Error
 * Scenarios" of draft-ietf-httpapi-idempotency-key-header give them). Exclusivity comes from one
 * unique insert per seller and key (a second request racing the first is told to retry). The claim
 * is a lease: the request that holds it renews it while it runs, so a slow request keeps it however
 * long it takes, and the claim of a request that died with its process can be taken over once its
 * lease lapses (20 s; it was a fixed minute, which kept an API seller's retry after an API crash
 * waiting that long: the dependency-kills test spent 50 of its 89 s there). A request still running
 * after CLAIM_HOLD_MS lets its claim go, so no stuck handler holds a key for the life of its process.
 * Expiry is a stored time checked on read (no TTL index), swept by the API.
 */
import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { Counter, type Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { keyOf } from './guard.js';
import { isDuplicateKey } from '../../infra/db.js';
import { PREFIX } from '../../infra/metrics/registry.js';

import { IDEMPOTENCY_COLLECTION, IDEMPOTENCY_TTL_MS } from '../../infra/v1/idempotency-keys.js';
export { IDEMPOTENCY_COLLECTION, IDEMPOTENCY_TTL_MS };
/** A claim not renewed for this long was held by a request that died with its process. */
export const CLAIM_LEASE_MS = 20_000;
/** How often a running request renews its claim: three renewals may be missed before the lease lapses. */
export const CLAIM_RENEW_MS = 5_000;
/**
 * The longest a request keeps its claim. Every v1 handler's dependencies have timeouts, so a request
 * still running after this is stuck, not slow: it stops renewing and its lease lapses, so the client's
 * retry runs the request instead of being told 409 for as long as the process lives.
 */
export const CLAIM_HOLD_MS = 10 * 60_000;

export interface ClaimTimes { leaseMs: number; renewMs: number; holdMs?: number }

interface IdemDoc {
  _id: string;
  fingerprint: string;
  state: 'pending' | 'done';
  status: number;
  body: string;
  contentType: string;
  createdAt: Date;
  pendingUntil: Date;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { id: string; createdAt: Date; stored: boolean; renewal: NodeJS.Timeout };
  }
}

/** A canonical JSON text (sorted keys), so the same body in another key order is the same request. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(v) ?? 'null';

/** What an operator sees of the claims (`coinmarket_idempotency_*`; docs/operations.md). */
interface ClaimCounters { renewalFailed(): void; letGo(): void }

function claimCounters(registry?: Registry): ClaimCounters {
  if (!registry) return { renewalFailed: () => undefined, letGo: () => undefined };
  const counter = (name: string, help: string) => new Counter({ name: `${PREFIX}${name}`, help, registers: [registry] });
  const failed = counter('idempotency_renewals_failed_total', 'Renewals of a running request\'s Idempotency-Key claim that the database refused (three in a row let the lease lapse)');
  const letGo = counter('idempotency_claims_let_go_total', 'Idempotency-Key claims a request still held after CLAIM_HOLD_MS (10 minutes): it stopped renewing, so a retry runs the request');
  return { renewalFailed: () => failed.inc(), letGo: () => letGo.inc() };
}

export class IdempotencyStore {
  private constructor(private readonly coll: Collection<IdemDoc>, private readonly times: Required<ClaimTimes>, private readonly count: ClaimCounters) {}

  static async open(db: Db, times: ClaimTimes = { leaseMs: CLAIM_LEASE_MS, renewMs: CLAIM_RENEW_MS }, registry?: Registry): Promise<IdempotencyStore> {
    const coll = db.collection<IdemDoc>(IDEMPOTENCY_COLLECTION);
    return new IdempotencyStore(coll, { holdMs: CLAIM_HOLD_MS, ...times }, claimCounters(registry));
  }

  /**
   * Keeps this request's claim while it runs. Not a sweep (docs/operations.md): a per-request timer
   * that `finish` ends when the answer is sent. Not at the connection's close: a handler goes on after
   * its client went away, and its claim must hold until it is done.
   */
  private renew(req: FastifyRequest, id: string, createdAt: Date): NodeJS.Timeout {
    const timer = setInterval(() => {
      if (Date.now() - createdAt.getTime() >= this.times.holdMs) {
        clearInterval(timer);
        this.count.letGo();
        req.log.warn({ holdMs: this.times.holdMs }, 'an Idempotency-Key claim held this long is let go: its retry will run the request');
        return;
      }
      this.coll.updateOne({ _id: id, createdAt, state: 'pending' }, { $set: { pendingUntil: new Date(Date.now() + this.times.leaseMs) } })
        .catch((err: unknown) => {
          this.count.renewalFailed();
          req.log.warn({ err }, 'could not renew an Idempotency-Key claim');
        });
    }, this.times.renewMs);
    timer.unref();
    return timer;
  }

  /** preHandler: replays a kept answer, refuses a reused key, or claims the key for this request. */
  async begin(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const key = String(req.headers['idempotency-key'] ?? '');
    const id = `${keyOf(req).sellerId}:${key}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.routeOptions.url} ${canonical(req.params)} ${canonical(req.body ?? null)}`).digest('hex');
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = new Date();
      const had = await this.coll.findOne({ _id: id });
      if (had && had.expiresAt > now) {
        if (had.fingerprint !== fingerprint) {
          // 422: the request is well formed and understood; the key is spent on another one.
          throw new DomainError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was already used for another request; use a new key for a new request', { fields: [{ field: 'Idempotency-Key', message: 'Already used for another request' }] });
        }
        if (had.state === 'done') {
          return reply.code(had.status).header('content-type', had.contentType).header('idempotent-replayed', 'true').send(had.body);
        }
        if (had.pendingUntil > now) throw new DomainError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still running; please retry shortly', { data: { retryAt: had.pendingUntil.getTime() } });
      }
      // Expired, or a pending one whose process died: remove exactly that version, then claim afresh.
      if (had) await this.coll.deleteOne({ _id: id, createdAt: had.createdAt });
      try {
        await this.coll.insertOne({ _id: id, fingerprint, state: 'pending', status: 0, body: '', contentType: '', createdAt: now, pendingUntil: new Date(now.getTime() + this.times.leaseMs), expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) });
        req.idempotency = { id, createdAt: now, stored: false, renewal: this.renew(req, id, now) };
        return;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new DomainError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still running; please retry shortly');
  }

  /**
   * onSend: keeps a 2xx/4xx answer for replays; a 5xx or a 429 frees the key so the client can retry.
   * A 429 (a rate limit, a resend wait) says "the same request, later": kept, it would be replayed to
   * that very retry for a day (an API seller's withdrawal code retried across an API crash met the
   * resend wait its first attempt had started, and got the 429 back on every retry after the wait).
   * `kept` shapes what is kept of a 2xx JSON answer (an operation that shows a secret once keeps it out).
   */
  async finish(req: FastifyRequest, reply: FastifyReply, payload: unknown, kept?: (body: unknown) => unknown): Promise<void> {
    const claim = req.idempotency;
    if (!claim || claim.stored) return;
    claim.stored = true;
    clearInterval(claim.renewal);
    // Only this request's own claim (its createdAt): a claim let go and taken over by a retry is the retry's.
    const mine = { _id: claim.id, createdAt: claim.createdAt, state: 'pending' as const };
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      await this.coll.deleteOne(mine);
      return;
    }
    let body = typeof payload === 'string' ? payload : '';
    if (kept && body && reply.statusCode < 300) body = JSON.stringify(kept(JSON.parse(body)));
    await this.coll.updateOne(mine, {
      $set: { state: 'done', status: reply.statusCode, body, contentType: String(reply.getHeader('content-type') ?? 'application/json') },
    });
  }

}
