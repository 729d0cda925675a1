/**
 * Cross-site writes to the API are refused outright (login CSRF included); member writes also need
 * the CSRF token (`requireSeller`). One hook on the root instance, before any route, deciding on the
 * route the request reaches: percent-encoding the path (`POST /%61pi/auth/signin`) reaches the same
 * route and meets the same refusal.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { SESSION_CSRF } from '../../domain/messages.js';
import { routePath } from '../../infra/route-path.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCrossSiteGuard(app: FastifyInstance): void {
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
}
