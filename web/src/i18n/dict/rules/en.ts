const rules = {
  intro: 'Please read these rules before you request a withdrawal.',
  items: [
    'The minimum withdrawal is 20 EUR. Balances and payouts are in euros.',
    'Payout methods: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill and USDT on TRC20.',
    'Payouts are not automatic. A verification code is emailed to you only when you request a withdrawal; enter it to confirm.',
    'Your payment address and your true name are required and must match your payout account.',
    'Payment is made within {{payoutDays}} days ({{payoutHours}} hours) of the request, longer on public holidays.',
    'The fee depends on the method and the amount and is shown before you confirm. PayPal fees are paid by the seller.',
    'Once a request is sent, its payment details cannot be changed.',
    'Payment cannot be guaranteed to a wrongly entered payment address or a mismatched email.',
    'A frozen balance becomes available {{freezeHours}} hours after the purchase or the use of the account.',
  ],
  progressTitle: 'How a withdrawal progresses',
  progress: ['Request sent', 'Payment in progress', 'Paid'],
};

export default rules;
export type RulesDict = typeof rules;
