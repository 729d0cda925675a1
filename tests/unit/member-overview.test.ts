/**
 * The overview's figures come from the one model of a sale's money: available, frozen and pending
 * equal the model's sums and the wallet's buckets; each frozen part carries its availability time;
 * the earnings chart counts credits (not releases, not withdrawals) per UTC period and trade kind.
 */
import { describe, expect, it } from 'vitest';
import { overviewMoney, periodStart } from '../../domain/member-overview.js';
import type { MoneyLedgerLine } from '../../domain/sale-money.js';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 28, 12); // a Saturday
const line = (seq: number, kind: string, ref: string, delta: MoneyLedgerLine['delta'], at: number): MoneyLedgerLine => ({ seq, kind, ref, delta, at });

describe('overview money', () => {
  const lines = [
    line(1, 'player_credit_frozen', 'p1', { frozen: 1000 }, now - 40 * day),
    line(2, 'player_freeze_released', 'p1', { frozen: -1000, available: 1000 }, now - 39 * day),
    line(3, 'comfort_credit_frozen', 'r1', { frozen: 2500 }, now - 2 * day),
    line(4, 'comfort_review_released', 'r1', { frozen: -2500, available: 2500 }, now - day),
    line(5, 'withdrawal_requested', 'withdrawal:w1', { available: -1500, pendingPayout: 1500 }, now - day),
    line(6, 'player_credit_frozen', 'p2', { frozen: 700 }, now - 3600_000),
  ];
  const releases = new Map([['p2', { kind: 'player' as const, releaseAt: now + 7 * day }]]);
  const o = overviewMoney(lines, releases, now);

  it('adds up to the wallet and names each frozen part with its time', () => {
    expect({ a: o.availableCents, f: o.frozenCents, p: o.pendingCents }).toEqual({ a: 2000, f: 700, p: 1500 });
    expect(o.frozen).toEqual([{ ref: 'p2', kind: 'player', cents: 700, availableAt: now + 7 * day }]);
    expect(o.pending).toEqual([{ withdrawalId: 'w1', cents: 1500, requestedAt: now - day }]);
    expect(o.recent.map((r) => r.seq)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('charts credits per period and kind, releases and withdrawals not counted twice', () => {
    expect(o.earnings.day).toHaveLength(30);
    expect(o.earnings.day.at(-1)).toEqual({ start: periodStart(now, 'day'), player: 700, comfort: 0 });
    expect(o.earnings.day.at(-3)).toEqual({ start: periodStart(now - 2 * day, 'day'), player: 0, comfort: 2500 });
    expect(o.earnings.week.at(-1)).toEqual({ start: Date.UTC(2026, 10, 23), player: 700, comfort: 2500 });
    expect(o.earnings.month.at(-1)).toEqual({ start: Date.UTC(2026, 10, 1), player: 700, comfort: 2500 });
    expect(o.earnings.month.at(-2)).toEqual({ start: Date.UTC(2026, 9, 1), player: 1000, comfort: 0 });
  });
});
