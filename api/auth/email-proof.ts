/**
 * Proving the address: until a seller shows they read mail at their address (an emailed code,
 * sign-in by emailed code, a reset link, or Google vouching for it) the account cannot hold
 * payout settings or be linked to Google. Someone who signs up with another person's address
 * therefore gets an empty shell, and when the owner proves the address through their mailbox
 * the squatter's password and sessions are dropped.
 */
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import type { SellerDoc } from '../../infra/accounts/models.js';
import { DomainError } from '../../domain/errors.js';
import { EMAIL_NOT_VERIFIED } from '../../domain/messages.js';
import type { Accounts } from './accounts.js';
import { PAYONEER_BINDINGS, type PayoneerBindingDoc } from '../../infra/payout/payoneer-bindings.js';
import type { LanguageCode } from '../../domain/client-config.js';
import { accountText } from '../../infra/mail/account-texts.js';
import { codeMail } from './mails.js';


/**
 * The mail with the code that proves the address (never the code in the subject: subjects get logged).
 * The one sent at sign-up says an account was just created with the address: its reader may not be the
 * one who signed up, and learns that nothing can be paid out of that account without this code.
 */
export function emailProofMail(lang: LanguageCode, to: string, code: string, minutes: number, signUp = false): OutgoingMail {
  return signUp
    ? codeMail(lang, to, code, minutes, { subject: 'proofSubject', lead: 'proofLead', close: 'proofCloseSignUp' }, [accountText(lang, 'proofWhySignUp')])
    : codeMail(lang, to, code, minutes, { subject: 'proofSubject', lead: 'proofLead', close: 'proofClose' });
}

export const isProven = (s: Pick<SellerDoc, 'emailVerifiedAt'>): boolean => Boolean(s.emailVerifiedAt);

/** Refuses money settings (and links) for an address nobody has proven. */
export function requireProven(s: Pick<SellerDoc, 'emailVerifiedAt'>): void {
  if (!isProven(s)) throw new DomainError('forbidden', 'email_unverified', EMAIL_NOT_VERIFIED);
}

/**
 * The mailbox's owner got in without the account's password (emailed code): the address is
 * proven from now on, and a password or session set up before that proof may be a squatter's, so
 * they end. Returns the seller as it now is.
 */
export async function provenByMailbox(a: Accounts, seller: SellerDoc): Promise<SellerDoc> {
  if (isProven(seller)) return seller;
  const now = new Date();
  await a.models.Seller.updateOne({ _id: seller._id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: now, passwordHash: null, passwordChangedAt: now } });
  await a.sessions.revokeAll(seller._id);
  await dropSquatterHoldings(a, seller._id);
  return (await a.models.Seller.findById(seller._id).lean<SellerDoc>()) ?? seller;
}

/**
 * What someone holding an unproven address may have pointed at themselves before the owner proved
 * it: the Payoneer binding (bound before proofs were required for it) and the contact details (saved
 * without a proof, so support would reach the squatter about the owner's account). Sessions end separately.
 */
export async function dropSquatterHoldings(a: Accounts, sellerId: string): Promise<void> {
  await a.models.Seller.db.collection<PayoneerBindingDoc>(PAYONEER_BINDINGS).deleteOne({ _id: sellerId });
  await a.models.Seller.updateOne(
    { _id: sellerId, 'settings.contactMethod': { $exists: true } },
    { $unset: { 'settings.contactMethod': '', 'settings.contactValue': '' } },
  );
}
