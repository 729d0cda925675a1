/** Withdrawal fees (configuration) and the minimum payout. Money is integer euro cents. */
import type { PaymentMethod } from '../account-schemas.js';

/** The specification's minimum withdrawal (section 8). */
export const MINIMUM_WITHDRAWAL_CENTS = 2000;

/** One threshold: from `fromCents` on (inclusive), the fee is `fixedCents` plus `bps` hundredths of a percent. */
export interface FeeTier { fromCents: number; fixedCents: number; bps: number }
export interface MethodFees { tiers: readonly FeeTier[]; handlingFeeCents: number }
export type FeeTable = Readonly<Record<PaymentMethod, MethodFees>>;

/** The default threshold table; operators override it in configuration (WITHDRAWAL_FEES_JSON). */
export const DEFAULT_FEE_TABLE: FeeTable = {
  // PayPal's fee is borne by the seller (specification section 1).
  paypal: { tiers: [{ fromCents: 2000, fixedCents: 35, bps: 340 }, { fromCents: 20000, fixedCents: 35, bps: 290 }, { fromCents: 100000, fixedCents: 0, bps: 250 }], handlingFeeCents: 50 },
  alipay: { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 100 }, { fromCents: 50000, fixedCents: 0, bps: 100 }], handlingFeeCents: 50 },
  payoneer: { tiers: [{ fromCents: 2000, fixedCents: 300, bps: 0 }, { fromCents: 20000, fixedCents: 150, bps: 0 }, { fromCents: 100000, fixedCents: 0, bps: 0 }], handlingFeeCents: 50 },
  'payoneer-wallet': { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 0 }, { fromCents: 50000, fixedCents: 0, bps: 0 }], handlingFeeCents: 50 },
  skrill: { tiers: [{ fromCents: 2000, fixedCents: 0, bps: 145 }, { fromCents: 100000, fixedCents: 0, bps: 100 }], handlingFeeCents: 50 },
  'usdt-trc20': { tiers: [{ fromCents: 2000, fixedCents: 100, bps: 0 }], handlingFeeCents: 50 },
};

export interface Fees { amountCents: number; feeCents: number; handlingFeeCents: number; totalPayoutCents: number }

/** The fee (tier by amount, rounded half up), the handling fee and what the seller receives, in euro cents. */
export function feesFor(table: FeeTable, method: PaymentMethod, amountCents: number): Fees {
  const m = table[method];
  const tier = [...m.tiers].sort((a, b) => b.fromCents - a.fromCents).find((t) => amountCents >= t.fromCents) ?? m.tiers[0]!;
  const feeCents = tier.fixedCents + Math.floor((amountCents * tier.bps + 5000) / 10000);
  return { amountCents, feeCents, handlingFeeCents: m.handlingFeeCents, totalPayoutCents: amountCents - feeCents - m.handlingFeeCents };
}

/**
 * Problems of an operator's fee table (checked at start-up; it may come from WITHDRAWAL_FEES_JSON, so
 * any shape): every method, whole non-negative tiers and handling fee, payout left at the minimum.
 */
export function feeTableProblems(table: FeeTable, methods: readonly PaymentMethod[]): string[] {
  if (!table || typeof table !== 'object' || Array.isArray(table)) return ['the fee table is not an object of methods'];
  const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const out: string[] = [];
  for (const method of methods) {
    const m = table[method] as Partial<FeeTable[PaymentMethod]> | undefined;
    if (!m || typeof m !== 'object' || !Array.isArray(m.tiers) || !m.tiers.length) { out.push(`${method}: no tiers`); continue; }
    const before = out.length;
    if (!m.tiers.every((t) => t && typeof t === 'object' && [t.fromCents, t.fixedCents, t.bps].every(whole))) out.push(`${method}: tiers are whole, non-negative numbers`);
    if (!whole(m.handlingFeeCents)) out.push(`${method}: handlingFeeCents is a whole, non-negative number`);
    if (out.length === before && feesFor(table, method, MINIMUM_WITHDRAWAL_CENTS).totalPayoutCents <= 0) out.push(`${method}: fees eat the minimum withdrawal`);
  }
  return out;
}
