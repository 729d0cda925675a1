import { describe, expect, it } from 'vitest';
import * as M from '../../domain/messages.js';

// The specification's texts, copied once more by hand: a typo in messages.ts must fail here.
const VERBATIM: Record<string, string> = {
  EMAIL_FORMAT: 'Please enter in email format',
  CONFIRM_PASSWORD: 'Please enter your confirm password as same as the password',
  CAPTCHA_REQUIRED: 'Please enter your captcha code',
  AGREEMENT_REQUIRED: 'Please check the agreement',
  USERNAME_LENGTH: 'Username must be 4-30 characters long.',
  USERNAME_CHARACTERS: 'Only letters, numbers, hyphens, and underscores are allowed.',
  EMAIL_REQUIRED: 'please input email',
  CODE_REQUIRED: 'please input verification code',
  PAYMENT_ADDRESS_REQUIRED: 'please fill in your payment address',
  TRUE_NAME_REQUIRED: 'please fill in your true name',
  COPY_SUCCESS: 'Copy successful',
  COPY_FAILED: 'Copy failed',
  REQUIRED: 'This information is required',
  PASSWORDS_DO_NOT_MATCH: 'the two passwords do not match',
  USERNAME_AVAILABLE: 'Username is available!',
  EMAIL_SENT: 'Email has been sent, please check your mailbox',
  CODE_SENT: 'Verification code sent successfully',
  WITHDRAWAL_SENT: 'Withdrawal request has been sent successfully',
  SELL_SUCCESS: 'Sell Successfully',
  NO_PLAYERS: 'There is no player available for now.',
  LOG_IN_TO_VIEW: 'Click Log In to view all content',
  CHECKING_TRANSACTION: 'System checking transaction, please wait',
  PASSWORD_RULE: 'Password must be 8-50 characters and include upper case letters, lower case letters and digits',
  GOOGLE_SCRIPT_FAILED: 'Failed to load the Google 3P Authorization JavaScript Library.',
};

describe('messages', () => {
  it.each(Object.entries(VERBATIM))('%s is the specification text', (name, text) => {
    expect((M as Record<string, unknown>)[name]).toBe(text);
  });

  it.each([1, 2, 3, 4, 5, 6])('backup code %i message', (n) => {
    expect(M.backupCodeMessage(n)).toBe(`Please input correct code ${n} (8 digits)`);
  });

  it('has a "new password must differ" message distinct from the mismatch message', () => {
    expect(M.NEW_PASSWORD_SAME).toMatch(/different/);
    expect(M.NEW_PASSWORD_SAME).not.toBe(M.PASSWORDS_DO_NOT_MATCH);
  });

  it('states the length limit', () => {
    expect(M.tooLong(100)).toBe('Please enter at most 100 characters');
  });
});
