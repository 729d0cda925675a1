import { describe, expect, it } from 'vitest';
import {
  AUTH_SECRET_MESSAGE, BATCH_EXAMPLE, BATCH_TOO_LARGE, COMFORT_EVENTS, COMFORT_STATES, COMFORT_TABLE, DUPLICATE_ACCOUNT,
  ERROR_SUB_STATES, MIN_COINS_MESSAGE, RESUBMIT_NOT_NEEDED, SELL_NOW, STATUS_OF, SUB_STATE_TEXT, comfortActions, comfortQuote,
  errorEvent, guidanceOf, isComfortFinal, parseBackupCodes, resubmitAsks, retryDelayMs, validateBatch, validateResubmit, validateSubmission,
  type ComfortEvent, type ComfortState,
} from '../../domain/comfort-trade.js';
import { eventsOf, statesOf, step, tableProblems } from '../../domain/process.js';
import { MARKET_LOCKED, EMAIL_FORMAT, EMAIL_NOT_ASKED, REQUIRED, SECOND_FACTOR_NOT_ASKED } from '../../domain/messages.js';

// The whole table written out: every state and the events it accepts. Anything not listed must be refused
// (or be a listed repeat). Changing the process means changing this expectation on purpose.
const EXPECTED: Record<ComfortState, { on: Partial<Record<ComfortEvent, ComfortState>>; repeats?: ComfortEvent[] }> = {
  transferring: {
    on: { progress: 'transferring', completed: 'transfer_completed', failed: 'retrying', needsSeller: 'waiting_seller', needsSupport: 'waiting_support', cancel: 'stopped' },
    repeats: ['resubmit', 'retry'],
  },
  retrying: { on: { retryDue: 'transferring', gaveUp: 'stalled', cancel: 'stopped' } },
  stalled: { on: { retry: 'transferring', cancel: 'stopped' } },
  waiting_seller: { on: { resubmit: 'transferring', expire: 'stopped', cancel: 'stopped' } },
  waiting_support: { on: { retry: 'transferring', cancel: 'stopped' } },
  stopped: { on: { settle: 'transfer_completed', close: 'closed' }, repeats: ['cancel'] },
  transfer_completed: { on: { credit: 'pending_payment', paymentInvalid: 'payment_error', close: 'closed' } },
  payment_error: { on: { payoutDetailsSaved: 'transfer_completed', markResolved: 'transfer_completed' } },
  pending_payment: { on: { reviewEnded: 'paid' }, repeats: ['markResolved'] },
  paid: { on: {} },
  closed: { on: {}, repeats: ['cancel'] },
};

const codes = ['12345678', '23456789', '34567890', '45678901', '56789012', '67890123'];
const good = { platform: 'ps', coinAmount: 150000, transferTime: '48h', email: 'Gamer@Example.com ', password: ' pass word ', backupCodes: codes };

describe('comfort run table', () => {
  it('is consistent', () => {
    expect(tableProblems(COMFORT_TABLE)).toEqual([]);
    expect(statesOf(COMFORT_TABLE).sort()).toEqual([...COMFORT_STATES].sort());
    expect(eventsOf(COMFORT_TABLE).sort()).toEqual([...COMFORT_EVENTS].sort());
  });

  for (const state of COMFORT_STATES) {
    for (const event of COMFORT_EVENTS) {
      it(`${state} × ${event}`, () => {
        const s = step(COMFORT_TABLE, state, event);
        const to = EXPECTED[state].on[event];
        if (to) expect(s).toEqual({ ok: true, from: state, to, repeat: false });
        else if (EXPECTED[state].repeats?.includes(event)) expect(s).toEqual({ ok: true, from: state, to: state, repeat: true });
        else {
          expect(s.ok).toBe(false);
          if (!s.ok && event === 'resubmit') expect(s.message).toBe(RESUBMIT_NOT_NEEDED);
        }
      });
    }
  }

  it('paid and closed are the only final states', () => {
    expect(COMFORT_STATES.filter(isComfortFinal)).toEqual(['paid', 'closed']);
  });

  it('offers the seller resubmit only while waiting for the seller; support retry/cancel where it waits for support', () => {
    for (const s of COMFORT_STATES) expect(comfortActions(s, 'seller')).toEqual(s === 'waiting_seller' ? ['resubmit'] : []);
    expect(comfortActions('waiting_support', 'support')).toEqual(['retry', 'cancel']);
    expect(comfortActions('stalled', 'support')).toEqual(['retry', 'cancel']);
    expect(comfortActions('payment_error', 'support')).toEqual(['markResolved']);
    expect(COMFORT_TABLE.states.waiting_seller.waitsFor).toBe('seller');
    expect(COMFORT_TABLE.states.waiting_support.waitsFor).toBe('support');
    // Payment Error is the seller's to fix (saving payout details), not a button on the record.
    expect(COMFORT_TABLE.states.payment_error.waitsFor).toBe('seller');
    expect(COMFORT_TABLE.events.payoutDetailsSaved.by).toBe('seller');
  });

  it('sends login errors to the seller and the rest to support, each with the specification guidance', () => {
    const seller = ERROR_SUB_STATES.filter((s) => errorEvent(s) === 'needsSeller');
    expect(seller.sort()).toEqual(['no_login_verification', 'wrong_backup_codes', 'wrong_gauth', 'wrong_password']);
    expect(ERROR_SUB_STATES.filter((s) => errorEvent(s) === 'needsSupport').sort())
      .toEqual(['captcha', 'customer_online', 'market_locked', 'no_club', 'tradepile_full', 'wrong_platform']);
    expect(guidanceOf('error', 'market_locked')).toBe(`No transfer market access; contact support. ${MARKET_LOCKED}`);
    expect(SUB_STATE_TEXT.wrong_password.label).toBe('Wrong Account/Password');
    expect(guidanceOf('error', 'provider_error')).toBe('System retries later; can be ignored.');
    expect(guidanceOf('transfer_completed', 'none')).toContain('remainder usually under 50K');
    expect(STATUS_OF.payment_error).toBe('payment_error');
  });

  it("starts every guidance with the specification's own words (section 4; first letter capitalised), help after them", () => {
    // Written out from the specification, not derived from the module under test.
    const SPEC: [string, string][] = [
      // Issue 33: the specification's "the seller must not log in" addressed the seller in the third person, then again as "you".
      [guidanceOf('transferring', 'none'), 'coins being moved: do not log in to your game account'],
      [guidanceOf('transfer_completed', 'none'), 'may log in; a remainder usually under 50K coins may stay and be sold later'],
      // "3-7 days" is left out: it contradicts the same section's "within 24 hours of completion time" (domain/timing-promises.ts).
      [guidanceOf('pending_payment', 'none'), 'paid on schedule'],
      [guidanceOf('error', 'none'), 'system retries later; can be ignored'],
      [guidanceOf('error', 'provider_error'), 'system retries later; can be ignored'],
      [guidanceOf('payment_error', 'none'), 'problem with payment address; contact support'],
      [guidanceOf('error', 'no_login_verification'), 'enable login verification, get 6 new backup codes'],
      [guidanceOf('error', 'customer_online'), 'logged in on console or web app; log out everywhere and tell support'],
      [guidanceOf('error', 'wrong_password'), 'resubmit'],
      [guidanceOf('error', 'wrong_backup_codes'), 'incorrect or expired; resubmit'],
      [guidanceOf('error', 'captcha'), 'solve in web app, then contact support'],
      [guidanceOf('error', 'wrong_platform'), 'contact support to cancel and resubmit'],
      [guidanceOf('error', 'tradepile_full'), 'clear it, notify support'],
      [guidanceOf('error', 'market_locked'), 'no transfer market access; contact support'],
    ];
    for (const [text, words] of SPEC) expect(`${text[0]!.toLowerCase()}${text.slice(1)}`.startsWith(words), `${text} starts with: ${words}`).toBe(true);
    // Pending Payment: the review this system holds the income for.
    expect(guidanceOf('pending_payment', 'none')).toContain('about 24 hours');
    expect(SELL_NOW).toBe('sell now');
  });

  it('backs off by doubling up to the cap', () => {
    const t = { retryInitialMs: 100, retryMaxMs: 500 };
    expect([1, 2, 3, 4].map((a) => retryDelayMs(t, a))).toEqual([100, 200, 400, 500]);
  });
});

describe('comfort submission', () => {
  it('accepts a good one, normalizing the email and keeping the password as typed', () => {
    const r = validateSubmission(good);
    expect(r).toEqual({ ok: true, value: {
      platform: 'ps', coinAmount: 150000, transferTime: '48h', email: 'gamer@example.com', password: ' pass word ',
      loginMethod: 'backup_codes', backupCodes: codes, authSecret: null,
    } });
  });

  it('accepts an authSecret instead of codes, grouped and in lower case', () => {
    const r = validateSubmission({ ...good, backupCodes: undefined, authSecret: 'abcd efgh ijkl mnop' });
    expect(r.ok && r.value).toMatchObject({ loginMethod: 'auth_secret', authSecret: 'ABCDEFGHIJKLMNOP', backupCodes: null });
  });

  it('names each wrong code by its number', () => {
    const r = validateSubmission({ ...good, backupCodes: ['1234567', '23456789', 'abcdefgh', '45678901', '', '123456789'] });
    expect(r).toEqual({ ok: false, errors: [
      { field: 'backupCodes.0', message: 'Please input correct code 1 (8 digits)', code: 'backupCode', data: { n: 1 } },
      { field: 'backupCodes.2', message: 'Please input correct code 3 (8 digits)', code: 'backupCode', data: { n: 3 } },
      { field: 'backupCodes.4', message: 'Please input correct code 5 (8 digits)', code: 'backupCode', data: { n: 5 } },
      { field: 'backupCodes.5', message: 'Please input correct code 6 (8 digits)', code: 'backupCode', data: { n: 6 } },
    ] });
  });

  it('reports every missing field at once in the specification words', () => {
    const r = validateSubmission({});
    expect(r.ok).toBe(false);
    const byField = Object.fromEntries((r.ok ? [] : r.errors).map((e) => [e.field, e.message]));
    expect(byField.coinAmount).toBe(REQUIRED);
    expect(byField.email).toBe(REQUIRED);
    expect(byField.password).toBe(REQUIRED);
    expect(byField.platform).toBeDefined();
    expect(byField.transferTime).toBeDefined();
    for (let i = 0; i < 6; i++) expect(byField[`backupCodes.${i}`]).toBe(`Please input correct code ${i + 1} (8 digits)`);
  });

  it('refuses a bad email, fewer than 100,000 coins, and a wrong authSecret', () => {
    const r = validateSubmission({ ...good, email: 'nope', coinAmount: '99,999', loginMethod: 'auth_secret', authSecret: 'ABC' });
    expect(r).toEqual({ ok: false, errors: [
      { field: 'coinAmount', message: MIN_COINS_MESSAGE, code: 'MIN_COINS_MESSAGE' },
      { field: 'email', message: EMAIL_FORMAT, code: 'EMAIL_FORMAT' },
      { field: 'authSecret', message: AUTH_SECRET_MESSAGE, code: 'AUTH_SECRET_MESSAGE' },
    ] });
    expect(validateSubmission({ ...good, coinAmount: '100 000' }).ok).toBe(true);
    expect(validateSubmission({ ...good, coinAmount: 100000.5 }).ok).toBe(false);
  });

  it('prices from the operator table in whole cents', () => {
    expect(comfortQuote({ ps: 250, xbox: 250, pc: 300 }, 'pc', 150_001)).toEqual({ unitPriceCents: 300, incomeCents: 450 });
  });

  it('resubmit after a second-factor error needs a fresh second factor; the password may stay; the email stays', () => {
    for (const subState of ['wrong_backup_codes', 'wrong_gauth', 'no_login_verification']) {
      const run = { subState, originEmail: 'seller@example.com' };
      expect(validateResubmit({ backupCodes: codes }, run)).toEqual({ ok: true, value: { email: null, password: null, loginMethod: 'backup_codes', backupCodes: codes, authSecret: null } });
      expect(validateResubmit({ password: 'x' }, run).ok).toBe(false);
      // The same email typed again changes nothing; another one is not what this error asks.
      expect(validateResubmit({ email: 'Seller@example.com', backupCodes: codes }, run).ok).toBe(true);
      expect(validateResubmit({ email: 'other@example.com', backupCodes: codes }, run)).toEqual({ ok: false, errors: [{ field: 'email', message: EMAIL_NOT_ASKED, code: 'EMAIL_NOT_ASKED' }] });
    }
  });

  it('resubmit after Wrong Account/Password corrects the email and password and keeps the sealed second factor', () => {
    const run = { subState: 'wrong_password', originEmail: 'typo@example.com' };
    expect(validateResubmit({ email: ' Right@Example.com ', password: 'pw' }, run)).toEqual({ ok: true, value: { email: 'right@example.com', password: 'pw', loginMethod: null, backupCodes: null, authSecret: null } });
    // The same email: only the password changes.
    expect(validateResubmit({ email: 'typo@example.com', password: 'pw' }, run)).toEqual({ ok: true, value: { email: null, password: 'pw', loginMethod: null, backupCodes: null, authSecret: null } });
    expect(validateResubmit({ password: 'pw' }, run).ok).toBe(true);
    // A changed email passes the submission's email check; the password is what the game refused, so it is asked.
    expect(validateResubmit({ email: 'not-an-email', password: 'pw' }, run)).toEqual({ ok: false, errors: [{ field: 'email', message: EMAIL_FORMAT, code: 'EMAIL_FORMAT' }] });
    expect(validateResubmit({ email: 'right@example.com' }, run)).toEqual({ ok: false, errors: [{ field: 'password', message: REQUIRED, code: 'REQUIRED' }] });
    // The second factor is not asked: refused on its field, in clear words.
    expect(validateResubmit({ email: 'right@example.com', password: 'pw', backupCodes: codes }, run)).toEqual({ ok: false, errors: [{ field: 'backupCodes', message: SECOND_FACTOR_NOT_ASKED, code: 'SECOND_FACTOR_NOT_ASKED' }] });
    expect(validateResubmit({ password: 'pw', loginMethod: 'auth_secret', authSecret: 'JBSWY3DPEHPK3PXP' }, run).ok).toBe(false);
    // Empty code boxes are not a second factor.
    expect(validateResubmit({ password: 'pw', backupCodes: ['', '', '', '', '', ''] }, run).ok).toBe(true);
    expect(resubmitAsks('wrong_password')).toBe('login');
    for (const s of ['wrong_backup_codes', 'wrong_gauth', 'no_login_verification']) expect(resubmitAsks(s)).toBe('second_factor');
  });
});

describe('one-click paste', () => {
  it('reads the game page format', () => {
    expect(parseBackupCodes('1.12345678 2.23456789 3.34567890 4.45678901 5.56789012 6.67890123')).toEqual(codes);
  });
  it('tolerates newlines, spaces inside codes and around markers, and any order', () => {
    expect(parseBackupCodes('  2. 2345 6789\n1.12345678\r\n3 .34567890\n\n4.45678901 5.56789012\t6.67890123\n')).toEqual(codes);
  });
  it('leaves a missing code empty so its message shows', () => {
    expect(parseBackupCodes('1.12345678 2.23456789 3.34567890 4.45678901 6.67890123')).toEqual([...codes.slice(0, 4), '', codes[5]]);
  });
  it('takes six bare groups in order', () => {
    expect(parseBackupCodes(codes.join('\n'))).toEqual(codes);
  });
  it('does not read digits inside a code as a marker', () => {
    expect(parseBackupCodes('1.12345672.2 2.23456789')[0]).toBe('12345672.2');
  });
});

describe('batch file', () => {
  const row = { ...BATCH_EXAMPLE };
  it('accepts clean rows', () => {
    const r = validateBatch([row, { ...row, email: 'b@example.com', code1: '', code2: '', code3: '', code4: '', code5: '', code6: '', authSecret: 'ABCDEFGHIJKLMNOP' }]);
    expect(r.ok && r.submissions.map((s) => s.loginMethod)).toEqual(['backup_codes', 'auth_secret']);
  });
  it('answers every bad row and field by line, the header being line 1', () => {
    const r = validateBatch([row, { ...row, email: 'x', code3: '1' }, { ...row, coinAmount: '5' }, row]);
    // Each carries its code and numbers, the line among them, so a page translates it without the words.
    expect(r).toEqual({ ok: false, code: 'batch_invalid', message: EMAIL_FORMAT, errors: [
      { line: 3, field: 'email', message: EMAIL_FORMAT, code: 'EMAIL_FORMAT', data: { line: 3 } },
      { line: 3, field: 'code3', message: 'Please input correct code 3 (8 digits)', code: 'backupCode', data: { n: 3, line: 3 } },
      { line: 4, field: 'coinAmount', message: MIN_COINS_MESSAGE, code: 'MIN_COINS_MESSAGE', data: { line: 4 } },
      { line: 5, field: 'email', message: DUPLICATE_ACCOUNT, code: 'DUPLICATE_ACCOUNT', data: { line: 5 } },
    ] });
  });
  it('allows 50 rows and refuses 51', () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ ...row, email: `p${i}@example.com` }));
    expect(validateBatch(rows.slice(0, 50)).ok).toBe(true);
    expect(validateBatch(rows)).toEqual({ ok: false, code: 'batch_too_large', message: BATCH_TOO_LARGE, errors: [] });
    expect(validateBatch([])).toMatchObject({ ok: false, code: 'batch_empty', errors: [] });
  });
});
