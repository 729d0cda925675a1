/** What a seller types to join, sign in, recover a password, pick a username and set up payouts. */
import { object, optional, type Infer } from 'superstruct';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from './currencies.js';
import { isTronAddress } from './payout-address.js';
import {
  agreementField,
  choiceField,
  emailField,
  flagField,
  isEmail,
  newPasswordField,
  secretField,
  plainTextField,
  textField,
} from './fields.js';
import {
  ALIPAY_ACCOUNT,
  CAPTCHA_REQUIRED,
  CHOOSE_OPTION,
  CODE_REQUIRED,
  CONFIRM_PASSWORD,
  EMAIL_FORMAT,
  EMAIL_REQUIRED,
  NEW_PASSWORD_SAME,
  PASSWORDS_DO_NOT_MATCH,
  PAYMENT_ADDRESS_REQUIRED,
  REQUIRED,
  TRUE_NAME_REQUIRED,
  USDT_TRC20_ADDRESS,
  USERNAME_CHARACTERS,
  USERNAME_LENGTH,
  USERNAME_MISMATCH,
} from './messages.js';
import { charCount, crossCheck, field, isString, trimText } from './validation.js';
import { isLanguage, type LanguageCode } from './client-config.js';

export { CURRENCIES, DEFAULT_CURRENCY, type Currency } from './currencies.js';

// Sign-up says its own sentence for both an empty and a different confirmation; the reset and
// change forms use the specification's "the two passwords do not match" for a difference.
const confirmField = () => secretField(CONFIRM_PASSWORD, 50);

export const SignUpInput = crossCheck(
  object({
    email: emailField(EMAIL_FORMAT),
    password: newPasswordField(),
    confirmPassword: confirmField(),
    /** The solved proof-of-work challenge (base64 ALTCHA payload). */
    captcha: textField(CAPTCHA_REQUIRED, 2000),
    agreement: agreementField(),
    /** The language the seller signs up in: their mails are written in it. */
    language: optional(field<LanguageCode>('choice', [(value): value is LanguageCode => typeof value === 'string' && isLanguage(value), CHOOSE_OPTION])),
  }),
  'confirmPassword',
  (input) => input.confirmPassword === input.password || CONFIRM_PASSWORD,
);
export type SignUpInput = Infer<typeof SignUpInput>;

/** The code mailed to prove the seller's own address. */
export const EmailProofInput = object({ code: textField(CODE_REQUIRED, 32) });

// Sign-in does not re-check the password rule: that would tell a guesser which passwords exist.
export const PasswordSignInInput = object({
  email: emailField(EMAIL_REQUIRED),
  password: secretField(REQUIRED),
  remember: optional(flagField()),
});
export type PasswordSignInInput = Infer<typeof PasswordSignInInput>;

export const CodeRequestInput = object({ email: emailField(EMAIL_REQUIRED) });
export type CodeRequestInput = Infer<typeof CodeRequestInput>;

export const CodeSignInInput = object({
  email: emailField(EMAIL_REQUIRED),
  code: textField(CODE_REQUIRED, 32),
  remember: optional(flagField()),
});
export type CodeSignInInput = Infer<typeof CodeSignInInput>;

export const PasswordResetRequestInput = object({ email: emailField(EMAIL_REQUIRED) });
export type PasswordResetRequestInput = Infer<typeof PasswordResetRequestInput>;

export const PasswordResetInput = crossCheck(
  // revokeApiAccess: also revoke every API key and remove every webhook (a thief may have minted them).
  object({ token: textField(REQUIRED, 512), password: newPasswordField(), confirmPassword: confirmField(), revokeApiAccess: optional(flagField()) }),
  'confirmPassword',
  (input) => input.confirmPassword === input.password || PASSWORDS_DO_NOT_MATCH,
);
export type PasswordResetInput = Infer<typeof PasswordResetInput>;

/** Logout everywhere; revokeApiAccess as in the reset. */
export const LogoutAllInput = object({ revokeApiAccess: optional(flagField()) });

export const ChangePasswordInput = crossCheck(
  crossCheck(
    object({ oldPassword: secretField(REQUIRED), password: newPasswordField(), confirmPassword: confirmField() }),
    'password',
    (input) => input.password !== input.oldPassword || NEW_PASSWORD_SAME,
  ),
  'confirmPassword',
  (input) => input.confirmPassword === input.password || PASSWORDS_DO_NOT_MATCH,
);
export type ChangePasswordInput = Infer<typeof ChangePasswordInput>;

export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 30;
const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A username as chosen once: 4-30 of letters, digits, hyphen, underscore; never trimmed. */
export const usernameField = () =>
  field<string>(
    'username',
    [isString, REQUIRED],
    [
      [(text) => text.length > 0, REQUIRED],
      [(text) => charCount(text) >= USERNAME_MIN_LENGTH && charCount(text) <= USERNAME_MAX_LENGTH, USERNAME_LENGTH],
      [(text) => USERNAME_PATTERN.test(text), USERNAME_CHARACTERS],
    ],
    (value) => (value === undefined || value === null ? '' : value),
  );

/** The availability check asks about one name before the seller confirms it. */
export const UsernameCheckInput = object({ username: usernameField() });
export type UsernameCheckInput = Infer<typeof UsernameCheckInput>;

export const UsernameInput = crossCheck(
  object({ username: usernameField(), confirmUsername: secretField(REQUIRED, 64) }),
  'confirmUsername',
  (input) => input.confirmUsername === input.username || USERNAME_MISMATCH,
);
export type UsernameInput = Infer<typeof UsernameInput>;

export const CONTACT_METHODS = ['whatsapp', 'discord', 'telegram', 'qq'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const PAYMENT_METHODS = ['paypal', 'payoneer', 'payoneer-wallet', 'skrill', 'alipay', 'usdt-trc20'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// Alipay accepts mainland mobiles and international numbers; separators are left to the seller to
// remove so the stored number is exactly what the payout provider gets.
const PHONE = /^\+?[0-9]{6,15}$/;

/** Whether a payout address has the shape its method needs: true, or what to tell the seller. */
export function checkPaymentAddress(method: PaymentMethod, address: string): true | string {
  switch (method) {
    case 'paypal':
    case 'payoneer':
    case 'payoneer-wallet': // a Payoneer wallet is reached through the account's email as well
    case 'skrill':
      return isEmail(address) || EMAIL_FORMAT;
    case 'alipay':
      return isEmail(address) || PHONE.test(address) || ALIPAY_ACCOUNT;
    case 'usdt-trc20':
      return isTronAddress(address) || USDT_TRC20_ADDRESS;
  }
}

const currencyField = () =>
  field<Currency>(
    'currency',
    [(value): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value), CHOOSE_OPTION],
    [],
    (value) => {
      const text = trimText(value);
      if (text === '') return DEFAULT_CURRENCY;
      return typeof text === 'string' ? text.toUpperCase() : text;
    },
  );

// The settings page saves by section: how support reaches the seller (no proof of the address
// needed), and where payouts go (proven address; the password or an emailed code when method or
// address change). `SettingsInput` is both at once, as before.
const contactFields = () => ({
  contactMethod: choiceField(CONTACT_METHODS),
  // A WhatsApp number starts with +, a Telegram name with @: exports neutralise these (csvCell).
  contactValue: plainTextField(REQUIRED, 100, { noFormula: false }),
});
const payoutFields = () => ({
  paymentMethod: choiceField(PAYMENT_METHODS),
  paymentAddress: textField(PAYMENT_ADDRESS_REQUIRED, 200),
  currency: currencyField(),
  trueName: plainTextField(TRUE_NAME_REQUIRED, 100, { noFormula: true }),
});
// Only judged once method and address are each acceptable; their own messages come first.
const addressFits = (input: { paymentMethod: PaymentMethod; paymentAddress: string }) =>
  (PAYMENT_METHODS as readonly unknown[]).includes(input.paymentMethod) && isString(input.paymentAddress) && input.paymentAddress !== ''
    ? checkPaymentAddress(input.paymentMethod, input.paymentAddress)
    : true;

export const ContactSettingsInput = object(contactFields());
export type ContactSettingsInput = Infer<typeof ContactSettingsInput>;

export const PayoutSettingsInput = crossCheck(object(payoutFields()), 'paymentAddress', addressFits);
export type PayoutSettingsInput = Infer<typeof PayoutSettingsInput>;

export const SettingsInput = crossCheck(object({ ...contactFields(), ...payoutFields() }), 'paymentAddress', addressFits);
export type SettingsInput = Infer<typeof SettingsInput>;

/** The settings page's two sections as stored and as GET /api/member/settings answers them; either may be saved first, so each field may be missing. */
export interface SellerSettings {
  contactMethod?: ContactMethod;
  contactValue?: string;
  paymentMethod?: PaymentMethod;
  paymentAddress?: string;
  currency?: string;
  trueName?: string;
}
