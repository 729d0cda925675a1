/**
 * The comfort pages' helpers: pasted codes, the live estimate, and messages in the seller's language
 * by their code and numbers (field errors of the domain and the API, batch rows, refusals), never by
 * their English words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { backupCodeMessage, EMAIL_FORMAT, REQUIRED } from '../../domain/messages.js';
import { AUTH_SECRET_MESSAGE, MIN_COINS_MESSAGE, validateSubmission } from '../../domain/comfort-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import { loadTexts, setLanguage, t, TEXT_PARTS } from '../../web/src/i18n/index.js';
import {
  EMPTY_CREDENTIALS, batchAnswerOf, credentialsOf, errorsByField, estimateOf, guidanceText, pasteCodes, recordCsv, remainderText, statusLabel,
} from '../../web/src/lib/comfort.js';
import { remainderCoins } from '../../domain/comfort-remainder.js';
import { failureOf, translateMessage } from '../../web/src/lib/messages.js';
import { HttpError } from '../../web/src/lib/http.js';
import arAccount from '../../web/src/i18n/dict/account/ar.js';

// Pages load their parts of the texts before they render; these tests read texts of every part.
beforeAll(() => loadTexts(TEXT_PARTS));

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
    expect(Object.fromEntries(Object.entries(byField).map(([k, m]) => [k, m.text]))).toMatchObject({
      coinAmount: MIN_COINS_MESSAGE, email: EMAIL_FORMAT, password: REQUIRED, code2: backupCodeMessage(2), code6: backupCodeMessage(6),
    });
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
  const checked = validateSubmission({ platform: 'ps', coinAmount: '5', transferTime: '48h', email: 'x', password: 'p', loginMethod: 'backup_codes', backupCodes: ['1', '2', '3', '4', '5', '6'] });
  const own = errorsByField(checked.ok ? [] : checked.errors);

  it('English keeps the specification words', async () => {
    await setLanguage('en');
    expect(translateMessage(t, own.code4!)).toBe('Please input correct code 4 (8 digits)');
    expect(translateMessage(t, own.code1!)).toBe('Please input correct code 1 (8 digits)');
    expect(translateMessage(t, own.coinAmount!)).toBe(MIN_COINS_MESSAGE);
    expect(statusLabel(t, 'error', 'wrong_backup_codes')).toBe('Wrong Backup Codes');
    expect(statusLabel(t, 'transferring')).toBe('Transferring');
  });

  it('Arabic translates the form\'s own checks, refusal codes and statuses, never showing the English', async () => {
    await setLanguage('ar');
    const code = translateMessage(t, own.code3!);
    expect(code).toContain('3');
    expect(code).not.toBe(backupCodeMessage(3));
    const secret = validateSubmission({ loginMethod: 'auth_secret', authSecret: 'short' });
    expect(translateMessage(t, errorsByField(secret.ok ? [] : secret.errors).authSecret!)).not.toBe(AUTH_SECRET_MESSAGE);
    expect(translateMessage(t, own.email!)).not.toBe(EMAIL_FORMAT);
    expect(translateMessage(t, { code: 'resubmit_not_needed', text: 'This run does not need new login details now.' })).not.toMatch(/[a-z]{4}/);
    expect(statusLabel(t, 'error', 'market_locked')).toBe('السوق مقفل');
    expect(guidanceText(t, { status: 'transferring', subState: 'none', guidance: 'x' })).not.toBe('x');
    await setLanguage('en');
  });
});

describe('server messages by code, never by their English words', () => {
  // The server's words are deliberately not the dictionary's: only the code and data may count, so a
  // page that matched English text would show "server words" here.
  const failure = (error: unknown, status = 400) => failureOf(new HttpError(status, { error }, 'refused'));
  const words = 'server words';

  it('comfort field errors from the API read as the Arabic dictionary says, with their numbers', async () => {
    const f = failure({ code: 'validation_failed', message: words, fields: [
      { field: 'backupCodes.2', message: words, code: 'backupCode', data: { n: 3 } },
      { field: 'coinAmount', message: words, code: 'MIN_COINS_MESSAGE' },
      { field: 'authSecret', message: words, code: 'AUTH_SECRET_MESSAGE' },
      { field: 'email', message: words, code: 'DUPLICATE_ACCOUNT' },
      { field: 'backupCodes.0', message: words, code: 'CODES_REUSED' },
      { field: 'password', message: words, code: 'tooLong', data: { max: 128 } },
    ] });
    await setLanguage('ar');
    expect(translateMessage(t, f.fields['backupCodes.2']!)).toBe('يرجى إدخال الرمز 3 بشكل صحيح (8 أرقام)');
    expect(translateMessage(t, f.fields.coinAmount!)).toBe('الحد الأدنى 100,000 عملة');
    expect(translateMessage(t, f.fields.authSecret!)).toBe('يرجى إدخال authSecret الصحيح (16 حرفًا)');
    expect(translateMessage(t, f.fields.email!)).toBe('لدى حساب اللعبة هذا عملية بيع مريح جارية بالفعل');
    expect(translateMessage(t, f.fields['backupCodes.0']!)).toBe('استُخدمت هذه الرموز الاحتياطية من قبل؛ يرجى الحصول على 6 رموز احتياطية جديدة');
    expect(translateMessage(t, f.fields.password!)).toBe('يرجى إدخال 128 حرفًا كحد أقصى');
    await setLanguage('en');
    expect(translateMessage(t, f.fields['backupCodes.2']!)).toBe('Please input correct code 3 (8 digits)');
    expect(translateMessage(t, f.fields.coinAmount!)).toBe(MIN_COINS_MESSAGE);
  });

  it('batch row errors keep their line and read in Arabic by code; whole-file refusals by their API code', async () => {
    const answer = batchAnswerOf(400, { error: { code: 'batch_invalid', message: words, fields: [
      { field: 'rows.3.code2', message: words, code: 'backupCode', data: { n: 2, line: 3 } },
      { field: 'rows.4.coinAmount', message: words, code: 'MIN_COINS_MESSAGE', data: { line: 4 } },
      { field: 'rows.5.email', message: words, code: 'EMAIL_FORMAT', data: { line: 5 } },
    ] } });
    await setLanguage('ar');
    expect(answer.kind).toBe('problems');
    const shown = answer.kind === 'problems' ? answer.problems.map((p) => [p.line, p.field, translateMessage(t, p.message)]) : [];
    expect(shown).toEqual([
      [3, 'code2', 'يرجى إدخال الرمز 2 بشكل صحيح (8 أرقام)'],
      [4, 'coinAmount', 'الحد الأدنى 100,000 عملة'],
      [5, 'email', arAccount.msg.EMAIL_FORMAT],
    ]);
    const tooLarge = batchAnswerOf(400, { error: { code: 'batch_too_large', message: words, fields: [], data: { max: 50 } } });
    expect(tooLarge.kind === 'refused' && translateMessage(t, tooLarge.message)).toBe('50 حسابًا كحد أقصى لكل ملف؛ يرجى التواصل مع الدعم أولًا للدفعات الأكبر');
    const busy = batchAnswerOf(400, { error: { code: 'account_busy', message: words, fields: [{ field: 'rows.2.email', message: words, code: 'DUPLICATE_ACCOUNT', data: { line: 2 } }] } });
    expect(busy.kind === 'problems' && translateMessage(t, busy.problems[0]!.message)).toBe('لدى حساب اللعبة هذا عملية بيع مريح جارية بالفعل');
    await setLanguage('en');
  });

  it('the domain gives every comfort field error its code and numbers, so the form translates what it checked itself', () => {
    const r = validateSubmission({ platform: 'ps', coinAmount: '5', transferTime: '48h', email: 'x', password: '', loginMethod: 'backup_codes', backupCodes: ['1', CODES[1], CODES[2], CODES[3], CODES[4], CODES[5]] });
    expect(r.ok ? [] : r.errors.map((e) => [e.field, e.code, e.data])).toEqual([
      ['coinAmount', 'MIN_COINS_MESSAGE', undefined], ['email', 'EMAIL_FORMAT', undefined], ['password', 'REQUIRED', undefined], ['backupCodes.0', 'backupCode', { n: 1 }],
    ]);
    const byField = errorsByField(r.ok ? [] : r.errors);
    expect(byField.code1).toEqual({ code: 'backupCode', text: backupCodeMessage(1), data: { n: 1 } });
  });
});

describe('the remainder a run leaves in the game account (issue 19)', () => {
  const run = { status: 'paid' as const, coinAmount: 150_000, coinsTransferred: 120_000, completedAt: 1 };
  it('is counted once the transfer is completed, never while it runs or for a cancelled run', () => {
    expect(remainderCoins(run)).toBe(30_000);
    expect(remainderCoins({ ...run, status: 'transfer_completed' })).toBe(30_000);
    expect(remainderCoins({ ...run, status: 'transferring', completedAt: null })).toBe(0);
    expect(remainderCoins({ ...run, status: 'cancelled' })).toBe(0);
    expect(remainderCoins({ ...run, coinsTransferred: 150_000 })).toBe(0);
  });
  it('is said plainly on the record and in its download, in the seller\'s language', async () => {
    await setLanguage('en');
    const n = (x: number) => x.toLocaleString('en');
    const text = remainderText(t, run, n)!;
    expect(text).toBe('30,000 coins could not be moved and stay in your game account. They are yours and are not part of this sale; sell them in a new comfort trade once the account holds at least 100,000 coins. Under 100,000 coins, sell them by player trade.'); // issue 33: player trade takes any amount
    expect(remainderText(t, { ...run, coinsTransferred: 150_000 }, n)).toBeNull();
    const csv = recordCsv(t, String, [{ at: 1, status: 'paid', subState: 'none', coinsTransferred: 120_000, successCount: 3, totalCount: 3 }], text);
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe(`"${text}"`);
    await setLanguage('ar');
    expect(remainderText(t, run, n)).toContain('30,000');
    expect(remainderText(t, run, n)).not.toBe(text);
    await setLanguage('en');
  });
});
