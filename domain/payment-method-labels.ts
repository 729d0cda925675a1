import type { PaymentMethod } from './account-schemas.js';

/** Payout providers go by their brand names in every language, on pages and in mails alike. */
export const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  paypal: 'PayPal',
  payoneer: 'Payoneer',
  'payoneer-wallet': 'Payoneer Wallet',
  skrill: 'Skrill',
  alipay: 'Alipay',
  'usdt-trc20': 'USDT (TRC20)',
};
