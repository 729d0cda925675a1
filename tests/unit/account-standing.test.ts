import { describe, expect, it } from 'vitest';
import { STANDING_ACTIONS, STANDINGS, standingOf, standingRefusal, standingStep } from '../../domain/account-standing.js';

describe('account standing table (support penalties)', () => {
  it('spells out every standing × action', () => {
    const grid = Object.fromEntries(STANDINGS.map((from) => [from, Object.fromEntries(STANDING_ACTIONS.map((a) => {
      const s = standingStep(from, a);
      return [a, s.ok ? s.to : 'refused'];
    }))]));
    expect(grid).toEqual({
      active: { suspend: 'suspended', reinstate: 'refused', close: 'closed' },
      suspended: { suspend: 'refused', reinstate: 'active', close: 'closed' },
      closed: { suspend: 'refused', reinstate: 'refused', close: 'refused' },
    });
  });

  it('only an active seller signs in; a seller never penalised is active', () => {
    expect(standingOf(undefined)).toBe('active');
    expect(standingRefusal('active')).toBeNull();
    expect(standingRefusal('suspended')?.code).toBe('account_suspended');
    expect(standingRefusal('closed')?.code).toBe('account_closed');
    expect(standingStep('closed', 'reinstate')).toEqual({ ok: false, message: 'This account is closed: it cannot be reinstated.' });
  });
});
