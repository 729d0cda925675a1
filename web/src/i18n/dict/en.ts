import player from './player/en';
import account from './account/en';
import comfort from './comfort/en';
import apikeys from './apikeys/en';
import webhooks from './webhooks/en';
import notifications from './notifications/en';
import withdraw from './withdraw/en';
/** English, the default language and the reference shape for every other dictionary. */
const en = {
  brand: 'CoinMarket',
  loading: 'Loading…',
  /** API error codes shown to sellers (beyond account messages and purchase reasons), by code. */
  errors: {
    unavailable: 'The service is busy right now, please try again in a moment.',
    duplicate_request: 'This request was already used for another pick. Please pick again.',
    not_possible: 'This action is no longer possible',
    purchase_not_found: 'Purchase not found',
    too_many_accounts: 'You can add at most {{max}} game accounts',
    account_taken: 'This game account is already registered by another seller',
    insufficient_balance: 'The balance is not enough for this operation',
    wallet_busy: 'The wallet is busy, please try again',
    invalid_amount: 'Please enter a whole, non-negative amount',
    amount_too_large: 'The amount is too large',
  },
  nav: {
    main: 'Main navigation',
    skip: 'Skip to content',
    home: 'Home',
    menu: 'Menu',
    sellCoins: 'Sell coins',
    playerTrade: 'Player trade',
    comfortTrade: 'Comfort trade',
    sellRecord: 'Sell record',
    balance: 'Balance',
    settings: 'Settings',
    logout: 'Log out',
    signIn: 'Sign in',
    signUp: 'Sign up',
    faq: 'FAQ',
    language: 'Language',
  },
  footer: {
    legal: 'Legal',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    withdrawal: 'Withdrawal methods',
    support: 'Support',
    rights: '© {{year}} CoinMarket. Not affiliated with any game publisher.',
  },
  channels: {
    email: 'Email',
    discord: 'Discord',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    qq: 'QQ',
  },
  titles: {
    home: 'Sell football game coins for euros',
    signin: 'Sign in',
    signup: 'Sign up',
    password: 'Forgot password',
    passwordReset: 'Set a new password',
    comfortTrade: 'Sell coins: comfort trade',
    playerTrade: 'Sell coins: player trade',
    auctionDetail: 'Player details',
    transferPage: 'Sell coins',
    accountList: 'Account list',
    myInfo: 'Settings',
    playerRecord: 'Sell record: player trade',
    soldRecord: 'Sell record: comfort trade',
    balance: 'Balance',
    withdraw: 'Withdraw',
    notifications: 'Notifications',
    faq: 'Frequently asked questions',
    withdrawalRules: 'Withdrawal instructions',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    notFound: 'Page not found',
  },
  placeholder: {
    body: 'This page is being built. Come back soon, or contact support if you need help now.',
    visitor: 'Click Log In to view all content',
  },
  notFound: {
    text: 'The page you are looking for does not exist or has moved.',
    back: 'Back to the home page',
  },
  /** /transfer-page: the two ways to sell, where the header's "Sell coins" leads. */
  sellCoins: {
    intro: 'Two ways to sell your coins. Both pay in euros to your balance.',
    playerText: 'Pick a listed player card and buy it with your own game account within 5 minutes. Fast, and your account stays in your hands.',
    playerGo: 'Sell by player trade',
    comfortText: 'Give us your web app login and at least 100,000 coins; we transfer them for you. Stay logged out while the transfer runs.',
    comfortGo: 'Sell by comfort trade',
  },
  home: {
    notice: 'Coin selling for the previous edition is closed. Selling for the new edition is open now.',
    heroTitle: 'Sell your football game coins for euros',
    heroText:
      'Choose player trade or comfort trade, get a fair price per coin and withdraw to PayPal, Skrill, Payoneer, Alipay or USDT.',
    ctaSell: 'Sell coins now',
    ctaHow: 'How it works',
    claimMoney: 'Money within 24 hours',
    claimCoins: 'Coins sold within 12 hours',
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
        text: 'Earnings reach your available balance within 24 hours. Withdraw from 20 EUR; payment arrives within 72 hours.',
      },
    ],
    advantagesTitle: 'Why sellers choose us',
    advantages: [
      {
        title: 'Money within 24 hours',
        text: 'Earnings are added to your available balance within 24 hours, ready to withdraw.',
      },
      {
        title: 'Coins sold within 12 hours',
        text: 'Comfort trade orders are usually sold within 12 hours, with no work on your side.',
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
  },
  faq: {
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
    resultCount: '{{count}} matching questions',
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
        a: 'You submit your web app email and password, either 6 backup codes (8 digits each) or your authenticator key (authSecret, 16 characters), the number of coins (at least 100,000) and a transfer time. We log in and transfer the coins; this takes about 2 days at most. A batch file can hold up to 50 accounts; contact support first for larger batches.',
      },
      {
        q: 'When is comfort trade money credited?',
        a: 'The account review takes about 24 hours; then your earnings are added to your available balance, within 24 hours of the completion time. Pending Payment is paid on schedule, 3-7 days at the latest: that is the outer limit, not the usual time.',
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
        text: 'You may log in again. A remainder, usually under 50K coins, can stay on the account and be sold later.',
      },
      { name: 'Pending Payment', text: 'Paid on schedule, 3-7 days at the latest. The account review takes about 24 hours; then the income is added to your available balance.' },
      { name: 'Paid', text: 'The payment has been made.' },
      { name: 'Error', text: 'The system will try again later. You can ignore this status.' },
      { name: 'Payment Error', text: 'There is a problem with your payment address. Contact support.' },
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
        a: 'Income stays frozen until 24 hours after the purchase or the use of the account; then it becomes available to withdraw. Records move from Processing to Available and finally Settled.',
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
        a: 'Within 3 days (72 hours) of your request, longer on public holidays. Processing with verification takes 24-48 hours.',
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
        a: 'Unverified PayPal accounts may not be able to receive money. Verify your account with PayPal, then contact support to have the payment sent again.',
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
  },
  rules: {
    intro: 'Please read these rules before you request a withdrawal.',
    items: [
      'The minimum withdrawal is 20 EUR. Balances and payouts are in euros.',
      'Payout methods: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill and USDT on TRC20.',
      'Payouts are not automatic. A verification code is emailed to you only when you request a withdrawal; enter it to confirm.',
      'Your payment address and your true name are required and must match your payout account.',
      'Payment is made within 3 days (72 hours) of the request, longer on public holidays.',
      'The fee depends on the method and the amount and is shown before you confirm. PayPal fees are paid by the seller.',
      'Once a request is sent, its payment details cannot be changed.',
      'Payment cannot be guaranteed to a wrongly entered payment address or a mismatched email.',
      'A frozen balance becomes available 24 hours after the purchase or the use of the account.',
    ],
    progressTitle: 'How a withdrawal progresses',
    progress: ['Request sent', 'Payment in progress', 'Paid'],
  },
  terms: {
    intro: 'These terms apply to everyone who sells coins on CoinMarket.',
    sections: [
      {
        h: 'The service',
        p: 'CoinMarket buys in-game coins of the current edition of the football game from sellers and pays for them in euros. By using the site you accept these terms.',
      },
      {
        h: 'Your account',
        p: 'Give a valid email address and keep your password secret. Your username can be set only once. You are responsible for everything done with your account.',
      },
      {
        h: 'Selling',
        p: 'Sell only coins and game accounts that you control. Player trade purchases cannot be cancelled, each game account can buy once every 4 hours, and your income is the card price minus a 5% tax. Comfort trade needs at least 100,000 coins and takes at most 50 accounts per batch.',
      },
      {
        h: 'Balance and payouts',
        p: 'Balances are kept in euros. Frozen amounts become available 24 hours after the purchase or the use of the account. Withdrawals start at 20 EUR, are confirmed with an emailed code and are paid within 72 hours. Fees depend on the payout method.',
      },
      {
        h: 'Fair use',
        p: 'Abuse, such as picking cards you do not buy, giving false information or reversing payments, can lead to penalties up to the loss of your account and balance.',
      },
      {
        h: 'The game publisher',
        p: 'We are not affiliated with the publisher of the game. Trading coins may break the rules of the game; you sell at your own risk.',
      },
      {
        h: 'Liability',
        p: 'We are not liable for losses caused by payment details you entered wrongly, or by actions of the game publisher or of payment providers.',
      },
      {
        h: 'Changes',
        p: 'We may update these terms. The version on this page applies; important changes are announced on the site.',
      },
    ],
  },
  privacy: {
    intro: 'This policy explains which data we keep, why, and for how long.',
    sections: [
      {
        h: 'What we keep',
        p: 'Your email address, your password (only as a salted hash), username, true name, contact method, payment method and address, currency, your sell records, balance and withdrawal history.',
      },
      {
        h: 'Game-account secrets',
        p: 'For comfort trade we receive your web app email and password and your backup codes or authenticator key. They are encrypted (AES-256-GCM), decrypted only while your transfer runs, never shown again and never written to logs.',
      },
      {
        h: 'Why we use your data',
        p: 'To run your sales, pay you, prevent fraud and answer your support requests. We do not sell your data.',
      },
      {
        h: 'Who receives it',
        p: 'Payment details go only to the payout provider you chose, for example PayPal or Payoneer. Nothing is shared for advertising.',
      },
      {
        h: 'How long we keep it',
        p: 'Game-account secrets are kept only as long as the order needs them and are then deleted. Sell records and payment history are kept as long as accounting law requires; everything else is deleted when you close your account.',
      },
      {
        h: 'Cookies and local storage',
        p: 'A session cookie keeps you signed in, and local storage remembers your language. We use no tracking cookies.',
      },
      {
        h: 'Your rights',
        p: 'Contact support to get a copy of your data or to have it corrected or deleted.',
      },
    ],
  },
  lang: {
    title: 'Choose your language',
    current: 'Current language: {{name}}',
  },
  dialog: {
    systemPrompt: 'System prompt',
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    required: 'This information is required',
    invalid: 'Please check your input',
  },
  copy: {
    button: 'Copy',
    ok: 'Copy successful',
    failed: 'Copy failed',
  },
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default en;
/** The shape every dictionary must have. */
export type Dict = typeof en;
