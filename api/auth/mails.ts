/**
 * The account mails: the sign-in code, the password reset link, the confirmation codes, in the
 * seller's language (infra/mail/account-texts.ts) and the shared layout (infra/mail/layout.ts).
 * Subjects never hold a code or link: subjects end up in logs and mail previews. Notices of account
 * changes (payout details, secrets issued) are notifications (infra/notifications/account-notices.ts).
 */
import type { LanguageCode } from '../../domain/client-config.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import { accountText, minutesIn, type AccountMailTexts } from '../../infra/mail/account-texts.js';
import { layoutMail } from '../../infra/mail/layout.js';

type Key = Exclude<keyof AccountMailTexts, 'minutes'>;

/** A mail with a code to type: the lead, the code, then when it expires and what to do if it was not asked for. */
export function codeMail(lang: LanguageCode, to: string, code: string, minutes: number, keys: { subject: Key; lead: Key; close: Key }, before: readonly string[] = []): OutgoingMail {
  const close = accountText(lang, keys.close, { minutes: minutesIn(lang, minutes) });
  return layoutMail(lang, {
    to, subject: accountText(lang, keys.subject), footer: accountText(lang, 'footer'),
    blocks: [...before.map((text) => ({ text })), { text: accountText(lang, keys.lead) }, { code }, { text: close }],
  });
}

/** The sign-in code: its subject says it is for signing in. */
export function signInCodeMail(lang: LanguageCode, to: string, code: string, minutes: number): OutgoingMail {
  return codeMail(lang, to, code, minutes, { subject: 'signInSubject', lead: 'signInLead', close: 'signInClose' });
}

export function resetLinkMail(lang: LanguageCode, to: string, link: string, minutes: number): OutgoingMail {
  return layoutMail(lang, {
    to, subject: accountText(lang, 'resetSubject'), footer: accountText(lang, 'footer'),
    blocks: [{ text: accountText(lang, 'resetLead') }, { link }, { text: accountText(lang, 'resetClose', { minutes: minutesIn(lang, minutes) }) }],
  });
}

/** The code that confirms a payout change for a seller without a password (signed in with Google). */
export function payoutCodeMail(lang: LanguageCode, to: string, code: string, minutes: number): OutgoingMail {
  return codeMail(lang, to, code, minutes, { subject: 'payoutSubject', lead: 'payoutLead', close: 'payoutClose' });
}

/** The code that confirms it is the seller before a secret is shown (no password: signed in with Google). */
export function reauthCodeMail(lang: LanguageCode, to: string, code: string, minutes: number): OutgoingMail {
  return codeMail(lang, to, code, minutes, { subject: 'reauthSubject', lead: 'reauthLead', close: 'reauthClose' });
}

/** Enough of an address for its owner to recognise it, not enough to copy it. */
export const maskAddress = (address: string) => (address.length <= 6 ? '***' : `${address.slice(0, 3)}***${address.slice(-3)}`);
