import { describe, expect, it } from 'vitest';
import type { Struct } from 'superstruct';
import {
  ChangePasswordInput,
  CodeRequestInput,
  CodeSignInInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  PasswordSignInInput,
  SettingsInput,
  SignUpInput,
  UsernameCheckInput,
  UsernameInput,
  checkPaymentAddress,
} from '../../domain/account-schemas.js';
import * as M from '../../domain/messages.js';
import { validate } from '../../domain/validation.js';

/** The message per field, or {} when the input is accepted. */
function messages<T, S>(struct: Struct<T, S>, input: unknown): Record<string, string> {
  const result = validate(struct, input);
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

const GOOD_PASSWORD = 'Abcdefg1';
const signUp = {
  email: 'seller@example.com',
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
  captcha: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=',
  agreement: true,
};

describe('email', () => {
  const emailOf = (email: unknown) => messages(PasswordResetRequestInput, { email }).email;

  it.each([
    'a@b.co',
    'first.last+tag@sub.example.com',
    'x_y-z@example-site.de',
    'user@xn--bcher-kva.example',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(emailOf(email)).toBeUndefined();
  });

  it.each([
    'plainaddress',
    'a@b',
    'a@b.',
    '@example.com',
    'a@@example.com',
    'a b@example.com',
    'a@exa mple.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@-example.com',
    'a@example.c',
    'a@example.123',
  ])('refuses %s with the format message', (email) => {
    expect(emailOf(email)).toBe(M.EMAIL_FORMAT);
  });

  it('allows 254 characters and refuses 255 (every part still valid on its own)', () => {
    const address = (lastLabel: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.com`;
    expect(address(57)).toHaveLength(254);
    expect(emailOf(address(57))).toBeUndefined();
    expect(emailOf(address(58))).toBe(M.EMAIL_FORMAT);
  });

  it('refuses a local part over 64 characters', () => {
    expect(emailOf(`${'a'.repeat(64)}@example.com`)).toBeUndefined();
    expect(emailOf(`${'a'.repeat(65)}@example.com`)).toBe(M.EMAIL_FORMAT);
  });

  it('says "please input email" when empty, blank or missing on the sign-in forms', () => {
    expect(emailOf('')).toBe(M.EMAIL_REQUIRED);
    expect(emailOf('   ')).toBe(M.EMAIL_REQUIRED);
    expect(messages(PasswordResetRequestInput, {}).email).toBe(M.EMAIL_REQUIRED);
    expect(messages(CodeRequestInput, { email: null }).email).toBe(M.EMAIL_REQUIRED);
  });

  it('says the format message for a non-string', () => {
    expect(emailOf(42)).toBe(M.EMAIL_FORMAT);
  });

  it('trims and lower-cases the accepted value', () => {
    const result = validate(CodeRequestInput, { email: '  Seller@Example.COM ' });
    expect(result).toEqual({ ok: true, value: { email: 'seller@example.com' } });
  });
});

describe('SignUpInput', () => {
  it('accepts a complete form and drops unknown keys', () => {
    const result = validate(SignUpInput, { ...signUp, email: 'Seller@Example.com', extra: 'x' });
    expect(result).toEqual({ ok: true, value: { ...signUp } });
  });

  it('says the email format message (not "please input email") when empty', () => {
    expect(messages(SignUpInput, { ...signUp, email: '' })).toEqual({ email: M.EMAIL_FORMAT });
  });

  it.each([
    ['7 characters', 'Abcdef1', M.PASSWORD_RULE],
    ['8 characters', 'Abcdefg1', undefined],
    ['50 characters', `Ab1${'x'.repeat(47)}`, undefined],
    ['51 characters', `Ab1${'x'.repeat(48)}`, M.PASSWORD_RULE],
    ['no upper case', 'abcdefg1', M.PASSWORD_RULE],
    ['no lower case', 'ABCDEFG1', M.PASSWORD_RULE],
    ['no digit', 'Abcdefgh', M.PASSWORD_RULE],
    ['empty', '', M.PASSWORD_RULE],
    ['letters of other scripts', 'Äöüßéèç1', undefined],
  ])('password with %s', (_case, password, expected) => {
    expect(messages(SignUpInput, { ...signUp, password, confirmPassword: password }).password).toBe(expected);
  });

  it('asks for a confirmation equal to the password', () => {
    expect(messages(SignUpInput, { ...signUp, confirmPassword: '' })).toEqual({ confirmPassword: M.CONFIRM_PASSWORD });
    expect(messages(SignUpInput, { ...signUp, confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: M.CONFIRM_PASSWORD,
    });
  });

  it('does not trim passwords', () => {
    expect(messages(SignUpInput, { ...signUp, confirmPassword: ` ${GOOD_PASSWORD}` })).toEqual({
      confirmPassword: M.CONFIRM_PASSWORD,
    });
  });

  it('takes the sign-up language only as one of the 8 codes (it picks the mails\' words), and none at all', () => {
    for (const language of ['xx', 'AR', 'ar\r\nBcc: x@evil.example', 7, ''] as const) expect(messages(SignUpInput, { ...signUp, language }), String(language)).toEqual({ language: M.CHOOSE_OPTION });
    expect(messages(SignUpInput, { ...signUp, language: 'ar' })).toEqual({});
    expect(messages(SignUpInput, signUp)).toEqual({});
  });

  it('requires the captcha code', () => {
    expect(messages(SignUpInput, { ...signUp, captcha: '' })).toEqual({ captcha: M.CAPTCHA_REQUIRED });
    expect(messages(SignUpInput, { ...signUp, captcha: '  ' })).toEqual({ captcha: M.CAPTCHA_REQUIRED });
    expect(messages(SignUpInput, { ...signUp, captcha: undefined })).toEqual({ captcha: M.CAPTCHA_REQUIRED });
  });

  it.each([false, undefined, 'true', 1])('refuses agreement %s', (agreement) => {
    expect(messages(SignUpInput, { ...signUp, agreement })).toEqual({ agreement: M.AGREEMENT_REQUIRED });
  });

  it('reports every field of an empty form at once, one message each', () => {
    expect(messages(SignUpInput, {})).toEqual({
      email: M.EMAIL_FORMAT,
      password: M.PASSWORD_RULE,
      confirmPassword: M.CONFIRM_PASSWORD,
      captcha: M.CAPTCHA_REQUIRED,
      agreement: M.AGREEMENT_REQUIRED,
    });
  });
});

describe('PasswordSignInInput', () => {
  it('accepts any non-empty password (the rule is not re-checked at sign-in)', () => {
    expect(validate(PasswordSignInInput, { email: 'a@b.co', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: 'x' },
    });
  });

  it('says "please input email" when empty and the format message otherwise', () => {
    expect(messages(PasswordSignInInput, { email: '', password: 'x' })).toEqual({ email: M.EMAIL_REQUIRED });
    expect(messages(PasswordSignInInput, { email: 'nope', password: 'x' })).toEqual({ email: M.EMAIL_FORMAT });
  });

  it('requires the password and takes remember as a boolean only', () => {
    expect(messages(PasswordSignInInput, { email: 'a@b.co', password: '' })).toEqual({ password: M.REQUIRED });
    expect(validate(PasswordSignInInput, { email: 'a@b.co', password: 'x', remember: true }).ok).toBe(true);
    expect(messages(PasswordSignInInput, { email: 'a@b.co', password: 'x', remember: 'yes' })).toEqual({
      remember: M.INVALID_VALUE,
    });
  });

  it('refuses a password longer than 128 characters', () => {
    expect(messages(PasswordSignInInput, { email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: M.tooLong(128),
    });
  });
});

describe('CodeSignInInput', () => {
  it('requires the verification code', () => {
    expect(messages(CodeSignInInput, { email: 'a@b.co', code: '' })).toEqual({ code: M.CODE_REQUIRED });
    expect(messages(CodeSignInInput, { email: '', code: '' })).toEqual({
      email: M.EMAIL_REQUIRED,
      code: M.CODE_REQUIRED,
    });
  });

  it('trims the code', () => {
    expect(validate(CodeSignInInput, { email: 'a@b.co', code: ' 123456 ', remember: false })).toEqual({
      ok: true,
      value: { email: 'a@b.co', code: '123456', remember: false },
    });
  });
});

describe('PasswordResetInput', () => {
  const reset = { token: 'tok', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD };

  it('accepts matching passwords', () => {
    expect(validate(PasswordResetInput, reset).ok).toBe(true);
  });

  it('says "the two passwords do not match" on a mismatch', () => {
    expect(messages(PasswordResetInput, { ...reset, confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: M.PASSWORDS_DO_NOT_MATCH,
    });
  });

  it('requires the token and applies the password rule', () => {
    expect(messages(PasswordResetInput, { ...reset, token: '', password: 'short', confirmPassword: 'short' })).toEqual({
      token: M.REQUIRED,
      password: M.PASSWORD_RULE,
    });
  });
});

describe('ChangePasswordInput', () => {
  const change = { oldPassword: 'Oldpass12', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD };

  it('accepts a new, confirmed password', () => {
    expect(validate(ChangePasswordInput, change).ok).toBe(true);
  });

  it('refuses a new password equal to the old one', () => {
    expect(messages(ChangePasswordInput, { ...change, oldPassword: GOOD_PASSWORD })).toEqual({
      password: M.NEW_PASSWORD_SAME,
    });
  });

  it('reports the password rule before the "same as old" rule', () => {
    expect(messages(ChangePasswordInput, { oldPassword: 'weak', password: 'weak', confirmPassword: 'weak' })).toEqual({
      password: M.PASSWORD_RULE,
    });
  });

  it('says "the two passwords do not match" and requires the old password', () => {
    expect(messages(ChangePasswordInput, { ...change, oldPassword: '', confirmPassword: 'Abcdefg9' })).toEqual({
      oldPassword: M.REQUIRED,
      confirmPassword: M.PASSWORDS_DO_NOT_MATCH,
    });
  });
});

describe('UsernameInput', () => {
  const usernameOf = (username: unknown) => messages(UsernameInput, { username, confirmUsername: username }).username;

  it.each([
    ['3 characters', 'abc', M.USERNAME_LENGTH],
    ['4 characters', 'abcd', undefined],
    ['30 characters', 'a'.repeat(30), undefined],
    ['31 characters', 'a'.repeat(31), M.USERNAME_LENGTH],
    ['hyphen and underscore', 'my-name_01', undefined],
    ['a space inside', 'my name', M.USERNAME_CHARACTERS],
    ['a leading space', ' myname', M.USERNAME_CHARACTERS],
    ['an emoji', 'gamer😀', M.USERNAME_CHARACTERS],
    ['a dot', 'my.name', M.USERNAME_CHARACTERS],
    ['an accented letter', 'josé123', M.USERNAME_CHARACTERS],
    ['empty', '', M.REQUIRED],
  ])('username with %s', (_case, username, expected) => {
    expect(usernameOf(username)).toBe(expected);
  });

  it('counts an emoji as one character (a 4-character name with an emoji fails on characters)', () => {
    expect(usernameOf('abc😀')).toBe(M.USERNAME_CHARACTERS);
    expect(usernameOf('ab😀')).toBe(M.USERNAME_LENGTH);
  });

  it('requires the confirmation to equal the username', () => {
    expect(messages(UsernameInput, { username: 'abcd', confirmUsername: 'abce' })).toEqual({
      confirmUsername: M.USERNAME_MISMATCH,
    });
    expect(messages(UsernameInput, { username: 'abcd', confirmUsername: '' })).toEqual({ confirmUsername: M.REQUIRED });
  });

  it('checks a single name for the availability check', () => {
    expect(validate(UsernameCheckInput, { username: 'good_name' })).toEqual({ ok: true, value: { username: 'good_name' } });
    expect(messages(UsernameCheckInput, { username: 'a b' })).toEqual({ username: M.USERNAME_LENGTH });
  });
});

describe('SettingsInput', () => {
  const settings = {
    contactMethod: 'discord',
    contactValue: 'seller#1234',
    paymentMethod: 'paypal',
    paymentAddress: 'pay@example.com',
    trueName: 'Jane Seller',
  };

  it('accepts a complete form and defaults the currency to EUR', () => {
    expect(validate(SettingsInput, settings)).toEqual({ ok: true, value: { ...settings, currency: 'EUR' } });
  });

  it('upper-cases a listed currency and refuses an unlisted one', () => {
    const result = validate(SettingsInput, { ...settings, currency: 'usd' });
    expect(result.ok && result.value.currency).toBe('USD');
    expect(messages(SettingsInput, { ...settings, currency: 'XXX' })).toEqual({ currency: M.CHOOSE_OPTION });
  });

  it('requires the payment address and the true name in the specification words', () => {
    expect(messages(SettingsInput, { ...settings, paymentAddress: ' ', trueName: '' })).toEqual({
      paymentAddress: M.PAYMENT_ADDRESS_REQUIRED,
      trueName: M.TRUE_NAME_REQUIRED,
    });
  });

  it('refuses unknown contact and payment methods and requires the contact value', () => {
    expect(messages(SettingsInput, { ...settings, contactMethod: 'fax', paymentMethod: 'cash', contactValue: '' })).toEqual({
      contactMethod: M.CHOOSE_OPTION,
      contactValue: M.REQUIRED,
      paymentMethod: M.CHOOSE_OPTION,
    });
  });

  const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
  it.each([
    ['paypal', 'pay@example.com', undefined],
    ['paypal', '+491701234567', M.EMAIL_FORMAT],
    ['payoneer', 'me@payoneer-user.com', undefined],
    ['payoneer', 'me', M.EMAIL_FORMAT],
    ['payoneer-wallet', 'wallet@example.com', undefined],
    ['payoneer-wallet', '12345678', M.EMAIL_FORMAT],
    ['skrill', 'skrill@example.com', undefined],
    ['skrill', 'skrill.example.com', M.EMAIL_FORMAT],
    ['alipay', 'ali@example.cn', undefined],
    ['alipay', '13800138000', undefined],
    ['alipay', '+8613800138000', undefined],
    ['alipay', '138-0013', M.ALIPAY_ACCOUNT],
    ['usdt-trc20', TRON, undefined],
    ['usdt-trc20', TRON.slice(0, -1), M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', `${TRON}1`, M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', `A${TRON.slice(1)}`, M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', `${TRON.slice(0, -1)}0`, M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', 'pay@example.com', M.USDT_TRC20_ADDRESS],
  ])('%s address %s', (paymentMethod, paymentAddress, expected) => {
    expect(messages(SettingsInput, { ...settings, paymentMethod, paymentAddress }).paymentAddress).toBe(expected);
  });

  it('keeps the address as typed apart from surrounding spaces (base58 is case-sensitive)', () => {
    const result = validate(SettingsInput, { ...settings, paymentMethod: 'usdt-trc20', paymentAddress: ` ${TRON} ` });
    expect(result.ok && result.value.paymentAddress).toBe(TRON);
  });

  it('exposes the per-method check on its own', () => {
    expect(checkPaymentAddress('alipay', 'nope')).toBe(M.ALIPAY_ACCOUNT);
    expect(checkPaymentAddress('skrill', 's@k.com')).toBe(true);
  });
});
