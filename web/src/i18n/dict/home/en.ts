const home = {
  notice: 'Coin selling for the previous edition is closed. Selling for the new edition is open now.',
  heroTitle: 'Sell your football game coins for euros',
  heroText:
    'Choose player trade or comfort trade, get a fair price per coin and withdraw to PayPal, Skrill, Payoneer, Alipay or USDT.',
  ctaSell: 'Sell coins now',
  ctaHow: 'How it works',
  claimMoney: 'Money within {{reviewHours}} hours of the transfer',
  claimCoins: 'Coins sold in {{transferMinHours}} to {{transferMaxHours}} hours',
  stepsTitle: 'Sell in three steps',
  steps: [
    {
      title: 'Create your account',
      text: 'Sign up with your email address or a Google account, then add your payment method in Settings.',
    },
    {
      title: 'Choose how to sell',
      text: 'Player trade: pick a listed player card and buy it with your own game account within 5 minutes. Comfort trade: submit your web app login and at least 100,000 coins, and we transfer them for you.',
    },
    {
      title: 'Withdraw your money',
      text: 'Earnings reach your available balance within {{reviewHours}} hours after the transfer. Withdraw from 20 EUR; payment arrives within {{payoutHours}} hours of your request.',
    },
  ],
  advantagesTitle: 'Why sellers choose us',
  advantages: [
    {
      title: 'Money within {{reviewHours}} hours of the transfer',
      text: 'Earnings are added to your available balance within {{reviewHours}} hours after the transfer is completed, ready to withdraw.',
    },
    {
      title: 'Coins sold in {{transferMinHours}} to {{transferMaxHours}} hours',
      text: 'You choose how long we may use your game account, from {{transferMinHours}} to {{transferMaxHours}} hours; comfort trade orders are sold in that time, with no work on your side.',
    },
    {
      title: 'Six payout methods',
      text: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill and USDT on TRC20.',
    },
    {
      title: 'Your account stays safe',
      text: 'Game-account passwords, backup codes and authenticator keys are encrypted and used only for your transfer.',
    },
    {
      title: 'Large sellers welcome',
      text: 'Selling in volume? Ask support about our automated interface (API).',
    },
  ],
  contactTitle: 'Contact us',
  contactText: 'Our support team answers by email, Discord, WhatsApp, Telegram and QQ.',
  prices: {
    title: "Today's prices",
    unit: 'Price per 100K coins, paid in euros.',
    asOf: 'As of {{time}}.',
    failed: 'Prices could not be loaded. Please try again later.',
  },
};

export default home;
export type HomeDict = typeof home;
