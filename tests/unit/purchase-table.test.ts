import { describe, expect, it } from 'vitest';
import {
  checkBought, checkNotBought, PURCHASE_EVENTS, PURCHASE_STATES, PURCHASE_TABLE, purchaseActions, purchaseStep,
  parsePriceFilter, verificationProblem, type PurchaseEvent, type PurchaseState,
} from '../../domain/player-trade.js';
import { isFinal, step, tableProblems, waitingForOf } from '../../domain/process.js';

// Every state × every event: `>state` moves there, `=` answers the current status unchanged, anything else is the refusal code.
const EXPECTED: Record<PurchaseState, Record<PurchaseEvent, string>> = {
  picking: {
    reserved: '>reserved', pick_refused: '>refused', bought: 'card_unavailable', not_bought: 'card_unavailable', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  reserved: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '>checking', not_bought: '>released', deadline: '>expired',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  checking: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '=', not_bought: 'already_bought', deadline: 'not_allowed_now',
    verified: '>frozen', not_verified: '>rejected', provider_down: '>stuck',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  stuck: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '=', not_bought: 'already_bought', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: '>checking', support_rejected: '>rejected', support_retry: '>checking', freeze_ended: 'not_allowed_now',
  },
  frozen: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '=', not_bought: 'already_bought', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: '>available',
  },
  available: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '=', not_bought: 'already_bought', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  rejected: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: '=', not_bought: 'already_bought', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  released: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: 'card_unavailable', not_bought: '=', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  expired: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: 'deadline_passed', not_bought: 'deadline_passed', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
  refused: {
    reserved: 'not_allowed_now', pick_refused: 'not_allowed_now', bought: 'card_unavailable', not_bought: 'card_unavailable', deadline: 'not_allowed_now',
    verified: 'not_allowed_now', not_verified: 'not_allowed_now', provider_down: 'not_allowed_now',
    support_verified: 'not_stuck', support_rejected: 'not_stuck', support_retry: 'not_stuck', freeze_ended: 'not_allowed_now',
  },
};

const outcome = (state: PurchaseState, event: PurchaseEvent): string => {
  const r = step(PURCHASE_TABLE, state, event);
  return r.ok ? (r.repeat ? '=' : `>${r.to}`) : r.code;
};

describe('the purchase table', () => {
  it('is consistent: every target a state, every state reachable, final states accept nothing', () => {
    expect(tableProblems(PURCHASE_TABLE)).toEqual([]);
    expect(Object.keys(PURCHASE_TABLE.states).sort()).toEqual([...PURCHASE_STATES].sort());
    expect(Object.keys(PURCHASE_TABLE.events).sort()).toEqual([...PURCHASE_EVENTS].sort());
  });

  it.each(PURCHASE_STATES.flatMap((s) => PURCHASE_EVENTS.map((e) => [s, e] as const)))('%s × %s', (state, event) => {
    expect(outcome(state, event)).toBe(EXPECTED[state][event]);
  });

  it('waits for the seller in the buy window, for support when stuck, for nobody once final', () => {
    expect(Object.fromEntries(PURCHASE_STATES.map((s) => [s, waitingForOf(PURCHASE_TABLE, s)]))).toEqual({
      picking: 'system', reserved: 'seller', checking: 'system', stuck: 'support', frozen: 'system',
      available: 'nobody', released: 'nobody', expired: 'nobody', rejected: 'nobody', refused: 'nobody',
    });
    expect(PURCHASE_STATES.filter((s) => isFinal(PURCHASE_TABLE, s)).sort()).toEqual(['available', 'expired', 'refused', 'rejected', 'released']);
  });
});

describe('the seller actions and the deadline rule', () => {
  const deadline = 1_000_000;
  it('offers Player Bought and Not Bought only while reserved, and only Not Bought once the deadline passed', () => {
    for (const state of PURCHASE_STATES) {
      expect(purchaseActions({ state, deadline }, deadline - 1)).toEqual(state === 'reserved' ? ['bought', 'not_bought'] : []);
    }
    expect(purchaseActions({ state: 'reserved', deadline }, deadline)).toEqual(['not_bought']);
    expect(purchaseStep({ state: 'reserved', deadline }, 'bought', deadline)).toMatchObject({ ok: false, code: 'deadline_passed' });
    expect(purchaseStep({ state: 'frozen', deadline }, 'bought', deadline + 1)).toMatchObject({ ok: true, repeat: true });
  });

  // The rules as they were written before the table; the table must answer the same in every state.
  const oldCheckBought = (state: PurchaseState, now: number) => {
    if (state === 'reserved') return now < deadline ? 'accept' : 'deadline_passed';
    if (['checking', 'stuck', 'frozen', 'available', 'rejected'].includes(state)) return 'repeat';
    if (state === 'expired') return 'deadline_passed';
    return 'card_unavailable';
  };
  const oldCheckNotBought = (state: PurchaseState) => {
    if (state === 'reserved') return 'accept';
    if (state === 'released') return 'repeat';
    if (state === 'expired') return 'deadline_passed';
    if (state === 'picking' || state === 'refused') return 'card_unavailable'; // the workflow answered this before the record existed
    return 'already_bought';
  };
  it.each(PURCHASE_STATES)('checkBought and checkNotBought keep their old answers in %s', (state) => {
    for (const now of [deadline - 1, deadline, deadline + 1]) expect(checkBought({ state, deadline }, now)).toBe(oldCheckBought(state, now));
    expect(checkNotBought({ state })).toBe(oldCheckNotBought(state));
  });
});

describe('verification of the provider answer', () => {
  const purchase = { pickedAt: 5_000, coinsSpent: 12_000 };
  it('accepts a purchase after the pick at the buy-now price', () => {
    expect(verificationProblem({ bought: true, boughtAt: 5_000, price: 12_000 }, purchase)).toBeNull();
    expect(verificationProblem({ bought: true, boughtAt: 9_000, price: 12_000 }, purchase)).toBeNull();
  });
  it('refuses a purchase before the pick, at another price, or none', () => {
    expect(verificationProblem({ bought: true, boughtAt: 4_999, price: 12_000 }, purchase)).toBe('bought_before_pick');
    expect(verificationProblem({ bought: true, boughtAt: 9_000, price: 11_999 }, purchase)).toBe('price_mismatch');
    expect(verificationProblem({ bought: false, reason: 'no_purchase' }, purchase)).toBe('no_purchase');
  });
});

describe('the price filter', () => {
  it('refuses a repeated bound instead of joining it (minPrice=1&minPrice=2 is not 12)', () => {
    expect(() => parsePriceFilter({ minPrice: ['1', '2'] })).toThrow(expect.objectContaining({ fields: [{ field: 'minPrice', message: expect.any(String), code: 'INVALID_VALUE' }] }));
    expect(() => parsePriceFilter({ maxPrice: ['5'] })).toThrow();
    expect(() => parsePriceFilter({ platform: ['ps', 'xbox'] })).toThrow();
    expect(parsePriceFilter({ minPrice: '1,200', maxPrice: 3000 })).toEqual({ minPrice: 1200, maxPrice: 3000, platform: null });
  });
});
