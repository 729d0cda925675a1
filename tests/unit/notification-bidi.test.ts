/**
 * Issue 33, Arabic without bidi breaks, for notifications: in a right-to-left language every filled
 * value (an amount, a date with its Latin zone name, a brand) is isolated, so the sentence around it
 * cannot reorder its parts. Mail, push and the pages fill through the same code (domain/notification-texts/fill.ts).
 */
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../domain/notification-texts.js';

const FSI = '\u2068';
const PDI = '\u2069';

describe('notification values in a right-to-left sentence', () => {
  it('are isolated in Arabic and Persian: the amount, the method, the deadline with its zone', () => {
    const paid = notificationText('ar', 'withdrawal_paid.body', { amountCents: 2000, method: 'paypal' });
    expect(paid).toMatch(new RegExp(`${FSI}[^${PDI}]*20\\.00[^${PDI}]*€${PDI}`));
    expect(paid).toContain(`${FSI}PayPal${PDI}`);
    const act = notificationText('fa', 'action_needed.wrong_password', { coins: 300_000, deadline: Date.UTC(2026, 10, 27, 19, 2) });
    expect(act).toMatch(new RegExp(`${FSI}[^${PDI}]*UTC${PDI}`));
  });

  it('are left as they are in a left-to-right language', () => {
    expect(notificationText('en', 'withdrawal_paid.body', { amountCents: 2000, method: 'paypal' })).toBe('Your withdrawal of €20.00 was paid to PayPal.');
  });
});
