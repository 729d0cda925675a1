import type { Translation } from '../../plural-keys';
import * as M from '../../../../../domain/messages';
// Only the text modules: the comfort trade's table, schema and contract stay out of the dictionary's chunk.
import * as C from '../../../../../domain/comfort-trade/texts';
import { PENDING_PAYMENT_GUIDANCE, RUN_SUB_STATE_TEXT, STATUS_TEXT, SUB_STATE_TEXT } from '../../../../../domain/comfort-trade/statuses';

/** `{ name, text }` of each status or sub-state from the domain's label and guidance. */
const named = <K extends string>(o: Readonly<Record<K, { label: string; guidance: string }>>) =>
  Object.fromEntries(Object.entries<{ label: string; guidance: string }>(o).map(([k, v]) => [k, { name: v.label, text: v.guidance }])) as Record<K, { name: string; text: string }>;

/**
 * Comfort trade (the form, the batch upload and the comfort sell record) in English, the reference
 * shape. Specification words are verbatim; `codes` holds the API's error codes so a refusal is
 * translated by its code, never by reading its English text.
 */
const comfort = {
  intro: 'Give us your game web app login and the coins you want to sell: we log in and transfer them for you.',
  modeLabel: 'How to submit',
  modeSingle: 'One account',
  modeBatch: 'Batch upload',
  before: {
    title: 'Before you sell',
    minimum: 'The minimum is 100,000 coins per account.',
    market: 'Your game account must have transfer market access in the web app. A secondary account may need 7-10 days and 20-25 matches to unlock it; without access the run stops with Market Locked.',
    noLogin: 'Do not log in to the game while your coins are Transferring.',
  },
  platform: 'Platform',
  coins: 'Coin amount',
  coinsHint: 'Minimum 100,000 coins',
  transferTime: 'Transfer time',
  unitPrice: 'Unit price',
  unitPriceValue: '{{price}} per 100K coins',
  estimatedIncome: 'Estimated income',
  email: 'Web app email',
  password: 'Web app password',
  verification: 'Login verification',
  useCodes: 'Backup codes',
  useSecret: 'Authenticator key (authSecret)',
  code: 'Backup code {{n}}',
  codesHint: 'Enter the 6 backup codes (8 digits each) one by one, or paste them all at once.',
  pasteButton: 'One-click paste',
  pasteLabel: 'Paste all 6 codes',
  pasteHint: 'Format: 1.code 2.code 3.code 4.code 5.code 6.code (spaces and new lines are fine)',
  pasteApply: 'Fill in the codes',
  pasteFilled: 'The 6 codes were filled in.',
  pasteFailed: 'We could not find 6 codes of 8 digits in the pasted text.',
  secret: 'authSecret',
  secretHint: 'The 16-character key of your authenticator app',
  // The specification's "sell now", first letter capitalised as on every button of the site.
  submit: `${C.SELL_NOW[0]!.toUpperCase()}${C.SELL_NOW.slice(1)}`,
  viewRecord: 'Open the comfort sell record',
  batch: {
    title: 'Batch upload',
    intro: 'Upload up to 50 accounts in one file. For more accounts, contact support first.',
    templates: 'Download a template',
    csv: 'CSV template',
    xlsx: 'Excel template',
    file: 'Accounts file (CSV or XLSX)',
    check: 'Check and submit',
    noFile: 'Please choose a file first.',
    problems: 'Nothing was submitted. Correct these rows and upload the file again:',
    line: 'Line {{line}}',
    created_one: '{{count}} account was submitted.',
    created_other: '{{count}} accounts were submitted.',
  },
  record: {
    remainder_one: '{{coins}} coin could not be moved and stays in your game account. It is yours and is not part of this sale; sell it in a new comfort trade once the account holds at least {{minimum}} coins. Under {{minimum}} coins, sell it by player trade.',
    remainder_other: '{{coins}} coins could not be moved and stay in your game account. They are yours and are not part of this sale; sell them in a new comfort trade once the account holds at least {{minimum}} coins. Under {{minimum}} coins, sell them by player trade.',
    resubmitted: 'New login details sent: the transfer continues.',
    incomeEstimate: 'About {{amount}} (estimate)', progressHint: 'Transfer parts moved / planned',
    intro: 'Every account you submitted for comfort trade, updated live.',
    filter: 'Status',
    all: 'All',
    empty: 'No comfort trade records yet.',
    col: {
      time: 'Time',
      income: 'Income', submitted: 'Submission time',
      email: 'Origin email', amount: 'Sale amount', transferred: 'Coins transferred', unitPrice: 'Unit price',
      status: 'Status', progress: 'Success / total', completed: 'Completion time', actions: 'Operations',
    },
    amountK: '{{amount}}K',
    tryAgain: 'Try again',
    download: 'Download record',
    withdraw: 'Withdraw',
    notYet: 'Not yet',
    tryTitle: 'Submit the account again',
    tryIntro: 'Enter the corrected login details. The run continues with them.',
    tryIntroLogin: 'The game did not accept this account and password. Correct the email or the password; the backup codes or authSecret you gave are kept.',
    trySend: 'Submit again',
    cancel: 'Cancel',
    keepPassword: 'Leave empty to keep the password you gave before.',
    settled: 'Settled',
    downloadFailed: 'The record could not be downloaded. Please try again.',
    fixPayment: 'Fix payment details',
    contactSupport: 'Contact support',
  },
  /** A transfer time choice (TRANSFER_TIMES), its hours filled in. */
  transferTimeHours: '{{hours}} hours',
  /** The transfer time explained on the form (what it means for the seller). */
  transferTimeHelp: 'How long we may use your game account to move the coins, counted from the start of the transfer. Stay logged out of the game meanwhile: the record shows the expected finish as the coins move and says when you may log in again. Your income reaches your available balance within {{reviewHours}} hours after the transfer is completed.',
  /** A transferring run's expected finish, last update and no progress (domain/comfort-trade/eta.ts); after it, logging in is safe. */
  eta: {
    finish: 'Expected finish: {{time}} ({{left}}), measured from the parts moved so far',
    finishChosen: 'Expected finish: {{time}} ({{left}}), from your transfer time until the first part moves',
    lastUpdate: 'Last update {{ago}}',
    stalled: 'No progress for {{duration}}.',
    stalledMeaning: 'No part has moved for longer than {{threshold}}, twice the time a part takes at this transfer\'s pace. The game\'s transfer market is probably slow; nothing is lost. The transfer goes on by itself and this record updates as soon as a part moves. Stay logged out of your game account; if it stays like this for hours, contact support.',
    loginSafe: 'Transfer completed on {{time}}: you may log in to your game account again.',
  },
  // Names and guidance are the domain's own words, so English cannot drift from what the API says.
  // Pending Payment's times are placeholders here (domain/timing-promises.ts); the API's view has them filled.
  statuses: named({ ...STATUS_TEXT, pending_payment: { ...STATUS_TEXT.pending_payment, guidance: PENDING_PAYMENT_GUIDANCE } }),
  subStates: named({ ...RUN_SUB_STATE_TEXT, ...SUB_STATE_TEXT }),
  /**
   * Field messages the comfort API and the domain's rule can say, keyed by their code (the name of
   * the message in domain/messages; `backupCode` is "Please input correct code N (8 digits)").
   */
  msg: {
    chooseFrom: 'Please use one of: {{allowed}}',
    WHOLE_COINS: M.WHOLE_COINS,
    backupCode: 'Please input correct code {{n}} (8 digits)',
    MIN_COINS_MESSAGE: M.MIN_COINS_MESSAGE,
    AUTH_SECRET_MESSAGE: M.AUTH_SECRET_MESSAGE,
    DUPLICATE_ACCOUNT: M.DUPLICATE_ACCOUNT,
    CODES_REUSED: M.CODES_REUSED,
    SECOND_FACTOR_NOT_ASKED: M.SECOND_FACTOR_NOT_ASKED,
    EMAIL_NOT_ASKED: M.EMAIL_NOT_ASKED,
    RUN_SUBMITTED: M.RUN_SUBMITTED,
  },
  /** Refusals of the comfort API by error code. */
  codes: {
    resubmit_not_needed: C.RESUBMIT_NOT_NEEDED,
    account_busy: M.DUPLICATE_ACCOUNT,
    codes_reused: M.CODES_REUSED,
    file_unreadable: C.FILE_UNREADABLE,
    file_type: C.FILE_TYPE,
    not_template: C.NOT_TEMPLATE,
    batch_empty: C.BATCH_EMPTY,
    batch_too_large: C.BATCH_TOO_LARGE,
    run_not_found: C.RUN_NOT_FOUND,
    comfort_unavailable: C.COMFORT_UNAVAILABLE,
    network: 'The connection failed. Please check your network and try again.',
  },
  /** A filtered list with nothing in it: the filter is why, not an empty history. */
  emptyFilter: {
    text: 'No record matches this filter.',
    clear: 'Show all records',
  },
  /** Times are shown in the seller's zone (Settings), named wherever times are. */
  zone: { note: 'Times in {{zone}}', column: '{{column}} ({{zone}})', change: 'Change' },
  timeline: {
    open: 'Timeline',
    title: 'Timeline',
    close: 'Close',
    waitedFor: { seller: 'Waited for you', system: 'Waited for us (automatic)', support: 'Waited for support', provider: 'Waited for the provider', nobody: 'Finished' },
    next: 'What happens next',
    nextBy: { seller: 'This needs you: use the button on the record.', system: 'Nothing to do: this moves on by itself.', support: 'Support is handling this; you will be told when it moves on.', provider: 'Nothing to do: this moves on by itself.', nobody: 'Nothing more happens.' },
    truncated: 'Only the first {{n}} steps are listed.',
  },
};

export default comfort;
export type ComfortDict = Translation<typeof comfort>;
