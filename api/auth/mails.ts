/**
 * The account mails: the sign-in code, the password reset link, the confirmation codes. Subjects
 * never hold a code or link: subjects end up in logs and mail previews. Notices of account changes
 * (payout details, secrets issued) are notifications (infra/notifications/account-notices.ts).
 */
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import { escapeHtml } from '../../infra/mail/escape-html.js';


export function signInCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'Your verification code',
    text: `Your verification code is ${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail: nobody can log in without the code.`,
    html: `<p>Your verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>It expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail: nobody can log in without the code.</p>`,
  };
}

export function resetLinkMail(to: string, link: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: 'Reset your password',
    text: `Open this link to set a new password:\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    html: `<p>Open this link to set a new password:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
  };
}

/** A notice mail: the text as one paragraph per blank line. */
const notice = (to: string, subject: string, text: string): OutgoingMail => ({ to, subject, text, html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>` });

/** The code that confirms a payout change for a seller without a password (signed in with Google). */
export function payoutCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  return notice(to, 'Confirm your payment method change', `Your code to change your payment method is ${code}\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, change your password and contact support.`);
}

/** The code that confirms it is the seller before a secret is shown (no password: signed in with Google). */
export function reauthCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  return notice(to, 'Confirm it is you', `Your code to confirm it is you is ${code}\n\nIt expires in ${minutes} minutes and works once. It lets you see new API key and webhook secrets. If you did not ask for it, change your password and contact support.`);
}

/** Enough of an address for its owner to recognise it, not enough to copy it. */
export const maskAddress = (address: string) => (address.length <= 6 ? '***' : `${address.slice(0, 3)}***${address.slice(-3)}`);
