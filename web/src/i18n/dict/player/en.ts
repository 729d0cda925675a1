import type { Translation } from '../../plural-keys';
import { REASON_TEXT } from '../../../../../domain/purchase-reasons';

/** Player trade texts (English: the reference shape). Specification messages are verbatim. */
const player = {
  noPlayers: 'There is no player available for now.',
  logInToView: 'Click Sign in to view all content',
  checking: 'System checking transaction, please wait',
  sold: 'Sold: the income is credited to your balance',
  intro: 'Pick a player, buy it on the transfer market with your game account within 5 minutes, then press Player Bought. You receive the price minus 5% tax.',
  filter: { title: 'Price range', min: 'Minimum price', max: 'Maximum price', apply: 'Filter', reset: 'Reset' },
  col: {
    player: 'Player', version: 'Version', chemistry: 'Chemistry style', platform: 'Platform', buyNow: 'Buy now price',
    market: 'Market price', income: 'Income', startPrice: 'Start price', owner: 'Owner', contracts: 'Contracts',
    auctionEnds: 'Auction ends', coinsSpent: 'Coins spent', date: 'Date', type: 'Type', status: 'Status', actions: 'Actions',
  },
  pickWhy: { noAccount: 'Add a game account to pick players.', open: 'Finish your open purchase first.', busy: '{{name}} is busy with another purchase.', cooldown: '{{name}} can buy again at {{time}}.', platform: 'Choose a {{platform}} game account for this player.' },
  readyAt: 'This game account can buy again at {{time}}.',
  accountReadyAt: 'ready at {{time}}',
  pick: 'Pick',
  details: 'Details',
  account: 'Game account',
  noAccount: 'Add a game account first',
  addAccountLink: 'Manage game accounts',
  accountHint: 'You buy the player you pick with this account. One purchase per account every 4 hours.',
  dialog: {
    title: 'Buy this player',
    steps: 'Open the transfer market, buy this card at the buy now price with your game account, then press Player Bought.',
    openMarket: 'Open the transfer market',
    timeLeft: 'Time left',
    bought: 'Player Bought',
    notBought: 'Not Bought',
    close: 'Close',
    expired: 'The 5-minute purchase time has passed.',
    released: 'The player was released.',
    frozenUntil: 'Credited as frozen until {{date}}',
  },
  // The API's own words, so English cannot drift from what the server says.
  reasons: REASON_TEXT,
  states: {
    picking: 'Picking', reserved: 'Waiting for purchase', checking: 'Checking', stuck: 'Checking by support', frozen: 'Frozen',
    available: 'Available', released: 'Not bought', expired: 'Expired', rejected: 'Not verified', refused: 'Refused',
  },
  tabs: { all: 'All', settled: 'Settled', processing: 'Processing', available: 'Available' },
  /** Where a sale's money is (domain/sale-money.ts): the record rows' status and their parts. */
  money: {
    states: { frozen: 'Frozen', available: 'Available', pending_payout: 'Being paid out', paid_out: 'Paid out' },
    available: '{{amount}} available',
    pending: '{{amount}} being paid out in the withdrawal of {{date}}',
    paidOut: '{{amount}} paid out in the withdrawal of {{date}}',
  },
  typePlayer: 'Player trade',
  empty: 'No records yet.',
  prev: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  balance: {
    approx: '≈ {{amount}}',
    approxRate: '≈ {{amount}} (rate of {{date}})',
    total: 'Total', available: 'Available', frozen: 'Frozen', frozenItems: 'Frozen amounts', releaseAt: 'Available from',
    item: 'Sale', comfortItem_one: 'Comfort trade, {{coins}} coin', comfortItem_other: 'Comfort trade, {{coins}} coins',
    none: 'Nothing is frozen.', note: 'Earnings stay frozen for {{freezeHours}} hours after the purchase, then become available to withdraw.',
  },
  accounts: {
    intro: 'The game accounts you buy players with. One player purchase per game account per 4 hours.',
    name: 'Account name', add: 'Add account', remove: 'Remove', coolingUntil: 'Next purchase from {{date}}', busy: 'Purchase in progress', ready: 'Ready',
    none: 'No game accounts yet.',
    formTitle: 'Add a game account', listTitle: 'Your game accounts',
    platformHint: 'Where you play. With this account you can only pick players on this platform.',
    nameHint: 'Your club name exactly as the transfer market shows it. We use it to check that this account bought the player.',
    added: '{{name}} ({{platform}}) is added and ready to buy players.',
    nextStep: 'Next: pick a player, buy it with this account within 5 minutes and get paid for your coins.',
    nextLink: 'Sell coins with this account',
  },
  platforms: { ps: 'PlayStation', xbox: 'Xbox', pc: 'PC' },
  notFound: 'This player is no longer available.',
  back: 'Back to the player list',
};

export default player;
export type PlayerDict = Translation<typeof player>;
