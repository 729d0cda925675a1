/**
 * The one model of a sale's money (domain/sale-money.ts): every credit's parts frozen, available, in
 * a withdrawal or paid out by it, read from ledger entries as the wallet writes them, oldest
 * available money first. The parts must add up to the wallet's balances after every entry.
 */
import { describe, expect, it } from 'vitest';
import { saleMoney, type MoneyLedgerLine } from '../../domain/sale-money.js';
import { LEDGER_KINDS as K } from '../../infra/wallet/ledger-kinds.js';

/** A ledger as the wallet writes it: seq from 1, `at` one minute apart. */
function ledger(ops: [kind: string, ref: string, delta: MoneyLedgerLine['delta']][]): MoneyLedgerLine[] {
  return ops.map(([kind, ref, delta], i) => ({ seq: i + 1, kind, ref, delta, at: new Date(Date.UTC(2026, 10, 28, 12, i)) }));
}
const at = (i: number) => Date.UTC(2026, 10, 28, 12, i);
const credit = (ref: string, cents: number): [string, string, MoneyLedgerLine['delta']] => [K.comfortCredited, ref, { frozen: cents }];
const release = (ref: string, cents: number): [string, string, MoneyLedgerLine['delta']] => [K.comfortReleased, ref, { frozen: -cents, available: cents }];
const request = (id: string, cents: number): [string, string, MoneyLedgerLine['delta']] => [K.withdrawalRequested, `withdrawal:${id}`, { available: -cents, pendingPayout: cents }];
const paid = (id: string, cents: number): [string, string, MoneyLedgerLine['delta']] => [K.withdrawalPaid, `withdrawal:${id}`, { pendingPayout: -cents }];
const returned = (id: string, cents: number): [string, string, MoneyLedgerLine['delta']] => [K.withdrawalReturned, `withdrawal:${id}`, { pendingPayout: -cents, available: cents }];

/** The model's sums next to the wallet's balances after the same entries. */
function sums(lines: MoneyLedgerLine[]) {
  const m = [...saleMoney(lines).values()];
  const wallet = lines.reduce((w, e) => ({ available: w.available + (e.delta.available ?? 0), frozen: w.frozen + (e.delta.frozen ?? 0), pendingPayout: w.pendingPayout + (e.delta.pendingPayout ?? 0) }), { available: 0, frozen: 0, pendingPayout: 0 });
  return {
    model: { available: m.reduce((s, c) => s + c.availableCents, 0), frozen: m.reduce((s, c) => s + c.frozenCents, 0), pendingPayout: m.reduce((s, c) => s + c.pendingCents, 0) },
    wallet,
  };
}

describe('one model of a sale\'s money', () => {
  it('pays out the oldest available money first, names the withdrawal, and splits a credit it pays out in part', () => {
    // The walk-through: runs of 5.00, 5.00, 5.00, 5.00, 11.90 available; a 25.00 withdrawal paid.
    const lines = ledger([
      credit('r1', 500), release('r1', 500), credit('r2', 500), release('r2', 500), credit('r3', 500), release('r3', 500),
      credit('r4', 500), release('r4', 500), credit('big', 1190), release('big', 1190), credit('frozen', 300),
      request('w1', 2500), paid('w1', 2500),
    ]);
    const m = saleMoney(lines);
    for (const r of ['r1', 'r2', 'r3', 'r4']) {
      expect(m.get(r)).toMatchObject({ state: 'paid_out', availableCents: 0, paidOutCents: 500, withdrawals: [{ withdrawalId: 'w1', cents: 500, requestedAt: at(11), paidAt: at(12) }] });
    }
    // The 500K run: 5.00 of it left in w1, 6.90 is still available: it is not Settled and still withdrawable.
    expect(m.get('big')).toMatchObject({ state: 'available', earnedCents: 1190, availableCents: 690, paidOutCents: 500, withdrawals: [{ withdrawalId: 'w1', cents: 500 }] });
    expect(m.get('frozen')).toMatchObject({ state: 'frozen', frozenCents: 300, availableCents: 0, withdrawals: [] });
    // The unsettled parts add up to the balance: 6.90 available, 3.00 frozen.
    expect(sums(lines).model).toEqual(sums(lines).wallet);
    expect(sums(lines).model).toEqual({ available: 690, frozen: 300, pendingPayout: 0 });
  });

  it('holds money in a requested withdrawal until it is paid, and gives it back in its old place when the withdrawal fails', () => {
    const base = [credit('a', 1000), release('a', 1000), credit('b', 1500), release('b', 1500), request('w1', 2000)] as const;
    const asked = saleMoney(ledger([...base]));
    expect(asked.get('a')).toMatchObject({ state: 'pending_payout', pendingCents: 1000, withdrawals: [{ withdrawalId: 'w1', cents: 1000, paidAt: null }] });
    expect(asked.get('b')).toMatchObject({ state: 'available', availableCents: 500, pendingCents: 1000 });
    // A new credit after a failed withdrawal queues behind the returned money: the next withdrawal still takes `a` first.
    const back = ledger([...base, returned('w1', 2000), credit('c', 700), release('c', 700), request('w2', 1200), paid('w2', 1200)]);
    const m = saleMoney(back);
    expect(m.get('a')).toMatchObject({ state: 'paid_out', withdrawals: [{ withdrawalId: 'w2', cents: 1000 }] });
    expect(m.get('b')).toMatchObject({ state: 'available', availableCents: 1300, withdrawals: [{ withdrawalId: 'w2', cents: 200 }] });
    expect(m.get('c')).toMatchObject({ state: 'available', availableCents: 700, withdrawals: [] });
    expect(sums(back).model).toEqual(sums(back).wallet);
  });

  it('assigns money when a withdrawal is requested, so payouts arriving out of order change nothing', () => {
    const lines = ledger([credit('a', 2000), release('a', 2000), credit('b', 2000), release('b', 2000), request('w1', 2000), request('w2', 2000), paid('w2', 2000), paid('w1', 2000)]);
    const m = saleMoney(lines);
    expect(m.get('a')!.withdrawals.map((w) => w.withdrawalId)).toEqual(['w1']);
    expect(m.get('b')!.withdrawals.map((w) => w.withdrawalId)).toEqual(['w2']);
  });

  it('is a view: the same entries in any order give the same parts, and a player purchase\'s income is read like a run\'s', () => {
    const lines = ledger([
      [K.purchaseCredited, 'p1', { frozen: 1234 }], [K.purchaseReleased, 'p1', { frozen: -1234, available: 1234 }], credit('r', 2000), release('r', 2000),
      request('w', 2100), paid('w', 2100),
    ]);
    const once = saleMoney(lines);
    expect(saleMoney([...lines].reverse())).toEqual(once);
    expect(saleMoney(lines)).toEqual(once);
    expect(once.get('p1')).toMatchObject({ state: 'paid_out', earnedCents: 1234, paidOutCents: 1234 });
    expect(once.get('r')).toMatchObject({ state: 'available', availableCents: 1134, paidOutCents: 866 });
    for (const c of once.values()) expect(c.frozenCents + c.availableCents + c.pendingCents + c.paidOutCents).toBe(c.earnedCents);
    // Entries the model reads hold no withdrawal as a credit.
    expect([...once.keys()].sort()).toEqual(['p1', 'r']);
  });

  it('adds up to the wallet after every entry of a long random history', () => {
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const ops: [string, string, MoneyLedgerLine['delta']][] = [];
    let available = 0;
    const open: { id: string; cents: number }[] = [];
    for (let i = 0; i < 300; i++) {
      const pick = rnd(4);
      if (pick === 0 || available < 100) {
        const cents = 100 + rnd(2000);
        ops.push(credit(`c${i}`, cents), release(`c${i}`, cents));
        available += cents;
      } else if (pick === 1) {
        const cents = 1 + rnd(available);
        ops.push(request(`w${i}`, cents));
        open.push({ id: `w${i}`, cents });
        available -= cents;
      } else if (open.length) {
        const w = open.splice(rnd(open.length), 1)[0];
        if (pick === 2) ops.push(paid(w.id, w.cents));
        else { ops.push(returned(w.id, w.cents)); available += w.cents; }
      }
      const lines = ledger(ops);
      const s = sums(lines);
      expect(s.model).toEqual(s.wallet);
    }
  });
});
