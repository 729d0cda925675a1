/** The withdrawal confirmation mail: the code is in the body only, never in the subject (subjects reach logs). */
import type { OutgoingMail } from '../../infra/mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const euros = (cents: number) => (cents / 100).toFixed(2);

export function withdrawalCodeMail(to: string, code: string, minutes: number, w: { amountCents: number; method: string; totalPayoutCents: number }): OutgoingMail {
  const what = `a withdrawal of ${euros(w.amountCents)} EUR to your ${w.method} account (you receive ${euros(w.totalPayoutCents)} EUR after fees)`;
  return {
    to,
    subject: 'Your withdrawal verification code',
    text: `You asked for ${what}.\n\nYour verification code is ${code}\n\nIt expires in ${minutes} minutes and works once, for this withdrawal only. If you did not ask for it, change your password: nobody can withdraw without the code.`,
    html: `<p>You asked for ${escape(what)}.</p><p>Your verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escape(code)}</p><p>It expires in ${minutes} minutes and works once, for this withdrawal only. If you did not ask for it, change your password: nobody can withdraw without the code.</p>`,
  };
}
