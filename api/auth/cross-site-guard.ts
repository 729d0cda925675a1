/**
 * Cross-site writes to the API are refused outright (login CSRF included); member writes also need
 * the CSRF token (`requireSeller`). A named root plugin (fastify-plugin, so its hook is the root
 * instance's and every slice registered beside it meets it), deciding on the route the request
 * reaches: percent-encoding the path (`POST /%61pi/auth/signin`) reaches the same route and meets
 * the same refusal.
 *
 * Not @fastify/csrf-protection: that one asks every write for a token, sign-up and sign-in
 * included, which a browser without a session does not have; the session's own token is checked by
 * `requireSeller`, and writes without a session are decided here by where they come from.
 */
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';
import { SESSION_CSRF } from '../../domain/messages.js';
import { routePath } from '../../infra/route-path.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteGuard = fp(async (app) => {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !routePath(req).startsWith('/api/')) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    let foreign = site === 'cross-site';
    if (!foreign && typeof origin === 'string' && origin !== 'null') {
      try {
        foreign = new URL(origin).host !== req.host;
      } catch {
        foreign = true;
      }
    }
    if (foreign) throw new DomainError('forbidden', 'cross_site', SESSION_CSRF);
  });
}, { name: 'cross-site-guard', fastify: '5.x' });
