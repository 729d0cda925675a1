/**
 * The comfort pages' helpers: pasted codes, the live estimate, field messages in the seller's
 * language (the backup-code message by field, domain sentences by constant, refusals by code).
 */
import { describe, expect, it } from 'vitest';
import { backupCodeMessage, EMAIL_FORMAT, REQUIRED } from '../../domain/messages.js';
import { AUTH_SECRET_MESSAGE, MIN_COINS_MESSAGE, validateSubmission } from '../../domain/comfort-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import { setLanguage, t } from '../../web/src/i18n/index.js';
import {
  EMPTY_CREDENTIALS, credentialsOf, errorsByField, estimateOf, fieldMessage, guidanceText, pasteCodes, reasonText, statusLabel,
} from '../../web/src/lib/comfort.js';

const CODES = ['12345678', '23456789', '34567890', '45678901', '56789012', '67890123'];

describe('one-click paste', () => {
  it('reads "1.code 2.code ... 6.code" across spaces and new lines', () => {
    expect(pasteCodes(`1.${CODES[0]} 2.${CODES[1]}\n3. ${CODES[2]}\r\n4.${CODES[3]}   5.${CODES[4]}\n\n6.${CODES[5]}\n`)).toEqual(CODES);
  });
  it('refuses a text without six 8-digit codes (nothing is half filled)', () => {
    expect(pasteCodes(`1.${CODES[0]} 2.${CODES[1]}`)).toBeNull();
    expect(pasteCodes(`1.${CODES[0]} 2.1234567 3.${CODES[2]} 4.${CODES[3]} 5.${CODES[4]} 6.${CODES[5]}`)).toBeNull();
  });
});

describe('the form against the domain rule', () => {
  it('sends only the chosen second factor, and the domain answers per code field', () => {
    const v = { ...EMPTY_CREDENTIALS, code1: CODES[0], code2: '1', authSecret: 'JBSWY3DPEHPK3PXP' };
    expect(credentialsOf(v)).toEqual({ loginMethod: 'backup_codes', backupCodes: [CODES[0], '1', '', '', '', ''] });
    expect(credentialsOf({ ...v, loginMethod: 'auth_secret' })).toEqual({ loginMethod: 'auth_secret', authSecret: 'JBSWY3DPEHPK3PXP' });
    const r = validateSubmission({ platform: 'ps', coinAmount: '99999', transferTime: '48h', email: 'x', password: '', ...credentialsOf(v) });
    expect(r.ok).toBe(false);
    const byField = errorsByField(r.ok ? [] : r.errors);
    expect(byField).toMatchObject({ coinAmount: MIN_COINS_MESSAGE, email: EMAIL_FORMAT, password: REQUIRED, code2: backupCodeMessage(2), code6: backupCodeMessage(6) });
    expect(byField.code1).toBeUndefined();
  });

  it('estimates the income live from the price table, and nothing for a half-typed amount', () => {
    const config = { prices: DEFAULT_PRICE_TABLE };
    expect(estimateOf(config, 'pc', '250,000')).toEqual({ coins: 250_000, unitPriceCents: DEFAULT_PRICE_TABLE.pc, incomeCents: Math.floor(2.5 * DEFAULT_PRICE_TABLE.pc) });
    expect(estimateOf(config, 'ps', '')).toBeNull();
    expect(estimateOf(config, 'ps', '12a')).toBeNull();
  });
});

describe('messages in the seller language', () => {
  it('English keeps the specification words', async () => {
    await setLanguage('en');
    expect(fieldMessage(t, 'code4', backupCodeMessage(4))).toBe('Please input correct code 4 (8 digits)');
    expect(fieldMessage(t, 'backupCodes.0', backupCodeMessage(1))).toBe('Please input correct code 1 (8 digits)');
    expect(fieldMessage(t, 'coinAmount', MIN_COINS_MESSAGE)).toBe(MIN_COINS_MESSAGE);
    expect(statusLabel(t, 'error', 'wrong_backup_codes')).toBe('Wrong Backup Codes');
    expect(statusLabel(t, 'transferring')).toBe('Transferring');
  });

  it('Arabic translates by field, domain constant and error code, never showing the English', async () => {
    await setLanguage('ar');
    const code = fieldMessage(t, 'code3', backupCodeMessage(3))!;
    expect(code).toContain('3');
    expect(code).not.toBe(backupCodeMessage(3));
    expect(fieldMessage(t, 'authSecret', AUTH_SECRET_MESSAGE)).not.toBe(AUTH_SECRET_MESSAGE);
    expect(fieldMessage(t, 'email', EMAIL_FORMAT, true)).not.toBe(EMAIL_FORMAT);
    expect(reasonText(t, 'resubmit_not_needed', 'This run does not need new login details now.')).not.toMatch(/[a-z]{4}/);
    expect(statusLabel(t, 'error', 'market_locked')).toBe('السوق مقفل');
    expect(guidanceText(t, { status: 'transferring', subState: 'none', guidance: 'x' })).not.toBe('x');
    await setLanguage('en');
  });
});
