/**
 * Payoneer binding: a real consent flow against the payout provider. The seller is redirected to
 * the provider's consent page with a one-time state; the provider sends them back with a code, which
 * we exchange for the payee and store as the seller's binding.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import { PayoutUnavailableError } from '../../infra/payout/gateway.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import type { WithdrawalOptions } from '../withdrawals/settings.js';

export const PAYONEER_BINDINGS = 'payoneer_bindings';
export const PAYONEER_STATES = 'payoneer_binding_states';
const STATE_TTL_MS = 10 * 60_000;

export interface PayoneerBindingDoc { _id: string; payeeId: string; email: string; boundAt: Date }
interface StateDoc { _id: string; sellerId: string; expiresAt: Date }

export async function registerPayoneerRoutes(app: FastifyInstance, deps: { db: Db; options: WithdrawalOptions }) {
  const bindings = deps.db.collection<PayoneerBindingDoc>(PAYONEER_BINDINGS);
  const states = deps.db.collection<StateDoc>(PAYONEER_STATES);
  const origin = (req: { protocol: string; host: string }) => app.accounts.publicUrl ?? `${req.protocol}://${req.host}`;

  /** The seller's Payoneer binding, if any. */
  app.get('/api/member/payoneer', { preHandler: requireSeller }, async (req) => {
    const b = await bindings.findOne({ _id: sellerOf(req).id });
    return { bound: !!b, ...(b ? { email: b.email, payeeId: b.payeeId, boundAt: b.boundAt.getTime() } : {}) };
  });

  /** Starts binding: redirects to the provider's consent page with a one-time state (stored hashed). */
  app.get('/api/member/payoneer/bind', { preHandler: requireSeller }, async (req, reply) => {
    if (!deps.options.payoneerConsentUrl) throw new DomainError('unavailable', 'payoneer_unavailable', 'Payoneer binding is not available right now');
    const state = randomToken(24);
    await states.insertOne({ _id: sha256(state), sellerId: sellerOf(req).id, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
    const url = new URL(deps.options.payoneerConsentUrl);
    url.searchParams.set('redirect_uri', `${origin(req)}/api/member/payoneer/callback`);
    url.searchParams.set('state', state);
    return reply.redirect(url.toString(), 302);
  });

  /** The provider sends the seller back here: the state must be this seller's and unused; the code is exchanged once. */
  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>('/api/member/payoneer/callback', { preHandler: requireSeller }, async (req, reply) => {
    const seller = sellerOf(req).id;
    const { code = '', state = '', error } = req.query;
    const doc = state ? await states.findOneAndDelete({ _id: sha256(state) }) : null; // single use
    if (!doc || doc.sellerId !== seller || doc.expiresAt.getTime() < Date.now()) return reply.redirect('/member/my-info?payoneer=invalid', 302);
    if (error || !code) return reply.redirect('/member/my-info?payoneer=denied', 302);
    if (!deps.options.payouts) return reply.redirect('/member/my-info?payoneer=unavailable', 302);
    let payee;
    try {
      payee = await deps.options.payouts.payoneerToken(code);
    } catch (err) {
      if (err instanceof PayoutUnavailableError) return reply.redirect('/member/my-info?payoneer=unavailable', 302);
      return reply.redirect('/member/my-info?payoneer=invalid', 302);
    }
    await bindings.replaceOne({ _id: seller }, { payeeId: payee.payeeId, email: payee.email, boundAt: new Date() }, { upsert: true });
    return reply.redirect('/member/my-info?payoneer=bound', 302);
  });
}
