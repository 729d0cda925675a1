/**
 * Confirming it is the seller before secrets are shown (api/auth/reauth.ts): with the current
 * password, or with a code emailed to the seller who has none. Answers how long the confirmation lasts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PAYOUT_CODE_SENT, REAUTH_DONE } from '../../domain/messages.js';
import { confirmIdentity, REAUTHENTICATION, sendConfirmCode, type IdentityProof } from '../auth/confirm-identity.js';
import { REAUTH_WINDOW_SECONDS } from '../auth/reauth.js';
import { requireSeller, signedInAccount } from '../auth/require-seller.js';

export const reauthRoutes: FastifyPluginAsync = async (app) => {
  const a = app.accounts;

  app.post('/api/member/reauth/code', { preHandler: requireSeller }, async (req) => {
    const resendAfterSeconds = await sendConfirmCode(a, await signedInAccount(req), REAUTHENTICATION);
    return { message: PAYOUT_CODE_SENT, resendAfterSeconds };
  });

  app.post('/api/member/reauth', { preHandler: requireSeller }, async (req) => {
    const seller = await signedInAccount(req);
    await confirmIdentity(a, seller, (req.body ?? {}) as IdentityProof, REAUTHENTICATION);
    await a.sessions.markReauthenticated(req.sessionDoc!._id);
    return { message: REAUTH_DONE, validForSeconds: REAUTH_WINDOW_SECONDS };
  });
};
