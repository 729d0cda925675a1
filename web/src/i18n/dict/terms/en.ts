const terms = {
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
      p: 'Balances are kept in euros. Frozen amounts become available {{freezeHours}} hours after the purchase or the use of the account. Withdrawals start at 20 EUR, are confirmed with an emailed code and are paid within {{payoutHours}} hours of the request. Fees depend on the payout method.',
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
};

export default terms;
export type TermsDict = typeof terms;
