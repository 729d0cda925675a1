import { describe, expect, it } from 'vitest';
import * as M from '../../domain/messages.js';
import { HttpError } from '../../web/src/lib/http.js';
import { centsOf, msg, say, withdrawFailure } from '../../web/src/lib/withdrawals.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

/** A translator over one dictionary, like rosetta's `t` (missing keys give ""). */
const tOf = (dict: unknown) => (key: string, params?: Record<string, unknown>) => {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], dict);
  return typeof v === 'string' ? v.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params?.[p] ?? '')) : '';
};

describe('withdraw page messages by code', () => {
  it('reads typed euro amounts as cents and refuses anything else', () => {
    expect([centsOf('30'), centsOf('30.5'), centsOf('30,05'), centsOf(' 20.00 ')]).toEqual([3000, 3050, 3005, 2000]);
    expect([centsOf(''), centsOf('1.234'), centsOf('-5'), centsOf('abc'), centsOf('1e3')]).toEqual([null, null, null, null, null]);
  });

  it('shows our own messages by name in each language', () => {
    expect(say(tOf(en), msg('PAYMENT_ADDRESS_REQUIRED'))).toBe(M.PAYMENT_ADDRESS_REQUIRED);
    expect(say(tOf(ar), msg('PAYMENT_ADDRESS_REQUIRED'))).toBe(ar.account.msg.PAYMENT_ADDRESS_REQUIRED);
    expect(say(tOf(ar), msg('AMOUNT_BELOW_MINIMUM'))).toBe(ar.withdraw.msg.AMOUNT_BELOW_MINIMUM);
    expect(say(tOf(en), msg('WITHDRAWAL_SENT'))).toBe('Withdrawal request has been sent successfully');
  });

  it('translates a refusal by its code and numbers, not by its English words', () => {
    const body = (error: object) => new HttpError(409, { error }, 'x');
    const changed = withdrawFailure(body({ code: 'payment_details_changed', message: 'words the page never reads', fields: [] }));
    expect(say(tOf(ar), changed.message)).toBe(ar.withdraw.msg.payment_details_changed);
    const wait = withdrawFailure(new HttpError(429, { error: { code: 'resend_wait', message: 'other words', data: { seconds: 42 } } }, 'x'));
    expect(say(tOf(en), wait.message)).toBe('Please wait 42 seconds before requesting another email');
    // A one-field refusal without a field code is named by the refusal's code.
    const wrong = withdrawFailure(body({ code: 'code_invalid', message: 'm', fields: [{ field: 'code', message: 'm' }] }));
    expect(say(tOf(ar), wrong.fields.code)).toBe(ar.account.msg.CODE_INVALID);
    // An unknown code shows the server's words as received.
    expect(say(tOf(en), withdrawFailure(body({ code: 'brand_new', message: 'As sent' })).message)).toBe('As sent');
  });
});
