/**
 * The coarse per-IP limit in front of every API route (a named root plugin, so it covers every
 * slice): in memory per replica, it costs no database work, so a flood never reaches MongoDB or argon2.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { routePath } from '../../infra/route-path.js';
import { tooManyAttempts } from '../../infra/accounts/limits.js';

/** Paths behind the limit. /ready pings MongoDB and Temporal and /codec decrypts payloads: both cost work, so both are counted; /health and pages are not. */
const LIMITED_PREFIXES = ['/api/', '/ready', '/codec/'];

export interface IpRateLimitOptions { max: number; windowMs: number }

export const ipRateLimit = fp<IpRateLimitOptions>(async (app, o) => {
  await app.register(rateLimit, {
    global: true,
    max: o.max,
    timeWindow: o.windowMs,
    // Decided on the route reached, not the raw URL: `/%61pi/config` is `/api/config` to the router.
    allowList: (req) => !LIMITED_PREFIXES.some((p) => routePath(req).startsWith(p)),
    errorResponseBuilder: (_req, ctx) => tooManyAttempts(Math.ceil(ctx.ttl / 1000)),
  });
}, { name: 'ip-rate-limit', fastify: '5.x' });
