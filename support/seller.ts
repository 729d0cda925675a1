/**
 * `support seller <email|id>`: who the seller is, their balance and latest ledger operations, and
 * every comfort run, player purchase and withdrawal with its status and who it waits for. Reads the
 * read models only (nothing is written); never a password hash, vault reference or session.
 */
import type { Db } from 'mongodb';
import type { ComfortRunDoc } from '../infra/comfort/runs.js';
import { RUNS_COLLECTION } from '../infra/comfort/runs.js';
import type { PurchaseDoc } from '../infra/player-trade/purchases.js';
import { PURCHASES_COLLECTION } from '../infra/player-trade/purchases.js';
import type { LedgerEntry } from '../infra/wallet/wallet.js';
import { LEDGER_COLLECTION } from '../infra/wallet/wallet.js';
import type { WithdrawalDoc } from '../infra/withdrawals/records.js';
import { WITHDRAWALS_COLLECTION } from '../infra/withdrawals/records.js';
import { COMFORT_TABLE, type ComfortState } from '../domain/comfort-trade.js';
import { PURCHASE_TABLE, purchaseSubState, type PurchaseState } from '../domain/player-trade.js';
import { WITHDRAWAL_TABLE, subStateOf } from '../domain/withdrawal.js';
import { standingOf, type Standing, type StandingRecord } from '../domain/account-standing.js';
import { CliError, EXIT } from './errors.js';

/** One run of any process as support reads it. */
export interface RunLine {
  id: string;
  state: string;
  status: string;
  subState: string;
  waitingFor: string;
  /** Euro cents the run is about (income or amount). */
  cents: number | null;
  at: string;
  detail: string;
}

export interface SellerReport {
  seller: {
    id: string; email: string; username: string | null; emailProven: boolean; payoutMethod: string | null; createdAt: string; standing: Standing;
    /** How the seller asked support to reach them (Settings, "Contact"): sellers are told support uses it. */
    contact: { method: string; value: string } | null;
  };
  /** Support's penalties, oldest first (who, why, when). */
  standingHistory: { standing: Standing; by: string; why: string; at: string }[];
  balance: { available: number; frozen: number; pendingPayout: number };
  ledger: { at: string; kind: string; delta: Record<string, number>; ref: string; opId: string; by?: string; reason?: string }[];
  comfortRuns: RunLine[];
  purchases: RunLine[];
  withdrawals: RunLine[];
}

interface SellerRow {
  _id: string; email: string; username?: string | null; emailVerifiedAt?: Date | null; createdAt?: Date;
  settings?: { paymentMethod?: string; contactMethod?: string; contactValue?: string } | null;
  standing?: StandingRecord;
}

const iso = (t: number | Date | null | undefined) => (t ? new Date(t).toISOString() : '');

/** Finds a seller by id or email (any case); not found is exit 3. */
export async function findSeller(db: Db, who: string): Promise<SellerRow> {
  const sellers = db.collection<SellerRow>('sellers');
  const seller = await sellers.findOne({ _id: who }) ?? await sellers.findOne({ email: { $in: [who, who.toLowerCase()] } });
  if (!seller) throw new CliError(EXIT.notFound, `No seller with id or email ${who}.`);
  return seller;
}

/** The seller's report; `limit` bounds each list (newest first). */
export async function sellerReport(db: Db, who: string, limit = 20): Promise<SellerReport> {
  const s = await findSeller(db, who);
  const [ledger, runs, purchases, withdrawals] = await Promise.all([
    db.collection<LedgerEntry>(LEDGER_COLLECTION).find({ sellerId: s._id }).sort({ seq: -1 }).limit(limit).toArray(),
    db.collection<ComfortRunDoc>(RUNS_COLLECTION).find({ sellerId: s._id }).sort({ createdAt: -1 }).limit(limit).toArray(),
    db.collection<PurchaseDoc>(PURCHASES_COLLECTION).find({ sellerId: s._id }).sort({ pickedAt: -1 }).limit(limit).toArray(),
    db.collection<WithdrawalDoc>(WITHDRAWALS_COLLECTION).find({ sellerId: s._id }).sort({ requestedAt: -1 }).limit(limit).toArray(),
  ]);
  const head = ledger[0]?.after ?? { available: 0, frozen: 0, pendingPayout: 0 };
  return {
    seller: {
      id: s._id, email: s.email, username: s.username ?? null, emailProven: !!s.emailVerifiedAt,
      payoutMethod: s.settings?.paymentMethod ?? null, createdAt: iso(s.createdAt), standing: standingOf(s.standing),
      contact: s.settings?.contactMethod && s.settings.contactValue ? { method: s.settings.contactMethod, value: s.settings.contactValue } : null,
    },
    standingHistory: (s.standing?.history ?? []).map((h) => ({ standing: h.standing, by: h.by, why: h.why, at: iso(h.at) })),
    balance: { available: head.available, frozen: head.frozen, pendingPayout: head.pendingPayout },
    ledger: ledger.map((e) => ({
      at: iso(e.at), kind: e.kind, delta: e.delta as Record<string, number>, ref: e.ref, opId: e.opId,
      ...(e.by ? { by: e.by } : {}), ...(e.reason ? { reason: e.reason } : {}),
    })),
    comfortRuns: runs.map((r) => ({
      id: r._id, state: r.state, status: r.status, subState: r.subState,
      waitingFor: COMFORT_TABLE.states[r.state as ComfortState]?.waitsFor ?? 'nobody',
      cents: r.creditedCents ?? r.estimatedIncomeCents, at: iso(r.createdAt),
      detail: `${r.platform} ${r.coinsTransferred}/${r.coinAmount} coins`,
    })),
    purchases: purchases.map((p) => ({
      id: p._id, state: p.state, status: p.phase, subState: purchaseSubState(p),
      waitingFor: PURCHASE_TABLE.states[p.state as PurchaseState]?.waitsFor ?? 'nobody',
      cents: p.incomeCents, at: iso(p.pickedAt), detail: `${p.card?.playerName ?? ''} ${p.coinsSpent} coins, ${p.attempts} checks`.trim(),
    })),
    withdrawals: withdrawals.map((w) => ({
      id: w._id, state: w.state, status: w.status, subState: subStateOf(w.state),
      waitingFor: WITHDRAWAL_TABLE.states[w.state]?.waitsFor ?? 'nobody',
      cents: w.fees.amountCents, at: iso(w.requestedAt),
      detail: `${w.method}${w.reason ? `, ${w.reason}` : ''}${w.reference ? `, ref ${w.reference}` : ''}${w.state === 'manual_payout' ? manualPayoutDetail(w) : ''}`,
    })),
  };
}

/** What support pays by hand for a manual payout: the total payout (fees taken), to whom, and by when. */
function manualPayoutDetail(w: WithdrawalDoc): string {
  const amount = w.quote ? `${(w.quote.payoutMinor / 100).toFixed(2)} ${w.quote.currency} (rate ${w.quote.rate})` : euros(w.fees.totalPayoutCents);
  return `; PAY BY HAND ${amount} to ${w.payeeId ? `Payoneer payee ${w.payeeId}` : w.address} (${w.trueName})${w.manualDueAt ? ` by ${iso(w.manualDueAt)}` : ''}`;
}

const euros = (c: number | null) => (c === null ? '' : `${(c / 100).toFixed(2)} EUR`);

/** The report as text a person reads in a terminal. */
export function formatReport(r: SellerReport): string {
  const out: string[] = [];
  const s = r.seller;
  out.push(`Seller ${s.id}  ${s.email}${s.username ? `  (${s.username})` : ''}`);
  out.push(`  email proven: ${s.emailProven ? 'yes' : 'no'}   payout method: ${s.payoutMethod ?? 'none'}   since ${s.createdAt}`);
  out.push(`  contact: ${s.contact ? `${s.contact.method} ${s.contact.value}` : `none chosen (mail ${s.email})`}`);
  out.push(`  standing: ${s.standing.toUpperCase()}${s.standing === 'active' ? '' : '  (no sign-in; money still payable: account pay-out)'}`);
  for (const h of r.standingHistory) out.push(`    ${h.at}  ${h.standing} by ${h.by}: ${h.why}`);
  out.push(`Balance  available ${euros(r.balance.available)}   frozen ${euros(r.balance.frozen)}   pending payout ${euros(r.balance.pendingPayout)}`);
  const runs = (title: string, lines: RunLine[]) => {
    out.push(`${title} (${lines.length})`);
    if (!lines.length) out.push('  none');
    for (const l of lines) {
      const waits = l.waitingFor === 'support' ? '  << WAITS FOR SUPPORT' : l.waitingFor === 'nobody' ? '' : `  waits for ${l.waitingFor}`;
      out.push(`  ${l.id}  ${l.state} (${l.status}${l.subState !== 'none' ? `, ${l.subState}` : ''})  ${euros(l.cents)}  ${l.detail}  ${l.at}${waits}`);
    }
  };
  runs('Comfort runs', r.comfortRuns);
  runs('Player purchases', r.purchases);
  runs('Withdrawals', r.withdrawals);
  out.push(`Ledger, newest first (${r.ledger.length})`);
  if (!r.ledger.length) out.push('  none');
  for (const e of r.ledger) {
    const delta = Object.entries(e.delta).map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${euros(v)}`).join(', ');
    out.push(`  ${e.at}  ${e.kind}  ${delta}  ${e.ref}${e.by ? `  by ${e.by}: ${e.reason ?? ''}` : ''}`);
  }
  return out.join('\n');
}
