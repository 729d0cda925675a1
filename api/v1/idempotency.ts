/**
 * `Idempotency-Key` on every v1 POST: the first answer (2xx or 4xx) is kept 24 hours and
 * returned again for the same key and the same request; the same key with another request is
 * refused with 422, and a retry while the first request still runs with 409 (both as the "Error
 * Scenarios" of draft-ietf-httpapi-idempotency-key-header give them). Exclusivity comes from one
 * unique insert per seller and key (a second request racing the first is told to retry); an
 * answer not yet stored after a crash can be taken over after a minute. Expiry is a stored time checked on read (no TTL index), swept by the API.
 */
import { createHash } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { keyOf } from './guard.js';
import { isDuplicateKey } from '../../infra/db.js';

import { IDEMPOTENCY_COLLECTION, IDEMPOTENCY_TTL_MS } from '../../infra/v1/idempotency-keys.js';
export { IDEMPOTENCY_COLLECTION, IDEMPOTENCY_TTL_MS };
/** A request still running after this long is taken to have died with its process. */
const PENDING_MS = 60_000;

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
    idempotency?: { id: string; stored: boolean };
  }
}

/** A canonical JSON text (sorted keys), so the same body in another key order is the same request. */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(v) ?? 'null';

export class IdempotencyStore {
  private constructor(private readonly coll: Collection<IdemDoc>) {}

  static async open(db: Db): Promise<IdempotencyStore> {
    const coll = db.collection<IdemDoc>(IDEMPOTENCY_COLLECTION);
    return new IdempotencyStore(coll);
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
        await this.coll.insertOne({ _id: id, fingerprint, state: 'pending', status: 0, body: '', contentType: '', createdAt: now, pendingUntil: new Date(now.getTime() + PENDING_MS), expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) });
        req.idempotency = { id, stored: false };
        return;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new DomainError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still running; please retry shortly');
  }

  /**
   * onSend: keeps a 2xx/4xx answer for replays; a 5xx frees the key so the client can retry.
   * `kept` shapes what is kept of a 2xx JSON answer (an operation that shows a secret once keeps it out).
   */
  async finish(req: FastifyRequest, reply: FastifyReply, payload: unknown, kept?: (body: unknown) => unknown): Promise<void> {
    const claim = req.idempotency;
    if (!claim || claim.stored) return;
    claim.stored = true;
    if (reply.statusCode >= 500) {
      await this.coll.deleteOne({ _id: claim.id, state: 'pending' });
      return;
    }
    let body = typeof payload === 'string' ? payload : '';
    if (kept && body && reply.statusCode < 300) body = JSON.stringify(kept(JSON.parse(body)));
    await this.coll.updateOne({ _id: claim.id, state: 'pending' }, {
      $set: { state: 'done', status: reply.statusCode, body, contentType: String(reply.getHeader('content-type') ?? 'application/json') },
    });
  }

}
