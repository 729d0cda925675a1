import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../domain/account-schemas.js';
import * as M from '../../domain/messages.js';
import { allowedEvents, eventsOf, isFinal, statesOf, step, tableProblems } from '../../domain/process.js';
import {
  AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, AMOUNT_WHOLE_CENTS, DEFAULT_FEE_TABLE, FAILURE_REASONS, FAILURE_TEXT,
  amountProblem, checkAmount, checkPayoutAddress, feeTableProblems, feesFor, needsQuote, payoutCurrency, requestProblems, statusLabel,
  subStateOf, WITHDRAWAL_TABLE, type WithdrawalEvent, type WithdrawalState,
} from '../../domain/withdrawal.js';
import { isTronAddress } from '../../domain/payout-address.js';
import { feesFromJson, withdrawalsFromEnv } from '../../api/withdrawals/settings.js';
import { callbackSecretFromEnv, PayoutConfigError } from '../../infra/payout/callback-secret.js';
import { manualMethods, payoutProviderFromEnv } from '../../infra/payout/provider-config.js';

const T = WITHDRAWAL_TABLE;
// Every (state, event) pair and what it must do: the next state or 'repeat'; anything else is not accepted.
const EXPECTED: Record<WithdrawalState, Partial<Record<WithdrawalEvent, WithdrawalState | 'repeat'>>> = {
  checking: { debited: 'sent', debitRefused: 'refused' },
  refused: {},
  sent: { payoutCreated: 'in_progress', providerConfirmed: 'paid', providerFailed: 'failed', providerDown: 'needs_support', manualPayout: 'manual_payout' },
  in_progress: { providerConfirmed: 'paid', providerFailed: 'failed', overdue: 'delayed', providerDown: 'needs_support', manualPayout: 'manual_payout', payoutCreated: 'repeat', supportRetry: 'repeat' },
  // No provider pays it: only support moves it (paid by hand with the provider's reference, or the money returned).
  manual_payout: { supportPaidByHand: 'paid', supportReturnMoney: 'failed', manualPayout: 'repeat' },
  delayed: { providerConfirmed: 'paid', providerFailed: 'failed', supportRetry: 'in_progress', supportMarkPaid: 'paid', supportReturnMoney: 'failed', overdue: 'repeat' },
  needs_support: { providerConfirmed: 'paid', providerFailed: 'failed', supportRetry: 'in_progress', supportMarkPaid: 'paid', supportReturnMoney: 'failed', providerDown: 'repeat' },
  paid: { providerConfirmed: 'repeat', supportMarkPaid: 'repeat', supportPaidByHand: 'repeat' },
  failed: { providerFailed: 'repeat', supportReturnMoney: 'repeat' },
};

describe('withdrawal table', () => {
  it('is consistent', () => expect(tableProblems(T)).toEqual([]));

  for (const s of statesOf(T)) {
    for (const e of eventsOf(T)) {
      const want = EXPECTED[s][e] ?? 'NOT ACCEPTED';
      it(`${s} --${e}--> ${want}`, () => {
        const r = step(T, s, e);
        if (want === 'NOT ACCEPTED') expect(r.ok).toBe(false);
        else if (want === 'repeat') expect(r).toMatchObject({ ok: true, repeat: true, to: s });
        else expect(r).toMatchObject({ ok: true, repeat: false, to: want });
      });
    }
  }

  it('a late confirmation after the money returned is refused with its own words', () => {
    expect(step(T, 'failed', 'providerConfirmed')).toMatchObject({ ok: false, code: 'payout_not_open' });
  });
  it('paid, failed and refused are final; support waits on delayed and provider-down payouts', () => {
    expect(statesOf(T).filter((s) => isFinal(T, s)).sort()).toEqual(['failed', 'paid', 'refused']);
    expect(T.states.delayed.waitsFor).toBe('support');
    expect(T.states.needs_support.waitsFor).toBe('support');
    expect(allowedEvents(T, 'delayed', 'support').sort()).toEqual(['supportMarkPaid', 'supportRetry', 'supportReturnMoney']);
    expect(allowedEvents(T, 'in_progress', 'support')).toEqual([]);
    expect(allowedEvents(T, 'sent', 'seller')).toEqual([]);
  });
  it('shows the specification statuses and flags a delayed payout', () => {
    expect(statesOf(T).map((s) => [s, statusLabel(s)])).toEqual([
      ['checking', 'request_sent'], ['refused', 'failed'], ['sent', 'request_sent'], ['in_progress', 'in_progress'], ['manual_payout', 'in_progress'],
      ['delayed', 'delayed'], ['needs_support', 'delayed'], ['paid', 'paid'], ['failed', 'failed'],
    ]);
    expect(subStateOf('delayed')).toBe('delayed');
    expect(subStateOf('in_progress')).toBe('none');
    expect(subStateOf('manual_payout')).toBe('manual_payout');
    expect(T.states.manual_payout.waitsFor).toBe('support');
    expect(allowedEvents(T, 'manual_payout', 'support').sort()).toEqual(['supportPaidByHand', 'supportReturnMoney']);
  });
  it('has words for every failure reason', () => {
    for (const r of FAILURE_REASONS) expect(FAILURE_TEXT[r].length).toBeGreaterThan(20);
    expect(FAILURE_TEXT.receive_only_hold).toContain('21 days');
  });
});

describe('payout provider configuration (manual payouts)', () => {
  const SECRET = { PAYOUT_CALLBACK_SECRET: 'a-real-callback-secret-0123456789' };
  it('pays nothing through PROVIDER_URL in production: no payout gateway, every method manual', () => {
    const env = { NODE_ENV: 'production', PROVIDER_URL: 'http://simulator:3100', PROVIDER_API_KEY: 'market-key', ...SECRET };
    expect(payoutProviderFromEnv(env)).toBeNull();
    expect(withdrawalsFromEnv(env).payouts).toBeNull();
    expect(manualMethods(payoutProviderFromEnv(env))).toEqual([...PAYMENT_METHODS]);
  });
  it('uses PAYOUT_PROVIDER_URL with its own key only in production, for the listed methods', () => {
    const env = { NODE_ENV: 'production', PAYOUT_PROVIDER_URL: 'https://payouts.example', PROVIDER_API_KEY: 'market-key', PAYOUT_PROVIDER_METHODS: ' skrill, paypal ', ...SECRET };
    expect(payoutProviderFromEnv(env)).toEqual({ url: 'https://payouts.example', methods: ['paypal', 'skrill'] });
    expect(manualMethods(payoutProviderFromEnv(env))).toEqual(['payoneer', 'payoneer-wallet', 'alipay', 'usdt-trc20']);
    expect(payoutProviderFromEnv({ ...env, PAYOUT_API_KEY: 'payout-key', PAYOUT_PROVIDER_METHODS: '' })).toEqual({ url: 'https://payouts.example', apiKey: 'payout-key', methods: PAYMENT_METHODS });
  });
  it('keeps the simulator at PROVIDER_URL as the payout provider outside production', () => {
    expect(payoutProviderFromEnv({ PROVIDER_URL: 'http://127.0.0.1:3100', PROVIDER_API_KEY: 'k' })).toEqual({ url: 'http://127.0.0.1:3100', apiKey: 'k', methods: PAYMENT_METHODS });
  });
  it('stops the start on an unknown method, or a method list without a provider', () => {
    expect(() => payoutProviderFromEnv({ PAYOUT_PROVIDER_URL: 'https://p.example', PAYOUT_PROVIDER_METHODS: 'paypal,venmo' })).toThrow(PayoutConfigError);
    expect(() => payoutProviderFromEnv({ PAYOUT_PROVIDER_URL: 'https://p.example', PAYOUT_PROVIDER_METHODS: 'paypal,venmo' })).toThrow(/unknown payout method "venmo"/);
    expect(() => payoutProviderFromEnv({ NODE_ENV: 'production', PAYOUT_PROVIDER_METHODS: 'paypal' })).toThrow(/PAYOUT_PROVIDER_METHODS is set but PAYOUT_PROVIDER_URL is not/);
  });
});

describe('fees', () => {
  it.each([
    ['paypal', 2000, 103, 50, 1847], // 35 + 3.4% of 20.00 = 35 + 68
    ['paypal', 19999, 715, 50, 19234], // 35 + 679.97 -> 680
    ['paypal', 20000, 615, 50, 19335], // next tier: 35 + 2.9%
    ['paypal', 100000, 2500, 50, 97450],
    ['payoneer', 2000, 300, 50, 1650],
    ['payoneer', 20000, 150, 50, 19800],
    ['payoneer', 100000, 0, 50, 99950],
    ['payoneer-wallet', 50000, 0, 50, 49950],
    ['alipay', 2000, 120, 50, 1830],
    ['skrill', 3333, 48, 50, 3235], // 1.45% of 33.33 = 48.33 -> 48
    ['usdt-trc20', 2000, 100, 50, 1850],
  ] as const)('%s %i cents: fee %i, handling %i, payout %i', (method, amount, fee, handling, total) => {
    expect(feesFor(DEFAULT_FEE_TABLE, method, amount)).toEqual({ amountCents: amount, feeCents: fee, handlingFeeCents: handling, totalPayoutCents: total });
  });
  it('the default table covers every method and leaves money at the minimum', () => {
    expect(feeTableProblems(DEFAULT_FEE_TABLE, PAYMENT_METHODS)).toEqual([]);
    expect(feeTableProblems({ ...DEFAULT_FEE_TABLE, skrill: { tiers: [{ fromCents: 0, fixedCents: 2000, bps: 0 }], handlingFeeCents: 0 } }, PAYMENT_METHODS))
      .toEqual(['skrill: fees eat the minimum withdrawal']);
  });
  // An operator's table from WITHDRAWAL_FEES_JSON can have any shape: a missing handling fee made every total NaN and passed.
  it.each([
    [{ tiers: [{ fromCents: 0, fixedCents: 100, bps: 0 }] }, ['skrill: handlingFeeCents is a whole, non-negative number']],
    [{ tiers: [{ fromCents: 0, fixedCents: 100, bps: 0 }], handlingFeeCents: -1 }, ['skrill: handlingFeeCents is a whole, non-negative number']],
    [{ tiers: [{ fromCents: 0, fixedCents: 100, bps: 0 }], handlingFeeCents: 0.5 }, ['skrill: handlingFeeCents is a whole, non-negative number']],
    [{ tiers: [{ fromCents: 0, fixedCents: 100, bps: 0 }], handlingFeeCents: '50' }, ['skrill: handlingFeeCents is a whole, non-negative number']],
    [{ tiers: [{ fromCents: 0, bps: 0 }], handlingFeeCents: 50 }, ['skrill: tiers are whole, non-negative numbers']],
    [{ tiers: [null], handlingFeeCents: 50 }, ['skrill: tiers are whole, non-negative numbers']],
    [{ tiers: 'cheap', handlingFeeCents: 50 }, ['skrill: no tiers']],
    [null, ['skrill: no tiers']],
  ])('a skrill entry %j is refused: %j', (entry, problems) => {
    expect(feeTableProblems({ ...DEFAULT_FEE_TABLE, skrill: entry } as never, PAYMENT_METHODS)).toEqual(problems);
  });
  it.each([null, [], 5, 'table'])('a table that is not an object of methods (%j) is refused', (table) => {
    expect(feeTableProblems(table as never, PAYMENT_METHODS)).toEqual(['the fee table is not an object of methods']);
  });
});

describe('fee table from WITHDRAWAL_FEES_JSON (start-up)', () => {
  it('a malformed one stops the start with a clear message, not a raw JSON error', () => {
    expect(() => feesFromJson('{"paypal": {tiers: []}')).toThrow(PayoutConfigError);
    expect(() => feesFromJson('{"paypal": {tiers: []}')).toThrow(/^WITHDRAWAL_FEES_JSON is not valid JSON \(.+\); see docs\/withdrawals.md/);
    expect(() => withdrawalsFromEnv({ WITHDRAWAL_FEES_JSON: 'not json' })).toThrow(/^WITHDRAWAL_FEES_JSON is not valid JSON/);
  });
  it('an incomplete one names what is missing', () => {
    const { skrill: _, ...noSkrill } = DEFAULT_FEE_TABLE;
    expect(() => feesFromJson(JSON.stringify(noSkrill))).toThrow('WITHDRAWAL_FEES_JSON: skrill: no tiers');
    const noHandling = { ...DEFAULT_FEE_TABLE, paypal: { tiers: DEFAULT_FEE_TABLE.paypal.tiers } };
    expect(() => feesFromJson(JSON.stringify(noHandling))).toThrow('WITHDRAWAL_FEES_JSON: paypal: handlingFeeCents is a whole, non-negative number');
  });
  it('a good one is used', () => {
    const table = { ...DEFAULT_FEE_TABLE, paypal: { ...DEFAULT_FEE_TABLE.paypal, handlingFeeCents: 75 } };
    expect(withdrawalsFromEnv({ WITHDRAWAL_FEES_JSON: JSON.stringify(table) }).fees).toEqual(table);
  });
});

describe('payout callback secret (start-up)', () => {
  it.each([undefined, '', 'dev-payout-callback-secret', 'short-secret'])('production refuses %j', (secret) => {
    expect(() => callbackSecretFromEnv({ NODE_ENV: 'production', PAYOUT_CALLBACK_SECRET: secret })).toThrow(PayoutConfigError);
  });
  it('production takes a real one; development may run on the development secret', () => {
    expect(callbackSecretFromEnv({ NODE_ENV: 'production', PAYOUT_CALLBACK_SECRET: 'f'.repeat(32) })).toBe('f'.repeat(32));
    expect(callbackSecretFromEnv({})).toBeUndefined();
    expect(withdrawalsFromEnv({}).callbackSecret).toBeUndefined(); // withdrawalOptions then falls back to the development secret
  });
});

describe('amount', () => {
  it.each([
    [2000, 5000, true], [1999, 5000, AMOUNT_BELOW_MINIMUM], [5001, 5000, AMOUNT_ABOVE_AVAILABLE], [5000, 5000, true],
    [20.5, 5000, AMOUNT_WHOLE_CENTS], [-2000, 5000, AMOUNT_WHOLE_CENTS], ['2000', 5000, AMOUNT_WHOLE_CENTS], [0, 5000, AMOUNT_WHOLE_CENTS],
  ])('%s of %i available: %s', (amount, available, want) => expect(checkAmount(amount, available)).toBe(want));

  // The pages show these by code: the code is the name of the same words in domain/messages.
  it.each([[1999, 5000], [5001, 5000], [20.5, 5000], [2000, 5000]])('%s of %i available: the code names the words', (amount, available) => {
    const code = amountProblem(amount, available);
    expect(code === null ? true : (M as Record<string, unknown>)[code]).toBe(checkAmount(amount, available));
  });
});

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
describe('payout addresses', () => {
  it.each([
    ['paypal', 'seller@example.com', true], ['paypal', 'seller@example', M.EMAIL_FORMAT], ['paypal', '', M.PAYMENT_ADDRESS_REQUIRED],
    ['skrill', 'a.b@mail.example.org', true], ['skrill', 'not an email', M.EMAIL_FORMAT],
    ['payoneer', 'p@example.com', true], ['payoneer-wallet', 'x@', M.EMAIL_FORMAT],
    ['alipay', '+8613800138000', true], ['alipay', 'buyer@alipay.example.com', true], ['alipay', '12-34', M.ALIPAY_ACCOUNT],
    ['usdt-trc20', TRON, true], ['usdt-trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    // The right shape but a broken checksum: one character changed.
    ['usdt-trc20', `${TRON.slice(0, -1)}8`, M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', `${TRON.slice(0, 10)}X${TRON.slice(11)}`, M.USDT_TRC20_ADDRESS],
    ['usdt-trc20', TRON.slice(0, -1), M.USDT_TRC20_ADDRESS], ['usdt-trc20', `0${TRON.slice(1)}`, M.USDT_TRC20_ADDRESS],
    // A valid base58check Bitcoin address is not a Tron address.
    ['usdt-trc20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', M.USDT_TRC20_ADDRESS],
  ] as const)('%s %s: %s', (method, address, want) => expect(checkPayoutAddress(method, address)).toBe(want));
  it('checks the Tron checksum', () => {
    expect(isTronAddress(TRON)).toBe(true);
    expect(isTronAddress(TRON.replace('a2f6', 'a2f7'))).toBe(false);
  });
});

describe('request problems', () => {
  it('answers each missing field in the specification words', () => {
    expect(requestProblems({}, true)).toEqual([
      { field: 'paymentAddress', message: 'Please fill in your payment address' },
      { field: 'trueName', message: 'Please fill in your true name' },
      { field: 'code', message: 'Please input verification code' },
    ]);
    expect(requestProblems({ paymentMethod: 'paypal', paymentAddress: 'p@example.com', trueName: 'Ana' }, false)).toEqual([]);
    expect(requestProblems({ paymentMethod: 'usdt-trc20', paymentAddress: 'Tabc', trueName: 'Ana', code: '1' }, true)).toEqual([
      { field: 'paymentAddress', message: M.USDT_TRC20_ADDRESS },
    ]);
  });
  it('quotes a rate for USDT and currencies other than euro', () => {
    expect(needsQuote('paypal', 'EUR')).toBe(false);
    expect(needsQuote('paypal', 'USD')).toBe(true);
    expect(needsQuote('usdt-trc20', 'EUR')).toBe(true);
    expect(payoutCurrency('usdt-trc20', 'EUR')).toBe('USDT');
  });
});
