import { describe, expect, it } from 'vitest';
import * as M from '../../domain/messages.js';
import { HttpError } from '../../web/src/lib/http.js';
import { failureOf, msg, translateMessage } from '../../web/src/lib/messages.js';
import { centsOf } from '../../web/src/lib/withdrawals.js';
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

  it('shows the withdrawal messages by name in each language', () => {
    expect(translateMessage(tOf(en), msg('AMOUNT_BELOW_MINIMUM'))).toBe(M.AMOUNT_BELOW_MINIMUM);
    expect(translateMessage(tOf(ar), msg('AMOUNT_BELOW_MINIMUM'))).toBe(ar.withdraw.msg.AMOUNT_BELOW_MINIMUM);
    expect(translateMessage(tOf(ar), msg('PAYMENT_ADDRESS_REQUIRED'))).toBe(ar.account.msg.PAYMENT_ADDRESS_REQUIRED);
    expect(translateMessage(tOf(en), msg('WITHDRAWAL_SENT'))).toBe('Withdrawal request has been sent successfully');
    expect(translateMessage(tOf(ar), msg('WITHDRAWAL_SENT'))).toBe(ar.withdraw.msg.WITHDRAWAL_SENT);
  });

  it('translates a withdrawal refusal by its code, not by its English words', () => {
    const refused = (code: string) => failureOf(new HttpError(409, { error: { code, message: 'words the page never reads', fields: [] } }, 'x')).message;
    for (const code of ['payment_details_changed', 'quote_expired', 'already_sent', 'quote_unavailable', 'payoneer_not_bound'] as const) {
      expect(translateMessage(tOf(ar), refused(code))).toBe(ar.withdraw.msg[code]);
    }
  });
});
