/** The checks of a withdrawal request: amount, payment address per method, true name and code, payout currency. */
import type { PaymentMethod } from '../account-schemas.js';
import {
  ALIPAY_ACCOUNT, AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, AMOUNT_WHOLE_CENTS, CODE_REQUIRED, EMAIL_FORMAT, PAYMENT_ADDRESS_REQUIRED, TRUE_NAME_REQUIRED,
  USDT_TRC20_ADDRESS,
} from '../messages.js';
import { isAlipayAccount, isPayoutEmail, isTronAddress } from '../payout-address.js';
import { MINIMUM_WITHDRAWAL_CENTS } from './fees.js';

/** Payoneer and Payoneer Wallet pay the bound payee, not an address typed into settings. */
export const paysBoundPayee = (method: string): boolean => method === 'payoneer' || method === 'payoneer-wallet';

// The amount messages live in domain/messages so their field errors carry a code like every other.
export { AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, AMOUNT_WHOLE_CENTS };

/** The payment address check per method: true, or what to tell the seller. */
export function checkPayoutAddress(method: PaymentMethod, address: string): true | string {
  if (!address.trim()) return PAYMENT_ADDRESS_REQUIRED;
  switch (method) {
    case 'paypal': case 'skrill': case 'payoneer': case 'payoneer-wallet': return isPayoutEmail(address) || EMAIL_FORMAT;
    case 'alipay': return isAlipayAccount(address) || ALIPAY_ACCOUNT;
    case 'usdt-trc20': return isTronAddress(address) || USDT_TRC20_ADDRESS;
  }
}

/** What is wrong with an amount, by the name of its message (the code pages translate), or null. */
export function amountProblem(amountCents: unknown, availableCents: number): 'AMOUNT_WHOLE_CENTS' | 'AMOUNT_BELOW_MINIMUM' | 'AMOUNT_ABOVE_AVAILABLE' | null {
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return 'AMOUNT_WHOLE_CENTS';
  if (amountCents < MINIMUM_WITHDRAWAL_CENTS) return 'AMOUNT_BELOW_MINIMUM';
  if (amountCents > availableCents) return 'AMOUNT_ABOVE_AVAILABLE';
  return null;
}

const AMOUNT_WORDS = { AMOUNT_WHOLE_CENTS, AMOUNT_BELOW_MINIMUM, AMOUNT_ABOVE_AVAILABLE } as const;

/** The amount check: whole cents, at least the minimum, at most the available balance. */
export function checkAmount(amountCents: unknown, availableCents: number): true | string {
  const problem = amountProblem(amountCents, availableCents);
  return problem ? AMOUNT_WORDS[problem] : true;
}

/** Field errors of the payment details and code (the specification's messages, first failure per field). */
export function requestProblems(r: { paymentMethod?: string | null; paymentAddress?: string | null; trueName?: string | null; code?: string | null }, needCode: boolean): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (!r.paymentMethod || !r.paymentAddress?.trim()) out.push({ field: 'paymentAddress', message: PAYMENT_ADDRESS_REQUIRED });
  else {
    const a = checkPayoutAddress(r.paymentMethod as PaymentMethod, r.paymentAddress.trim());
    if (a !== true) out.push({ field: 'paymentAddress', message: a });
  }
  if (!r.trueName?.trim()) out.push({ field: 'trueName', message: TRUE_NAME_REQUIRED });
  if (needCode && !r.code?.trim()) out.push({ field: 'code', message: CODE_REQUIRED });
  return out;
}

/** The payout currency: EUR is paid as is, USDT and other currencies at a quoted rate. */
export const needsQuote = (method: PaymentMethod, currency: string): boolean => method === 'usdt-trc20' || currency !== 'EUR';
export const payoutCurrency = (method: PaymentMethod, currency: string): string => (method === 'usdt-trc20' ? 'USDT' : currency);
