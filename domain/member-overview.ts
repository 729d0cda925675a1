/**
 * The signed-in overview (`GET /api/member/overview`, page `/` and `/member`): the seller's money as
 * the one model of a sale's money tells it (domain/sale-money.ts), never a second rule. Available,
 * frozen and pending payout are the sums of the credits' parts; each frozen part carries the time its
 * freeze or review ends (from the purchase or run that holds it); the earnings chart counts what each
 * credit brought in (`earnedBy`), by UTC day, week (from Monday) or month and by trade kind. Pure.
 */
import { earnedBy, saleMoney, WITHDRAWAL_REF_PREFIX, type MoneyLedgerLine } from './sale-money.js';

export type TradeKind = 'player' | 'comfort';
export type EarningsPeriod = 'day' | 'week' | 'month';
export const EARNINGS_PERIODS: readonly EarningsPeriod[] = ['day', 'week', 'month'];
/** How many periods the chart shows back from now: a bounded window whatever the ledger's length. */
export const EARNINGS_SPAN: Readonly<Record<EarningsPeriod, number>> = { day: 30, week: 12, month: 12 };
/** How many recent ledger movements and open actions the overview lists. */
export const OVERVIEW_RECENT = 10;
export const OVERVIEW_NEEDS = 5;

/** A frozen part of one credit and when it becomes available (null: the review has no end time yet). */
export interface FrozenPart { ref: string; kind: TradeKind; cents: number; availableAt: number | null }
/** A withdrawal requested and not paid yet, with the cents it holds. */
export interface PendingPayout { withdrawalId: string; cents: number; requestedAt: number }
/** One period's earnings per trade kind, in cents; `start` is the period's first instant (UTC). */
export interface EarningsBucket { start: number; player: number; comfort: number }
/** A ledger movement as the overview lists it: what changed in each bucket. */
export interface OverviewMovement { seq: number; kind: string; ref: string; available: number; frozen: number; pendingPayout: number; at: number }
/** An open wait for the seller (an action notification not resolved yet). */
export interface OverviewNeed { id: string; titleCode: string; params: Record<string, string | number>; link: string; deadline: number | null; createdAt: number }

export interface OverviewAnswer {
  availableCents: number;
  frozenCents: number;
  pendingCents: number;
  frozen: FrozenPart[];
  pending: PendingPayout[];
  needs: OverviewNeed[];
  recent: OverviewMovement[];
  earnings: Record<EarningsPeriod, EarningsBucket[]>;
  now: number;
}

/** The credit's trade kind from its ledger kind (`player_…`, `comfort_…`; LEDGER_KINDS). */
export const tradeKindOf = (ledgerKind: string): TradeKind | null =>
  ledgerKind.startsWith('player_') ? 'player' : ledgerKind.startsWith('comfort_') ? 'comfort' : null;

const DAY = 86_400_000;

/** The first instant (UTC) of the period holding `t`. */
export function periodStart(t: number, period: EarningsPeriod): number {
  const d = new Date(t);
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return period === 'day' ? day : day - ((d.getUTCDay() + 6) % 7) * DAY;
}

/** The period before the one starting at `start`. */
function previous(start: number, period: EarningsPeriod): number {
  if (period === 'day') return start - DAY;
  if (period === 'week') return start - 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
}

/** The chart's buckets, oldest first, `EARNINGS_SPAN[period]` of them ending with the current period (empty ones included). */
export function earningsBuckets(lines: readonly MoneyLedgerLine[], period: EarningsPeriod, now: number): EarningsBucket[] {
  const starts = [periodStart(now, period)];
  while (starts.length < EARNINGS_SPAN[period]) starts.unshift(previous(starts[0], period));
  const byStart = new Map(starts.map((start) => [start, { start, player: 0, comfort: 0 }]));
  for (const e of lines) {
    const kind = tradeKindOf(e.kind);
    const cents = earnedBy(e);
    if (!kind || cents <= 0) continue;
    const bucket = byStart.get(periodStart(typeof e.at === 'number' ? e.at : e.at.getTime(), period));
    if (bucket) bucket[kind] += cents;
  }
  return [...byStart.values()];
}

/** When each frozen credit becomes available, by its ref (purchase id or run id), from the record that holds it. */
export type ReleaseTimes = ReadonlyMap<string, { kind: TradeKind; releaseAt: number | null }>;

/** The overview's money from the seller's whole ledger (any order) through the one model. */
export function overviewMoney(lines: readonly MoneyLedgerLine[], releases: ReleaseTimes, now: number): Omit<OverviewAnswer, 'needs'> {
  const credits = [...saleMoney(lines).values()];
  const kindOfRef = new Map<string, TradeKind>();
  for (const e of lines) {
    const kind = tradeKindOf(e.kind);
    if (kind && !kindOfRef.has(e.ref)) kindOfRef.set(e.ref, kind);
  }
  const frozen: FrozenPart[] = credits.filter((c) => c.frozenCents > 0).map((c) => {
    const release = releases.get(c.ref);
    return { ref: c.ref, kind: release?.kind ?? kindOfRef.get(c.ref) ?? 'player', cents: c.frozenCents, availableAt: release?.releaseAt ?? null };
  });
  frozen.sort((a, b) => (a.availableAt ?? Infinity) - (b.availableAt ?? Infinity) || (a.ref < b.ref ? -1 : 1));
  const pendingBy = new Map<string, PendingPayout>();
  for (const c of credits) {
    for (const w of c.withdrawals) {
      if (w.paidAt !== null) continue;
      const p = pendingBy.get(w.withdrawalId) ?? { withdrawalId: w.withdrawalId, cents: 0, requestedAt: w.requestedAt };
      p.cents += w.cents;
      pendingBy.set(w.withdrawalId, p);
    }
  }
  const sorted = [...lines].sort((a, b) => b.seq - a.seq);
  const recent = sorted.slice(0, OVERVIEW_RECENT).map((e) => ({
    seq: e.seq, kind: e.kind, ref: e.ref.startsWith(WITHDRAWAL_REF_PREFIX) ? e.ref.slice(WITHDRAWAL_REF_PREFIX.length) : e.ref,
    available: e.delta.available ?? 0, frozen: e.delta.frozen ?? 0, pendingPayout: e.delta.pendingPayout ?? 0,
    at: typeof e.at === 'number' ? e.at : e.at.getTime(),
  }));
  const sum = (f: (c: (typeof credits)[number]) => number) => credits.reduce((n, c) => n + f(c), 0);
  return {
    availableCents: sum((c) => c.availableCents),
    frozenCents: sum((c) => c.frozenCents),
    pendingCents: sum((c) => c.pendingCents),
    frozen,
    pending: [...pendingBy.values()].sort((a, b) => a.requestedAt - b.requestedAt),
    recent,
    earnings: { day: earningsBuckets(lines, 'day', now), week: earningsBuckets(lines, 'week', now), month: earningsBuckets(lines, 'month', now) },
    now,
  };
}
