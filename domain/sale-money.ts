/**
 * One model of a sale's money, derived from the seller's ledger alone (docs/withdrawals.md, "Where
 * each credit's money is"). Every credit (a player purchase's income, a comfort run's payment; its
 * ledger ref is the purchase or run id) is split into parts that are frozen, available, in a
 * withdrawal not paid yet, or paid out by a named withdrawal. The record pages, their tabs and
 * filters, the row labels, the Withdraw button, the CSV and the APIs all read this, so they cannot
 * disagree. It is a view of money, never a movement: it reads entries and changes nothing.
 *
 * Rule, oldest available money first: available money is a queue of parts ordered by the ledger
 * entry that made them available. A withdrawal's request (`available → pendingPayout`) takes its
 * amount from the front of the queue; its payout marks those parts paid out by it; its return puts
 * them back in their old places. The same entries give the same parts (deterministic, idempotent),
 * and the available and frozen parts add up to the wallet's available and frozen balances for money
 * from credits. Integer cents throughout.
 */
import type { Bucket } from './wallet.js';

/** The ledger entry fields the model reads (`infra/wallet/wallet.ts` `LedgerEntry` has them all). */
export interface MoneyLedgerLine {
  seq: number;
  kind: string;
  ref: string;
  delta: Partial<Record<Bucket, number>>;
  at: Date | number;
}

/** Where a credit's money is, as one word: the least advanced part that still holds money. */
export type CreditState = 'frozen' | 'available' | 'pending_payout' | 'paid_out';

/** Part of a credit that a withdrawal holds: paid out at `paidAt`, or requested and not paid yet (`paidAt` null). */
export interface WithdrawalPart {
  withdrawalId: string;
  cents: number;
  requestedAt: number;
  paidAt: number | null;
}

/** One credit's money, as every view shows it. */
export interface CreditMoney {
  ref: string;
  /** What the credit brought in total. */
  earnedCents: number;
  frozenCents: number;
  availableCents: number;
  /** Cents in withdrawals requested and not paid yet. */
  pendingCents: number;
  /** Cents paid out. */
  paidOutCents: number;
  /** The withdrawals holding or having paid out part of it, oldest request first. */
  withdrawals: WithdrawalPart[];
  state: CreditState;
}

/** The prefix of a withdrawal's ledger ref (`withdrawal:<id>`) and of its entries' kinds. */
export const WITHDRAWAL_REF_PREFIX = 'withdrawal:';
const WITHDRAWAL_KIND = 'withdrawal_';
const RETURNED = 'withdrawal_returned';
const REQUESTED = 'withdrawal_requested';
const PAID = 'withdrawal_paid';

interface Part { ref: string; cents: number; order: number }
interface Held { part: Part; requestedAt: number; paidAt: number | null; withdrawalId: string }

const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());
const byOrder = (a: Part, b: Part) => a.order - b.order || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0);

/** Takes `cents` from the front of the sorted queue; answers the parts taken (the queue keeps the rest). */
function take(queue: Part[], cents: number): Part[] {
  const out: Part[] = [];
  let left = cents;
  while (left > 0 && queue.length) {
    const head = queue[0];
    const n = Math.min(head.cents, left);
    out.push({ ...head, cents: n });
    left -= n;
    if (n === head.cents) queue.shift();
    else head.cents -= n;
  }
  return out;
}

/** Puts parts back in their places (a withdrawal's return); neighbours of one credit merge. */
function putBack(queue: Part[], parts: Part[]) {
  for (const p of parts) {
    const same = queue.find((q) => q.ref === p.ref && q.order === p.order);
    if (same) same.cents += p.cents;
    else queue.push({ ...p });
  }
  queue.sort(byOrder);
}

/** What a ledger entry brought in as an earning (a credit, frozen or straight to available): 0 for a release, a withdrawal or a correction. */
export function earnedBy(e: MoneyLedgerLine): number {
  if (e.kind.startsWith(WITHDRAWAL_KIND)) return 0;
  return Math.max(0, (e.delta.frozen ?? 0) + (e.delta.available ?? 0));
}

/** The money of every credit in the ledger, by ref. `lines` may come in any order; they are read by `seq`. */
export function saleMoney(lines: readonly MoneyLedgerLine[]): Map<string, CreditMoney> {
  const sorted = [...lines].sort((a, b) => a.seq - b.seq);
  const earned = new Map<string, number>();
  const frozen = new Map<string, number>();
  const queue: Part[] = [];
  const held: Held[] = [];
  const add = (m: Map<string, number>, ref: string, n: number) => m.set(ref, (m.get(ref) ?? 0) + n);

  for (const e of sorted) {
    const available = e.delta.available ?? 0;
    const fr = e.delta.frozen ?? 0;
    const pending = e.delta.pendingPayout ?? 0;
    const at = ms(e.at);
    if (e.kind.startsWith(WITHDRAWAL_KIND)) {
      const withdrawalId = e.ref.startsWith(WITHDRAWAL_REF_PREFIX) ? e.ref.slice(WITHDRAWAL_REF_PREFIX.length) : e.ref;
      if (e.kind === REQUESTED && available < 0) {
        for (const part of take(queue, -available)) held.push({ part, requestedAt: at, paidAt: null, withdrawalId });
      } else if (e.kind === PAID && pending < 0) {
        markPaid(held, withdrawalId, -pending, at);
      } else if (e.kind === RETURNED && available > 0) {
        putBack(queue, release(held, withdrawalId, available));
      }
      continue;
    }
    // An earning: a credit (frozen or straight to available), or a release (frozen → available, nothing new).
    const brought = earnedBy(e);
    if (brought > 0) add(earned, e.ref, brought);
    if (fr !== 0) add(frozen, e.ref, fr);
    if (available > 0) putBack(queue, [{ ref: e.ref, cents: available, order: e.seq }]);
    // Available money taken by anything other than a withdrawal (a correction by hand) leaves oldest first too.
    else if (available < 0) take(queue, -available);
  }

  const refs = new Set([...earned.keys(), ...frozen.keys()]);
  const out = new Map<string, CreditMoney>();
  for (const ref of refs) {
    const mine = held.filter((h) => h.part.ref === ref);
    const withdrawals: WithdrawalPart[] = [];
    for (const h of mine) {
      const same = withdrawals.find((w) => w.withdrawalId === h.withdrawalId && (w.paidAt === null) === (h.paidAt === null));
      if (same) same.cents += h.part.cents;
      else withdrawals.push({ withdrawalId: h.withdrawalId, cents: h.part.cents, requestedAt: h.requestedAt, paidAt: h.paidAt });
    }
    const frozenCents = Math.max(0, frozen.get(ref) ?? 0);
    const availableCents = queue.filter((p) => p.ref === ref).reduce((s, p) => s + p.cents, 0);
    const pendingCents = withdrawals.filter((w) => w.paidAt === null).reduce((s, w) => s + w.cents, 0);
    const paidOutCents = withdrawals.filter((w) => w.paidAt !== null).reduce((s, w) => s + w.cents, 0);
    out.set(ref, {
      ref, earnedCents: earned.get(ref) ?? 0, frozenCents, availableCents, pendingCents, paidOutCents, withdrawals,
      state: frozenCents > 0 ? 'frozen' : availableCents > 0 ? 'available' : pendingCents > 0 ? 'pending_payout' : paidOutCents > 0 ? 'paid_out' : 'available',
    });
  }
  return out;
}

/** The payout: the withdrawal's unpaid parts, oldest first, up to `cents`, become paid out (a part is split if needed). */
function markPaid(held: Held[], withdrawalId: string, cents: number, at: number) {
  let left = cents;
  for (let i = 0; i < held.length && left > 0; i++) {
    const h = held[i];
    if (h.withdrawalId !== withdrawalId || h.paidAt !== null) continue;
    if (h.part.cents > left) {
      held.splice(i + 1, 0, { ...h, part: { ...h.part, cents: h.part.cents - left } });
      h.part = { ...h.part, cents: left };
    }
    h.paidAt = at;
    left -= h.part.cents;
  }
}

/** The return: the withdrawal's unpaid parts, newest first, up to `cents`, leave it; answers them. */
function release(held: Held[], withdrawalId: string, cents: number): Part[] {
  const out: Part[] = [];
  let left = cents;
  for (let i = held.length - 1; i >= 0 && left > 0; i--) {
    const h = held[i];
    if (h.withdrawalId !== withdrawalId || h.paidAt !== null) continue;
    const n = Math.min(h.part.cents, left);
    out.push({ ...h.part, cents: n });
    left -= n;
    if (n === h.part.cents) held.splice(i, 1);
    else h.part = { ...h.part, cents: h.part.cents - n };
  }
  return out;
}

/** The record tab or filter a credit belongs to: Settled only once all of it is paid out. */
export const isPaidOut = (m: CreditMoney | null | undefined): boolean => m?.state === 'paid_out';
