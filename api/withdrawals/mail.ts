/** The withdrawal confirmation mail: the code is in the body only, never in the subject (subjects reach logs). */
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import { maskAddress } from '../auth/mails.js';
import { escapeHtml } from '../../infra/mail/escape-html.js';
import { METHOD_LABELS } from '../../domain/payment-method-labels.js';
import type { PaymentMethod } from '../../domain/account-schemas.js';

/** Hundredths as a decimal (euro cents, and the provider's minor units of other currencies and USDT). */
const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The mail with the withdrawal's code. The amount leaves the balance in EUR; what the seller receives is
 * in the payout currency at the locked rate when there is one (USDT, another currency).
 */
export function withdrawalCodeMail(to: string, code: string, minutes: number, w: {
  amountCents: number; method: PaymentMethod; totalPayoutCents: number;
  /** Whom it pays: the payment address, or the bound Payoneer account (masked in the mail). */
  payee: string; quote?: { currency: string; rate: string; payoutMinor: number } | null;
}): OutgoingMail {
  const receive = w.quote
    ? `${euros(w.quote.payoutMinor)} ${w.quote.currency} after fees, at the locked rate 1 EUR = ${w.quote.rate} ${w.quote.currency}`
    : `${euros(w.totalPayoutCents)} EUR after fees`;
  const what = `a withdrawal of ${euros(w.amountCents)} EUR to your ${METHOD_LABELS[w.method]} account ${maskAddress(w.payee)} (you receive ${receive})`;
  return {
    to,
    subject: 'Your withdrawal verification code',
    text: `You asked for ${what}.\n\nYour verification code is ${code}\n\nIt expires in ${minutes} minutes and works once, for this withdrawal only. If you did not ask for it, change your password: nobody can withdraw without the code.`,
    html: `<p>You asked for ${escapeHtml(what)}.</p><p>Your verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>It expires in ${minutes} minutes and works once, for this withdrawal only. If you did not ask for it, change your password: nobody can withdraw without the code.</p>`,
  };
}
