/**
 * The account mails: the sign-in code, the password reset link, the payout-change notice. Subjects
 * never hold a code or link: subjects end up in logs and mail previews.
 */
import type { OutgoingMail } from '../../infra/mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'Your verification code',
    text: `Your verification code is ${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail: nobody can log in without the code.`,
    html: `<p>Your verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escape(code)}</p><p>It expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail: nobody can log in without the code.</p>`,
  };
}

export function resetLinkMail(to: string, link: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    text: `Open this link to set a new password:\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    html: `<p>Open this link to set a new password:</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
  };
}

/** Tells the seller their payout method or address changed, so a stranger's change does not go unnoticed. */
export function payoutChangedMail(to: string, method: string, address: string): OutgoingMail {
  const masked = maskAddress(address);
  const text = `The payment method of your Coin Market account was changed to ${method} (${masked}).\n\nIf you did not do this, change your password at once and contact support: withdrawals go to this address.`;
  return { to, subject: 'Your payment method was changed', text, html: `<p>${escape(text).replace(/\n\n/g, '</p><p>')}</p>` };
}

/** The code that confirms a payout change for a seller without a password (signed in with Google). */
export function payoutCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  const text = `Your code to change your payment method is ${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, change your password and contact support.`;
  return { to, subject: 'Confirm your payment method change', text, html: `<p>${escape(text).replace(/\n\n/g, '</p><p>')}</p>` };
}

/** Enough of an address for its owner to recognise it, not enough to copy it. */
const maskAddress = (address: string) => (address.length <= 6 ? '***' : `${address.slice(0, 3)}***${address.slice(-3)}`);
