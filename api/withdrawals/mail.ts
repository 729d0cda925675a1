/** The withdrawal confirmation mail: the code is in the body only, never in the subject (subjects reach logs). */
import type { LanguageCode } from '../../domain/client-config.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import { accountText } from '../../infra/mail/account-texts.js';
import { codeMail, maskAddress } from '../auth/mails.js';
import { METHOD_LABELS } from '../../domain/payment-method-labels.js';
import type { PaymentMethod } from '../../domain/account-schemas.js';

/** Hundredths as a decimal (euro cents, and the provider's minor units of other currencies and USDT). */
const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The mail with the withdrawal's code, in the seller's language. The amount leaves the balance in EUR;
 * what the seller receives is in the payout currency at the locked rate when there is one (USDT, another currency).
 */
export function withdrawalCodeMail(lang: LanguageCode, to: string, code: string, minutes: number, w: {
  amountCents: number; method: PaymentMethod; totalPayoutCents: number;
  /** Whom it pays: the payment address, or the bound Payoneer account (masked in the mail). */
  payee: string; quote?: { currency: string; rate: string; payoutMinor: number } | null;
}): OutgoingMail {
  const receive = w.quote
    ? accountText(lang, 'withdrawReceiveQuote', { payout: `${euros(w.quote.payoutMinor)} ${w.quote.currency}`, rate: w.quote.rate, currency: w.quote.currency })
    : accountText(lang, 'withdrawReceive', { payout: `${euros(w.totalPayoutCents)} EUR` });
  // The method by its brand (PayPal, USDT (TRC20)), as the pages write it, never its code.
  const what = accountText(lang, 'withdrawWhat', { amount: `${euros(w.amountCents)} EUR`, method: METHOD_LABELS[w.method], payee: maskAddress(w.payee), receive });
  return codeMail(lang, to, code, minutes, { subject: 'withdrawSubject', lead: 'withdrawLead', close: 'withdrawClose' }, [what]);
}
