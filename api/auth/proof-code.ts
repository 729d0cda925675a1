/**
 * The code that proves a seller's address, issued in two places: once when the account is created
 * (so a new seller finds it in their mailbox instead of hunting for it in Settings) and on request
 * from the settings page. Both go through the same per-address limit and resend wait as sign-in
 * codes, and a new code replaces the live one.
 */
import { resendWait } from '../../infra/accounts/limits.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import type { Accounts } from './accounts.js';
import type { LanguageCode } from '../../domain/client-config.js';
import { emailProofMail } from './email-proof.js';
import { keyedDigest, numericCode } from './tokens.js';

/**
 * The per-address limit and the resend wait for one kind of mail. Both apply to unknown
 * addresses too, so neither reveals whether an account exists.
 */
export async function requestMail(a: Accounts, waitKey: string, bucket: string, email: string, limit: { max: number; windowSeconds: number }) {
  await a.limiter.check(bucket, email, limit);
  const left = await a.limiter.startWait(waitKey, a.limits.resendWaitSeconds);
  if (left > 0) {
    throw resendWait(left);
  }
  await a.limiter.hit(bucket, email, limit);
}

/** Where the live proof code of an address is kept (and what its digest is keyed with). */
export const proofCodeKey = (email: string) => `verify:${email}`;

/**
 * Takes a slot of the address's code limit and resend wait (429 when there is none), stores a fresh
 * code (HMAC at rest, `codeTtlSeconds`) and returns its mail, in `lang`, for the caller to send. `signUp` says
 * the account was just created, which the mail tells its reader (who may not be the one who signed up).
 */
export async function issueProofCode(a: Accounts, email: string, lang: LanguageCode, signUp = false): Promise<OutgoingMail> {
  const L = a.limits;
  const key = proofCodeKey(email);
  await requestMail(a, `code:${key}`, 'code-email', email, L.codeRequestPerEmail);
  const code = numericCode(6);
  const now = Date.now();
  await a.models.EmailCode.updateOne(
    { _id: key },
    { $set: { codeHash: keyedDigest(a.secret, `${key}:${code}`), attempts: 0, expiresAt: new Date(now + L.codeTtlSeconds * 1000), sentAt: new Date(now) } },
    { upsert: true },
  );
  return emailProofMail(lang, email, code, Math.round(L.codeTtlSeconds / 60), signUp);
}
