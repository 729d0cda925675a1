/** What the product says to sellers, word for word from the specification (section 8 and 5). */
import { SELLER_EVENT_TYPES } from './seller-event-types.js';

/** A message with a number: its stable code and the number, so a client translates without reading English. */
export interface NumberedMessage {
  code: string;
  data: Readonly<Record<string, number | string>>;
}

// Filled by the message functions below as they are called: the same words always carry the same numbers.
const NUMBERED = new Map<string, NumberedMessage>();

function numbered(text: string, code: string, data: Readonly<Record<string, number | string>>): string {
  NUMBERED.set(text, { code, data });
  return text;
}

/** The code and numbers of a message made by one of the functions here (e.g. `tooLong`), or undefined. */
export const numberedMessage = (text: string): NumberedMessage | undefined => NUMBERED.get(text);

// Validation prompts (specification, verbatim).
export const EMAIL_FORMAT = 'Please enter in email format';
export const CONFIRM_PASSWORD = 'Please enter your confirm password as same as the password';
export const CAPTCHA_REQUIRED = 'Please tick "I am not a robot"';
export const AGREEMENT_REQUIRED = 'Please check the agreement';
export const USERNAME_LENGTH = 'Username must be 4-30 characters long.';
export const USERNAME_CHARACTERS = 'Only letters, numbers, hyphens, and underscores are allowed.';
// These four and PASSWORDS_DO_NOT_MATCH are the specification's words with the first letter
// capitalised, like every other message a seller reads (the specification writes them lower-case).
export const EMAIL_REQUIRED = 'Please input email';
export const CODE_REQUIRED = 'Please input verification code';
export const PAYMENT_ADDRESS_REQUIRED = 'Please fill in your payment address';
export const TRUE_NAME_REQUIRED = 'Please fill in your true name';
export const REQUIRED = 'This information is required';
export const PASSWORDS_DO_NOT_MATCH = 'The two passwords do not match';
/** Backup code N (1 to 6) is not exactly 8 digits. */
export const backupCodeMessage = (n: number): string => numbered(`Please input correct code ${n} (8 digits)`, 'backupCode', { n });

// The specification names the password rule but gives no text; this one states it fully.
export const PASSWORD_RULE =
  'Password must be 8-50 characters and include upper case letters, lower case letters and digits';

// Outcomes and notices (specification, verbatim).
export const COPY_SUCCESS = 'Copy successful';
export const COPY_FAILED = 'Copy failed';
export const USERNAME_AVAILABLE = 'Username is available!';
export const EMAIL_SENT = 'Email has been sent, please check your mailbox';
export const CODE_SENT = 'Verification code sent successfully';
export const WITHDRAWAL_SENT = 'Withdrawal request has been sent successfully';
export const RUN_SUBMITTED = 'Submitted: the transfer starts soon. Follow it in your sell record.';
export const NO_PLAYERS = 'There is no player available for now.';
export const LOG_IN_TO_VIEW = 'Click Sign in to view all content';
export const CHECKING_TRANSACTION = 'System checking transaction, please wait';
export const MARKET_LOCKED =
  'Your account has not earned access to the Transfer Market on the Web/Companion App... please contact us';
export const GOOGLE_SCRIPT_FAILED = 'Failed to load the Google 3P Authorization JavaScript Library.';

// Our own words where the specification is silent.
export const SIGN_UP_SUCCESS = 'Sign up successful';
export const RESET_LINK_SENT = 'The reset link has been sent, please check your mailbox';
export const NEW_PASSWORD_SAME = 'The new password must be different from the old password';
export const USERNAME_MISMATCH = 'The two usernames do not match';
export const USERNAME_TAKEN = 'This username is already taken';
export const USDT_TRC20_ADDRESS = 'Please enter a valid USDT TRC20 address (T followed by 33 characters)';
export const ALIPAY_ACCOUNT = 'Please enter your Alipay account: an email or a phone number';
export const CHOOSE_OPTION = 'Please choose one of the options';
export const INVALID_VALUE = 'Please enter a valid value';
/** A value outside a fixed list (a batch file's platform or transfer time): the message names the allowed values. */
export const chooseFrom = (allowed: readonly string[]): string => numbered(`Please use one of: ${allowed.join(', ')}`, 'chooseFrom', { allowed: allowed.join(', ') });
/** A coin amount that is not a whole number (a batch file's cell): the message says what is allowed. */
export const WHOLE_COINS = 'Please enter whole coins in digits, at least 100,000';
/** A text is longer than the field allows. */
export const tooLong = (max: number): string => numbered(`Please enter at most ${max} characters`, 'tooLong', { max });

// Seller accounts: our own words where the specification is silent.
export const EMAIL_TAKEN = 'This email is already registered, please log in';
export const CAPTCHA_WRONG = 'The captcha code is wrong or has expired, please try again';
export const SIGN_IN_FAILED = 'Incorrect email or password';
export const CODE_INVALID = 'The verification code is wrong or has expired, please request a new one';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired, please request a new one';
export const PASSWORD_RESET_DONE = 'Your password has been reset, please log in';
export const PASSWORD_CHANGED = 'Your password has been changed';
export const OLD_PASSWORD_WRONG = 'The current password is incorrect';
export const SETTINGS_SAVED = 'Settings saved';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address first';
export const EMAIL_VERIFIED = 'Your email address has been verified';
export const GOOGLE_LINK_UNVERIFIED = 'This email address has an account that is not verified yet: sign in with an emailed code first, then use Google';
export const HIDDEN_CHARACTERS = 'Please remove invisible or control characters';
export const FORMULA_START = 'Please do not start with =, +, - or @';
// Withdrawals: our own words where the specification is silent (the amount messages are below).
export const EMAIL_NOT_ACCOUNT = 'Please enter the email of your account';
export const PAYOUT_PASSWORD_REQUIRED = 'Please enter your current password to change the payment method or address';
export const PAYOUT_CODE_REQUIRED = 'Please enter the code we emailed you to change the payment method or address';
export const PAYOUT_CODE_SENT = 'We emailed you a code to confirm the change';
export const REAUTH_REQUIRED = 'Please confirm it is you: enter your password or a code we email you';
export const REAUTH_PASSWORD_REQUIRED = 'Please enter your current password to confirm it is you';
export const REAUTH_CODE_REQUIRED = 'Please enter the code we emailed you to confirm it is you';
export const REAUTH_DONE = 'Thank you, it is you';
export const USERNAME_ALREADY_SET = 'Your username has already been set and cannot be changed';
export const SESSION_CSRF = 'Your session has expired, please refresh the page and try again';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available';
export const GOOGLE_FAILED = 'Google sign-in failed, please try again';

/** A part of the system did not answer for a moment; nothing was decided (HTTP 503 `unavailable`). */
export const TRY_AGAIN = 'The service is busy right now, please try again in a moment.';

// Comfort trade field messages: our own words where the specification is silent. Here (not in
// domain/comfort-trade) so a field error with these words gets its code like every other message.
export const MIN_COINS_MESSAGE = 'The minimum is 100,000 coins';
export const AUTH_SECRET_MESSAGE = 'Please enter the correct authSecret (16 characters)';
/** One game account runs one comfort trade at a time. */
export const DUPLICATE_ACCOUNT = 'This game account already has a comfort trade in progress';
/** "Try again" with backup codes the run was given before. */
export const CODES_REUSED = 'These backup codes were used before; please get 6 new backup codes';
/** "Try again" after Wrong Account/Password asks only the email and password: the game refused the login before any code was used. */
export const SECOND_FACTOR_NOT_ASKED = 'Not needed after Wrong Account/Password: your backup codes or authSecret are kept';
/** "Try again" after a second-factor error keeps the game account: only Wrong Account/Password lets the email be corrected. */
export const EMAIL_NOT_ASKED = 'The email can only be corrected after Wrong Account/Password; this error asks for new backup codes or authSecret';

// Withdrawal amount messages: our own words where the specification is silent.
export const AMOUNT_BELOW_MINIMUM = 'The minimum withdrawal is 20 EUR';
export const AMOUNT_ABOVE_AVAILABLE = 'The amount is more than your available balance';
export const AMOUNT_WHOLE_CENTS = 'Please enter an amount in euro with at most two decimals';

// Webhook endpoint field messages (Settings and /api/v1/webhooks): our own words.
export const WEBHOOK_URL_INVALID = 'Please enter a valid https URL';
export const WEBHOOK_URL_HTTP = 'Please enter an https URL';
export const WEBHOOK_EVENTS_INVALID = `Events must be a list of: ${SELLER_EVENT_TYPES.join(', ')}`;
export const WEBHOOK_DESCRIPTION_TEXT = 'Description must be text';

// Notification preferences (Settings): our own words.
export const NOTIFICATION_MANDATORY = 'Money and security notifications cannot be turned off';
export const PUSH_SUBSCRIPTION_INVALID = 'This browser gave a push subscription that cannot be used';
export const PUSH_UNAVAILABLE = 'Push notifications are not available on this site';
export const PUSH_SUBSCRIPTION_NOT_FOUND = 'This browser is not among your push notification browsers';
