/**
 * The words of every notification in en: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('en', 'comfortTrade');

const NOT_YOU = 'If you did not do this, change your password at once and contact support.';
const NOT_YOU_SECRET = 'If you did not do this, change your password at once and contact support; when you log out everywhere, choose to revoke API keys and remove webhooks.';

const kinds: Texts = {
  'action_needed.title': 'Action needed: your sale is waiting for you',
  'action_needed.wrong_backup_codes': `Your ${C} of {coins, plural, one {# coin} other {# coins}} stopped: the backup codes were incorrect or expired. Resubmit with 6 new backup codes by {deadline}, or the run closes.`,
  'action_needed.no_login_verification': `Your ${C} of {coins, plural, one {# coin} other {# coins}} stopped: login verification is off. Enable login verification, get 6 new backup codes, then resubmit by {deadline}, or the run closes.`,
  'action_needed.wrong_password': `Your ${C} of {coins, plural, one {# coin} other {# coins}} stopped: the game did not accept the account and password. Resubmit by {deadline}, or the run closes.`,
  'action_needed.wrong_gauth': `Your ${C} of {coins, plural, one {# coin} other {# coins}} stopped: the authSecret (authenticator key) is wrong. Resubmit by {deadline}, or the run closes.`,
  'action_needed.generic': `Your ${C} of {coins, plural, one {# coin} other {# coins}} needs new login details. Resubmit by {deadline}, or the run closes.`,
  'action_needed.purchase': 'Buy {player} in the game and confirm Player Bought by {deadline}.',
  'reminder.title': 'Reminder: your sale still needs you',
  'transfer_completed.title': 'Transfer completed',
  'transfer_completed.body': '{coins, plural, one {# coin was} other {# coins were}} transferred. You may log in to your game account again; a remainder usually under 50K coins may stay and be sold later.',
  'credited.title': 'Income credited',
  'credited.body': `{amount} from your ${C} was credited. It is under review and becomes available on {availableAt}.`,
  'credited.purchase': '{amount} for {player} was credited. It becomes available on {availableAt}.',
  'payment_error.title': 'Payment Error',
  'payment_error.body': `We cannot pay your ${C}: your payment details are missing or invalid. Save a valid payment method and address in Settings: the payment is then retried at once.`,
  'withdrawal_paid.title': 'Withdrawal paid',
  'withdrawal_paid.body': 'Your withdrawal of {amount} was paid to {method}.',
  'withdrawal_failed.title': 'Withdrawal failed',
  'withdrawal_failed.body': 'Your withdrawal of {amount} to {method} failed; the money is back in your available balance.',
  'withdrawal_failed.refused': 'Your withdrawal of {amount} was refused: your available balance was not enough. Nothing was moved.',
  'withdrawal_delayed.title': 'Withdrawal delayed',
  'withdrawal_delayed.body': 'Your withdrawal of {amount} to {method} is taking longer than usual. Support has been told and is on it; you do not need to do anything.',
  'api_access_enabled.title': 'API access enabled',
  'api_access_enabled.body': `API access was enabled for your account. ${NOT_YOU}`,
  'api_key_issued.title': 'A new secret was issued',
  'api_key_issued.body': `The API key "{name}" ({prefix}_…) was issued for your account; support hands its secret to you once. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `The API key "{name}" ({prefix}_…) was rotated: its new secret was shown once and the old one stopped working. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `A webhook endpoint was registered for {url}; its signing secret was shown once. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `The signing secret of the webhook endpoint {url} was rotated; the new secret was shown once. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'API access disabled',
  'api_access_disabled.body': 'Support turned off API access for your account: every API key of yours is refused from now on. If you did not expect this, contact support.',
  'api_key_revoked.title': 'An API key was revoked',
  'api_key_revoked.body': `The API key "{name}" ({prefix}_…) was revoked: it is refused from now on. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'The webhook endpoint {url} was removed: the API key "{name}" ({prefix}_…) that registered it was revoked, so nothing more is sent to it. Register it again in Settings if you still need it.',
  'api_key_revoked.webhook_removed_rotated': 'The webhook endpoint {url} was removed: the API key "{name}" ({prefix}_…) that registered it was rotated, so nothing more is sent to it. Register it again if you still need it.',
  'api_key_revoked.webhook_removed_access_off': 'The webhook endpoint {url} was removed: it was registered with an API key and API access was turned off for your account, so nothing more is sent to it.',
  'payout_details_changed.title': 'Your payment details were changed',
  'payout_details_changed.body': 'The payment method of your account was changed to {method} ({address}). If you did not do this, change your password at once and contact support: withdrawals go to this address.',
  'payout_details_changed.payoneer_bound': `Your account was bound to the Payoneer account {account}: every Payoneer payout goes to it. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `The Payoneer account bound to your account was removed: Payoneer payouts stop until you bind one again. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'Your sale waits for support',
  stopped: `Your ${C} of {coins, plural, one {# coin} other {# coins}} stopped: {what}.`,
  what: {
    customer_online: 'someone is logged in to the game account (console or web app)',
    captcha: 'the game asks for a captcha',
    wrong_platform: 'the game account is not on the platform you chose',
    no_club: 'the game account has no club',
    tradepile_full: 'the transfer list (tradepile) is full',
    market_locked: 'the game account has no access to the transfer market',
    retries_exhausted: 'the transfer could not be finished after several tries',
    generic: 'only support can solve what stopped it',
  },
  may: {
    customer_online: 'You may log out of the game everywhere.',
    captcha: 'You may log in to the game\'s web app once and solve the captcha.',
    wrong_platform: 'Support cancels it; you may then submit it again with the right platform.',
    tradepile_full: 'You may empty the transfer list in the game.',
  },
  nextAfter: 'Nothing else is needed from you: support has been told and resumes the run, then the transfer goes on by itself.',
  nextNothing: 'You do not need to do anything: support has been told and resumes the run, then the transfer goes on by itself.',
  purchase: 'We could not confirm your purchase of {player} with the game after several tries. You do not need to do anything: support checks it and credits it if it was bought.',
  fundsTitle: 'Money available',
  funds: `{amount} from your ${C} is now in your available balance. You can withdraw it now.`,
  fundsPurchase: '{amount} for {player} is now in your available balance. You can withdraw it now.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'Open in CoinMarket',
  'mail.deadline': 'Deadline: {deadline}',
  'mail.changed_at': 'Time: {changedAt}',
  'mail.account': 'Game account: {account}',
  'mail.account_batch': 'Game account: {account} (line {batchLine} of your batch file)',
  'mail.footer': 'You get this mail because of your CoinMarket account. Choose which notifications you get in Settings.',
  'mail.support': 'Support contacts: {support}',
  'mail.support_email': 'Email',
};

export default texts;
