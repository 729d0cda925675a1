/** The account mails: the sign-in code and the password reset link. */
import type { OutgoingMail } from '../../infra/mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInCodeMail(to: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    subject: `Your verification code: ${code}`,
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
