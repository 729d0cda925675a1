/**
 * Temporal's remote codec protocol (POST …/decode and …/encode, JSON `{ payloads: [{ metadata, data }] }`
 * with base64 values) so the Temporal UI and CLI show decrypted payloads to support staff.
 * Guarded twice: a bearer token (CODEC_AUTH_TOKEN), and CORS for the one configured UI origin.
 * The Temporal UI cannot send a fixed header, so the token may instead be the path segment of the
 * endpoint it is given (`/codec/<token>`); request logging is off, so the path is not logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Payload } from '@temporalio/common';
import { DomainError } from '../../domain/errors.js';
import type { KeyRing } from '../secrets/key-ring.js';
import { EncryptionCodec } from './payload-codec.js';

export interface CodecEndpointOptions {
  keys: KeyRing;
  /** Bearer token every request must carry. */
  authToken: string;
  /** The Temporal UI's origin (e.g. http://127.0.0.1:8233): the only origin a browser may call from. */
  uiOrigin?: string;
  /** The Temporal namespace served; a request naming another in X-Namespace is refused. */
  namespace: string;
  prefix?: string;
}

interface JsonPayload { metadata?: Record<string, string>; data?: string }

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Namespace';
const MAX_PAYLOADS = 1000;

/** Mounts the codec endpoint (POST <prefix>/decode, <prefix>/encode, and the same under <prefix>/<token>/). */
export function registerCodecEndpoint(http: FastifyInstance, opts: CodecEndpointOptions): void {
  const prefix = opts.prefix ?? '/codec';
  const codec = new EncryptionCodec(opts.keys);
  const expected = digest(opts.authToken);

  const cors = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined) return true; // the CLI and scripts send no Origin
    if (!opts.uiOrigin || origin !== opts.uiOrigin) return false;
    reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true').header('Vary', 'Origin');
    return true;
  };

  const authorized = (req: FastifyRequest): boolean => {
    const header = req.headers.authorization;
    const fromHeader = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const fromPath = (req.params as { token?: string }).token;
    const given = fromHeader ?? fromPath;
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };

  for (const path of [prefix, `${prefix}/:token`]) {
    for (const op of ['decode', 'encode'] as const) {
      // Preflight carries no credentials by design: answered for the UI origin only.
      http.options(`${path}/${op}`, async (req, reply) => {
        if (!cors(req, reply) || req.headers.origin === undefined) throw new DomainError('forbidden', 'codec_origin', 'This origin may not use the codec.');
        return reply.header('Access-Control-Allow-Methods', 'POST').header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
          .header('Access-Control-Max-Age', '600').code(204).send();
      });
      http.post(`${path}/${op}`, async (req, reply) => {
        if (!cors(req, reply)) throw new DomainError('forbidden', 'codec_origin', 'This origin may not use the codec.');
        if (!authorized(req)) {
          reply.header('WWW-Authenticate', 'Bearer');
          throw new DomainError('unauthenticated', 'codec_token', 'A valid codec token is required.');
        }
        const namespace = req.headers['x-namespace'];
        if (typeof namespace === 'string' && namespace !== '' && namespace !== opts.namespace) {
          throw new DomainError('forbidden', 'codec_namespace', `This codec serves the namespace ${opts.namespace} only.`);
        }
        const payloads = parsePayloads(req.body);
        let out: Payload[];
        try {
          out = op === 'decode' ? await codec.decode(payloads) : await codec.encode(payloads);
        } catch {
          throw new DomainError('invalid', 'codec_undecodable', 'A payload could not be decrypted with the configured keys.');
        }
        return reply.header('Cache-Control', 'no-store').send({ payloads: out.map(toJson) });
      });
    }
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

function parsePayloads(body: unknown): Payload[] {
  const list = (body as { payloads?: unknown } | null)?.payloads;
  if (!Array.isArray(list) || list.length > MAX_PAYLOADS) {
    throw new DomainError('invalid', 'codec_body', `Send { "payloads": [...] } with at most ${MAX_PAYLOADS} payloads.`);
  }
  return list.map((p: JsonPayload) => {
    if (!p || typeof p !== 'object' || (p.metadata !== undefined && (typeof p.metadata !== 'object' || p.metadata === null))) {
      throw new DomainError('invalid', 'codec_body', 'Each payload is { metadata: { key: base64 }, data: base64 }.');
    }
    return {
      metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, new Uint8Array(Buffer.from(String(v), 'base64'))])),
      data: new Uint8Array(Buffer.from(typeof p.data === 'string' ? p.data : '', 'base64')),
    };
  });
}

const toJson = (p: Payload): JsonPayload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? new Uint8Array()).toString('base64')])),
  data: Buffer.from(p.data ?? new Uint8Array()).toString('base64'),
});
