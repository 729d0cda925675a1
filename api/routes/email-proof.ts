/** The signed-in seller proves their address: a code is mailed to it and typed back on the settings page. */
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { EmailProofInput } from '../../domain/account-schemas.js';
import { CODE_INVALID, CODE_SENT, EMAIL_VERIFIED } from '../../domain/messages.js';
import { isProven } from '../auth/email-proof.js';
import { issueProofCode, proofCodeKey } from '../auth/proof-code.js';
import { requireSeller, sellerOf, unauthenticated } from '../auth/require-seller.js';
import { keyedDigest, sameDigest } from '../auth/tokens.js';
import { parseBody } from '../errors.js';
import { countCodeGuess } from '../auth/code-guesses.js';
import { sellerLanguage } from '../../infra/notifications/preferences.js';

export const emailProofRoutes: FastifyPluginAsync = async (app) => {
  const a = app.accounts;
  const L = a.limits;
  const sellerById = async (id: string) => {
    const seller = await a.models.Seller.findById(id).lean();
    if (!seller) throw unauthenticated();
    return seller;
  };

  /** Mails a 6-digit code to the seller's address (same resend wait and per-address limit as sign-in codes; sign-up mailed the first). */
  app.post('/api/member/email/code', { preHandler: requireSeller }, async (req) => {
    const seller = await sellerById(sellerOf(req).id);
    if (isProven(seller)) return { message: EMAIL_VERIFIED, emailVerified: true };
    await a.mailer.send(await issueProofCode(a, seller.email, await sellerLanguage(a.models.Seller.db.db!, seller._id)));
    return { message: CODE_SENT, resendAfterSeconds: L.resendWaitSeconds, emailVerified: false };
  });

  /** Checks the code: counted tries (locked after L.codeAttempts), single use, then the address is proven. */
  app.post('/api/member/email/verify', { preHandler: requireSeller }, async (req) => {
    const { code } = parseBody(EmailProofInput, req.body);
    const seller = await sellerById(sellerOf(req).id);
    if (isProven(seller)) return { message: EMAIL_VERIFIED, emailVerified: true };
    const key = proofCodeKey(seller.email);
    const live = await a.models.EmailCode.findOne({ _id: key, expiresAt: { $gt: new Date() } }).lean();
    // The daily ceiling per address: a squatter's fresh codes every hour do not buy fresh guesses.
    if (live) await countCodeGuess(a, 'email-proof', seller.email);
    const tries = live
      ? await a.limiter.hitCount('code-attempt', `${key}:${live.sentAt.getTime()}`, { max: L.codeAttempts, windowSeconds: L.codeTtlSeconds })
      : Infinity;
    const doc = tries <= L.codeAttempts ? live : null;
    const matches = doc !== null && sameDigest(doc.codeHash, keyedDigest(a.secret, `${key}:${code}`));
    const used = matches && (await a.models.EmailCode.deleteOne({ _id: key, codeHash: doc.codeHash })).deletedCount === 1;
    if (!used) throw DomainError.invalidFields([{ field: 'code', message: CODE_INVALID }], 'code_invalid');
    await a.models.Seller.updateOne({ _id: seller._id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: new Date() } });
    return { message: EMAIL_VERIFIED, emailVerified: true };
  });
};
