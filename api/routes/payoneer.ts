/**
 * Payoneer binding: a real consent flow against the payout provider. Binding, rebinding and
 * removing the binding change where payouts go, so they follow the rule of every payout change
 * (`PUT /api/member/settings`): a proven address, the current password (or, without one, a code from
 * `POST /api/member/settings/code`), and a notice (in-app and by mail). Once confirmed, the seller gets the
 * provider's consent page with a one-time state; the provider sends them back with a code, which
 * we exchange for the payee and store as the seller's binding.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import { PayoutUnavailableError } from '../../infra/payout/gateway.js';
import { PayoneerBindings } from '../../infra/payout/payoneer-bindings.js';
import { PayoneerStates } from '../../infra/payout/payoneer-states.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { requireSeller, sellerOf, signedInAccount } from '../auth/require-seller.js';
import { requireProven } from '../auth/email-proof.js';
import { confirmIdentity, PAYOUT_CHANGE, type IdentityProof } from '../auth/confirm-identity.js';
import { maskAddress } from '../auth/mails.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import type { WithdrawalOptions } from '../withdrawals/settings.js';

const STATE_TTL_MS = 10 * 60_000;

export const payoneerRoutes: FastifyPluginAsync<{ db: Db; options: WithdrawalOptions; tell: TellAccount }> = async (app, deps) => {
  const bindings = PayoneerBindings.of(deps.db);
  const states = PayoneerStates.of(deps.db);
  const origin = (req: { protocol: string; host: string }) => app.accounts.publicUrl ?? `${req.protocol}://${req.host}`;

  /** The seller's Payoneer binding, if any. */
  app.get('/api/member/payoneer', { preHandler: requireSeller }, async (req) => {
    const b = await bindings.get(sellerOf(req).id);
    return { bound: !!b, ...(b ? { email: b.email, payeeId: b.payeeId, boundAt: b.boundAt.getTime() } : {}) };
  });

  /**
   * Starts binding once the seller confirmed it is them: answers the provider's consent page (with
   * a one-time state, stored hashed) for the page to open. A POST: the confirmation travels in the
   * body, and a link or image elsewhere cannot start it.
   */
  app.post('/api/member/payoneer/bind', { preHandler: requireSeller }, async (req) => {
    if (!deps.options.payoneerConsentUrl) throw new DomainError('unavailable', 'payoneer_unavailable', 'Payoneer binding is not available right now');
    const seller = await signedInAccount(req);
    requireProven(seller);
    await confirmIdentity(app.accounts, seller, (req.body ?? {}) as IdentityProof, PAYOUT_CHANGE);
    const state = randomToken(24);
    await states.issue(sha256(state), seller._id, new Date(Date.now() + STATE_TTL_MS));
    const url = new URL(deps.options.payoneerConsentUrl);
    url.searchParams.set('redirect_uri', `${origin(req)}/api/member/payoneer/callback`);
    url.searchParams.set('state', state);
    return { url: url.toString() };
  });

  /** Removes the binding (Payoneer payouts stop until a new one): the same confirmation and notice. */
  app.post('/api/member/payoneer/unbind', { preHandler: requireSeller }, async (req) => {
    const seller = await signedInAccount(req);
    requireProven(seller);
    await confirmIdentity(app.accounts, seller, (req.body ?? {}) as IdentityProof, PAYOUT_CHANGE);
    // Only the call that removed the binding tells the seller, once per binding removed.
    const removed = await bindings.unbind(seller._id);
    if (removed) await deps.tell(seller._id, 'payoneer_removed', `${seller._id}:${removed.boundAt.getTime()}`);
    return { bound: false };
  });

  /** The provider sends the seller back here: the state must be this seller's and unused; the code is exchanged once. */
  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>('/api/member/payoneer/callback', { preHandler: requireSeller }, async (req, reply) => {
    const seller = sellerOf(req);
    const { code = '', state = '', error } = req.query;
    const doc = state ? await states.take(sha256(state)) : null; // single use
    if (!doc || doc.sellerId !== seller.id || doc.expiresAt.getTime() < Date.now()) return reply.redirect('/member/my-info?payoneer=invalid', 302);
    if (error || !code) return reply.redirect('/member/my-info?payoneer=denied', 302);
    if (!deps.options.payouts) return reply.redirect('/member/my-info?payoneer=unavailable', 302);
    let payee;
    try {
      payee = await deps.options.payouts.payoneerToken(code);
    } catch (err) {
      if (err instanceof PayoutUnavailableError) return reply.redirect('/member/my-info?payoneer=unavailable', 302);
      return reply.redirect('/member/my-info?payoneer=invalid', 302);
    }
    await bindings.bind(seller.id, payee);
    // The consent's single-use state is this binding's own id (its stored hash, hashed again: nothing of it is shown).
    await deps.tell(seller.id, 'payoneer_bound', sha256(doc._id).slice(0, 32), { account: maskAddress(payee.email) });
    return reply.redirect('/member/my-info?payoneer=bound', 302);
  });
};
