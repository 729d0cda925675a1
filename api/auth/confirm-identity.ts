/**
 * "Is it really the seller?" for actions a stolen session must not take alone: changing where
 * payouts go, and revealing or minting secrets (API keys, webhook secrets). The seller answers
 * with the current password, or, without one (Google sign-in), with a code emailed to the proven
 * address. Both are counted per seller, so a session cannot be used to guess either.
 */
import { DomainError } from '../../domain/errors.js';
import {
  CODE_INVALID,
  OLD_PASSWORD_WRONG,
  PAYOUT_CODE_REQUIRED,
  PAYOUT_PASSWORD_REQUIRED,
  REAUTH_CODE_REQUIRED,
  REAUTH_PASSWORD_REQUIRED,
} from '../../domain/messages.js';
import type { SellerDoc } from '../../infra/accounts/models.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import type { Accounts } from './accounts.js';
import { resendWait } from '../../infra/accounts/limits.js';
import { countCodeGuess } from './code-guesses.js';
import { checkPassword } from './passwords.js';
import { payoutCodeMail, reauthCodeMail } from './mails.js';
import type { LanguageCode } from '../../domain/client-config.js';
import { sellerLanguage } from '../../infra/notifications/preferences.js';
import { keyedDigest, numericCode, sameDigest } from './tokens.js';

/** What the confirmation is for: its code is kept apart, and the words say what it allows. */
export interface ConfirmPurpose {
  name: 'payout' | 'reauth';
  passwordRequired: string;
  codeRequired: string;
  mail(lang: LanguageCode, to: string, code: string, minutes: number): OutgoingMail;
}

export const PAYOUT_CHANGE: ConfirmPurpose = { name: 'payout', passwordRequired: PAYOUT_PASSWORD_REQUIRED, codeRequired: PAYOUT_CODE_REQUIRED, mail: payoutCodeMail };
export const REAUTHENTICATION: ConfirmPurpose = { name: 'reauth', passwordRequired: REAUTH_PASSWORD_REQUIRED, codeRequired: REAUTH_CODE_REQUIRED, mail: reauthCodeMail };

/** The answer a request carries: `currentPassword`, or `code` for a seller without a password. */
export interface IdentityProof { currentPassword?: unknown; code?: unknown }

/** Mails a fresh confirmation code (per-seller limit and resend wait); answers the wait before the next one. */
export async function sendConfirmCode(a: Accounts, seller: SellerDoc, purpose: ConfirmPurpose): Promise<number> {
  await a.limiter.hit(`${purpose.name}-code`, seller._id, a.limits.codeRequestPerEmail);
  const left = await a.limiter.startWait(`${purpose.name}-code:${seller._id}`, a.limits.resendWaitSeconds);
  if (left > 0) throw resendWait(left);
  const code = numericCode(6);
  const now = Date.now();
  const id = `${purpose.name}:${seller._id}`;
  await a.models.EmailCode.updateOne(
    { _id: id },
    { $set: { codeHash: keyedDigest(a.secret, `${id}:${code}`), attempts: 0, expiresAt: new Date(now + a.limits.codeTtlSeconds * 1000), sentAt: new Date(now) } },
    { upsert: true },
  );
  const lang = await sellerLanguage(a.models.Seller.db.db!, seller._id);
  a.mailer.send(purpose.mail(lang, seller.email, code, Math.round(a.limits.codeTtlSeconds / 60))).catch(() => undefined); // the mailer logs
  return a.limits.resendWaitSeconds;
}

/** Refuses (400 on the field) unless the proof is the seller's current password, or their live emailed code (used up). */
export async function confirmIdentity(a: Accounts, seller: SellerDoc, proof: IdentityProof, purpose: ConfirmPurpose): Promise<void> {
  const { currentPassword, code } = proof;
  if (seller.passwordHash) {
    if (typeof currentPassword !== 'string' || !currentPassword) {
      throw DomainError.invalidFields([{ field: 'currentPassword', message: purpose.passwordRequired }], 'password_required');
    }
    // Counted before argon2: a stolen session cannot guess the password here either.
    await a.limiter.hit('password-check', seller._id, a.limits.passwordCheckPerSeller);
    if (!(await checkPassword(seller.passwordHash, currentPassword.slice(0, 200)))) {
      throw DomainError.invalidFields([{ field: 'currentPassword', message: OLD_PASSWORD_WRONG }], 'old_password_wrong');
    }
    return;
  }
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
    throw DomainError.invalidFields([{ field: 'code', message: purpose.codeRequired }], 'code_required');
  }
  const id = `${purpose.name}:${seller._id}`;
  const live = await a.models.EmailCode.findOne({ _id: id, expiresAt: { $gt: new Date() } }).lean();
  if (live) await countCodeGuess(a, purpose.name, seller._id);
  const tries = live
    ? await a.limiter.hitCount('code-attempt', `${id}:${live.sentAt.getTime()}`, { max: a.limits.codeAttempts, windowSeconds: a.limits.codeTtlSeconds })
    : Infinity;
  const matches = live !== null && tries <= a.limits.codeAttempts && sameDigest(live.codeHash, keyedDigest(a.secret, `${id}:${code}`));
  // Single use: of racing requests only the one whose delete removes the code goes on.
  if (!matches || (await a.models.EmailCode.deleteOne({ _id: id, codeHash: live.codeHash })).deletedCount !== 1) {
    throw DomainError.invalidFields([{ field: 'code', message: CODE_INVALID }], 'code_invalid');
  }
}
