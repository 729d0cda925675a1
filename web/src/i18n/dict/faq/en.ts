import type { Translation } from '../../plural-keys';
import { PENDING_PAYMENT_GUIDANCE } from '../../../../../domain/comfort-trade/statuses';

const faq = {
  intro: 'Answers to the questions sellers ask most. Cannot find yours? Contact support.',
  tabsLabel: 'FAQ topics',
  tabs: {
    general: 'General',
    player: 'Player Trade/API',
    payment: 'Payment',
  },
  searchLabel: 'Search the questions',
  searchPlaceholder: 'For example: PayPal',
  noResults: 'No question matches your search.',
  resultCount_one: '{{count}} matching question',
  resultCount_other: '{{count}} matching questions',
  general: [
    {
      q: 'What can I sell here?',
      a: 'Coins of the current edition of the football game. Selling for the previous edition is closed. You sell by player trade or comfort trade; large professional sellers can also sell through our automated interface (API).',
    },
    {
      q: 'Why does my account need transfer market access?',
      a: 'Both ways of selling use the transfer market of the web app. Without access you will see: "Your account has not earned access to the Transfer Market on the Web/Companion App... please contact us". A new or secondary account may need 7-10 days and 20-25 matches to unlock it.',
    },
    {
      q: 'How does comfort trade work?',
      a: 'You submit your web app email and password, either 6 backup codes (8 digits each) or your authenticator key (authSecret, 16 characters), the number of coins (at least 100,000) and a transfer time. We log in and transfer the coins; the account is used for the transfer time you chose, {{transferMinHours}} to {{transferMaxHours}} hours, and the record shows the expected finish as the coins move. A batch file can hold up to 50 accounts; contact support first for larger batches.',
    },
    {
      q: 'When is comfort trade money credited?',
      a: 'The account review takes about {{reviewHours}} hours after the transfer is completed; meanwhile the record shows Pending Payment. Then your earnings are added to your available balance, within {{reviewHours}} hours of the completion time.',
    },
    {
      q: 'How do I contact support?',
      a: 'By email, Discord, WhatsApp, Telegram or QQ. The links are at the bottom of every page.',
    },
  ],
  statusesTitle: 'Comfort trade statuses and what to do',
  statuses: [
    { name: 'Transferring', text: 'Coins are being moved. Do not log in to your game account.' },
    {
      name: 'Transfer Completed',
      text: 'You may log in again. A remainder, usually under 50K coins, can stay on the account and be sold later: by player trade for any amount, or by comfort trade once the account holds at least 100,000 coins.',
    },
    { name: 'Pending Payment', text: PENDING_PAYMENT_GUIDANCE },
    { name: 'Paid', text: 'The payment has been made.' },
    { name: 'Error', text: 'The system will try again later. You can ignore this status.' },
    { name: 'Payment Error', text: 'Your payment details are missing or invalid. Save a valid payment method and address in Settings: the payment is then retried at once.' },
    {
      name: 'No Login Verification',
      text: 'Turn on login verification in the game and submit 6 new backup codes.',
    },
    {
      name: 'Customer Online',
      text: 'You are logged in on a console or in the web app. Log out everywhere and tell support.',
    },
    { name: 'Wrong Account/Password', text: 'Check your email address and password, then submit again.' },
    { name: 'Wrong Backup Codes', text: 'The codes are incorrect or expired. Submit new ones.' },
    { name: 'Wrong Gauth', text: 'The authenticator key (authSecret) is wrong. Check it and submit again.' },
    { name: 'Captcha', text: 'Solve the captcha in the web app, then contact support.' },
    { name: 'Wrong Platform', text: 'Contact support to cancel the order, then submit it again with the right platform.' },
    { name: 'No Club', text: 'No club was found on the account. Check the account and platform, then contact support.' },
    { name: 'Tradepile Full', text: 'Clear your transfer list, then tell support.' },
    { name: 'Market Locked', text: 'The account has no access to the transfer market. Contact support.' },
  ],
  player: [
    {
      q: 'How does player trade work?',
      a: 'Pick a listed player card, buy it on the transfer market with your own game account within 5 minutes, then press "Player Bought". The system checks the transaction and credits the card price minus a 5% tax to your balance.',
    },
    {
      q: 'When do I press "Not Bought"?',
      a: 'Several cards can share the same price. If you did not buy the card you picked, press "Not Bought" so that it is released.',
    },
    {
      q: 'Can I cancel a purchase?',
      a: 'No. A purchase cannot be cancelled once it is made. Abuse, such as picking cards you do not buy, can lead to penalties up to the loss of your account.',
    },
    {
      q: 'How often can I buy a player?',
      a: 'Once every 4 hours per game account.',
    },
    {
      q: 'Why is my balance frozen?',
      a: 'Income stays frozen until {{freezeHours}} hours after the purchase or the use of the account; then it becomes available to withdraw. Records move from Processing to Available and finally Settled.',
    },
    {
      q: 'The card is not in my sell record. What now?',
      a: 'Every pick appears in your record at once. After Player Bought it shows Checking until the purchase is verified, usually within minutes. If it has not become Frozen within 4-6 hours, contact support.',
    },
    {
      q: 'How do I sell through the API?',
      a: 'The automated interface is for large professional sellers. Contact support by chat or email to arrange access.',
    },
  ],
  payment: [
    {
      q: 'Which payout methods can I use?',
      a: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill and USDT on TRC20.',
    },
    {
      q: 'What is the minimum withdrawal?',
      a: '20 EUR. Payouts are not automatic: request a withdrawal on the Withdraw page and confirm it with the code we email to you.',
    },
    {
      q: 'How long does a payout take?',
      a: 'Within {{payoutDays}} days ({{payoutHours}} hours) of your request, longer on public holidays. Processing with verification takes {{processingMinHours}}-{{processingMaxHours}} hours.',
    },
    {
      q: 'Are there fees?',
      a: 'The fee depends on the method and the amount and is shown before you confirm. PayPal fees are paid by the seller.',
    },
    {
      q: 'My PayPal payment went to a wrong address',
      a: 'Make sure the PayPal email address in Settings is exactly the one of your account. Payment cannot be guaranteed to a wrongly entered address or a mismatched email.',
    },
    {
      q: 'My PayPal account is not verified',
      a: 'An unverified PayPal account cannot receive the payment: the withdrawal fails and the money goes back to your available balance. Verify your account with PayPal, then withdraw again.',
    },
    {
      q: 'Why is my PayPal money on hold for 21 days?',
      a: 'PayPal may hold payments for up to 21 days on accounts that only receive money. The hold is set by PayPal; contact PayPal to have it lifted.',
    },
    {
      q: 'Can I change my payment details after requesting a withdrawal?',
      a: 'No. Once the request is sent, its payment details cannot be changed. Check them before you confirm.',
    },
  ],
};

export default faq;
export type FaqDict = Translation<typeof faq>;
