/**
 * The invariants `npm run chaos` checks at the end, from the outside: the sellers' API (ledger,
 * balance, records), the provider simulator's own payout records, the status sockets' feed, what the
 * webhook receiver was sent, and (sealed credentials only) the vault collection beside the runs.
 */
import type { Db } from 'mongodb';
import { io } from 'socket.io-client';
import { WITHDRAWAL_TABLE, type WithdrawalState } from '../../domain/withdrawal.js';
import { PURCHASE_TABLE, type PurchaseState } from '../../domain/player-trade.js';
import { SECRETS_COLLECTION } from '../../infra/secrets/vault.js';
import { RUNS_COLLECTION } from '../../infra/comfort/runs.js';
import { FEED_COLLECTION } from '../../infra/seller-feed/feed.js';
import { CREDENTIALS_PURPOSE } from '../../infra/comfort/vault-subjects.js';
import { SEED_CENTS, type TrafficSeller, type WebhookHit } from './_traffic.js';

export interface Verdict { name: string; ok: boolean; detail: string }
export interface SimPayout { key: string; state: string; amountCents: number }
type Balances = { available: number; frozen: number; pendingPayout: number };
interface Ledger { seq: number; kind: string; ref: string; delta: Partial<Balances>; after: Balances }

const BUCKETS = ['available', 'frozen', 'pendingPayout'] as const;

/** Every item of a cursor-paged v1 list. */
async function all<T>(s: TrafficSeller, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const r = await s.settled('final read', () => s.call(`${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`), 20);
    if (r?.status !== 200) throw new Error(`${path}: ${JSON.stringify(r)}`);
    items.push(...(r.body.items as T[]));
    cursor = r.body.nextCursor;
  }
  return items;
}

/** What one seller's records say, read through the API. */
export async function readSeller(s: TrafficSeller) {
  const [ledger, runs, withdrawals, purchases, balance] = await Promise.all([
    all<Ledger>(s, '/ledger'), all<any>(s, '/comfort-runs'), all<any>(s, '/withdrawals'), all<any>(s, '/player-purchases'),
    s.settled('final read', () => s.call('/balance'), 20),
  ]);
  return { ledger: ledger.sort((a, b) => a.seq - b.seq), runs, withdrawals, purchases, wallet: balance!.body.wallet as Balances };
}
export type SellerRecords = Awaited<ReturnType<typeof readSeller>>;

/**
 * A seller's records as two reads in a row agree on them. The ledger moves before a run's record
 * says it was credited (the credit, then the record): one read in between saw 125 cents the records
 * did not explain yet. Gives up after `tries`, saying so in `settled`.
 */
export async function readSellerSettled(s: TrafficSeller, tries = 10): Promise<SellerRecords & { settled: boolean }> {
  let before = await readSeller(s);
  for (let n = 1; n < tries; n++) {
    const after = await readSeller(s);
    if (JSON.stringify(after) === JSON.stringify(before)) return { ...after, settled: true };
    before = after;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return { ...before, settled: false };
}

/** Who a record waits for: null when final; 'system' means nobody named (a violation at the end). */
export function waitingOf(kind: 'run' | 'withdrawal' | 'purchase', r: any): string | null {
  if (kind === 'run') return r.waitingFor === 'nobody' ? null : r.waitingFor;
  if (kind === 'withdrawal') return WITHDRAWAL_TABLE.states[r.state as WithdrawalState]?.waitsFor ?? null;
  return PURCHASE_TABLE.states[r.state as PurchaseState]?.waitsFor ?? null;
}

export function moneyVerdicts(records: Map<TrafficSeller, SellerRecords>): Verdict[] {
  const chain: string[] = [];
  const twice: string[] = [];
  const sums: string[] = [];
  for (const [s, r] of records) {
    let prev: Balances = { available: 0, frozen: 0, pendingPayout: 0 };
    r.ledger.forEach((e, n) => {
      if (e.seq !== n + 1) chain.push(`seller ${s.i}: entry ${n + 1} has seq ${e.seq}`);
      for (const b of BUCKETS) if (prev[b] + (e.delta[b] ?? 0) !== e.after[b]) chain.push(`seller ${s.i} seq ${e.seq}: ${b} ${prev[b]} + ${e.delta[b] ?? 0} != ${e.after[b]}`);
      prev = e.after;
    });
    for (const b of BUCKETS) if (prev[b] !== r.wallet[b]) chain.push(`seller ${s.i}: balance ${b} ${r.wallet[b]} but ledger ends at ${prev[b]}`);
    const seen = new Map<string, number>();
    for (const e of r.ledger) seen.set(`${e.kind} ${e.ref}`, (seen.get(`${e.kind} ${e.ref}`) ?? 0) + 1);
    for (const [k, n] of seen) if (n > 1) twice.push(`seller ${s.i}: ${k} x${n}`);
    // Credits from the records (seed, credited runs, credited purchases) minus paid withdrawals.
    const credits = SEED_CENTS
      + r.runs.reduce((t: number, x: any) => t + (x.creditedAt ? x.creditedCents : 0), 0)
      + r.purchases.reduce((t: number, x: any) => t + (['frozen', 'available'].includes(x.state) ? x.incomeCents : 0), 0);
    const out = r.withdrawals.reduce((t: number, w: any) => t + (w.state === 'paid' ? w.fees.amountCents : 0), 0);
    const pending = r.withdrawals.reduce((t: number, w: any) => t + (['sent', 'in_progress', 'delayed', 'needs_support'].includes(w.state) ? w.fees.amountCents : 0), 0);
    const total = r.wallet.available + r.wallet.frozen + r.wallet.pendingPayout;
    const moving = 'settled' in r && r.settled === false ? ' (records still changing)' : '';
    if (total !== credits - out) sums.push(`seller ${s.i}: balance ${total} != credits ${credits} - paid withdrawals ${out}${moving}`);
    if (r.wallet.pendingPayout !== pending) sums.push(`seller ${s.i}: pending payout ${r.wallet.pendingPayout} != withdrawals in flight ${pending}`);
  }
  const entries = [...records.values()].reduce((t, r) => t + r.ledger.length, 0);
  return [
    { name: 'balance = credits - withdrawals, to the cent', ok: sums.length === 0, detail: sums.slice(0, 10).join('; ') || `${records.size} sellers` },
    { name: 'ledger chain consistent and equal to the balance', ok: chain.length === 0, detail: chain.slice(0, 10).join('; ') || `${entries} entries` },
    { name: 'no ledger entry twice', ok: twice.length === 0, detail: twice.slice(0, 10).join('; ') || `${entries} entries, each (kind, ref) once` },
  ];
}

export function payoutVerdict(records: Map<TrafficSeller, SellerRecords>, payouts: Map<string, SimPayout>): Verdict {
  const problems: string[] = [];
  const withdrawals = [...records.values()].flatMap((r) => r.withdrawals);
  const paidAt = [...payouts.values()].filter((p) => p.state === 'paid');
  for (const p of paidAt) {
    const ws = withdrawals.filter((w) => p.key.includes(w.withdrawalId));
    if (ws.length !== 1) problems.push(`payout ${p.key} matches ${ws.length} withdrawals`);
    else if (ws[0].state !== 'paid') problems.push(`payout ${p.key} paid, withdrawal ${ws[0].state}`);
    else if (ws[0].fees.totalPayoutCents !== p.amountCents) problems.push(`payout ${p.key} ${p.amountCents} != withdrawal ${ws[0].fees.totalPayoutCents}`);
  }
  for (const w of withdrawals.filter((x) => x.state === 'paid')) {
    const n = paidAt.filter((p) => p.key.includes(w.withdrawalId)).length;
    if (n !== 1) problems.push(`withdrawal ${w.withdrawalId} paid, ${n} paid payouts at the provider`);
  }
  return { name: 'every provider payout = exactly one paid withdrawal, none missing', ok: problems.length === 0, detail: problems.slice(0, 10).join('; ') || `${paidAt.length} paid payouts, ${payouts.size} payouts in all` };
}

export function finalVerdict(records: Map<TrafficSeller, SellerRecords>): Verdict {
  const open: string[] = [];
  const counts: Record<string, number> = {};
  for (const r of records.values()) {
    for (const [kind, list] of [['run', r.runs], ['withdrawal', r.withdrawals], ['purchase', r.purchases]] as const) {
      for (const x of list) {
        const w = waitingOf(kind, x);
        const label = `${kind} ${x.state}${w ? ` (waits for ${w})` : ''}`;
        counts[label] = (counts[label] ?? 0) + 1;
        if (w === 'system') open.push(`${kind} ${x.runId ?? x.withdrawalId ?? x.purchaseId} ${x.state}`);
      }
    }
  }
  return { name: 'every run, purchase, withdrawal final or waiting for a named party', ok: open.length === 0, detail: `${open.slice(0, 10).join('; ')}${open.length ? ' | ' : ''}${Object.entries(counts).map(([k, n]) => `${k}: ${n}`).join(', ')}` };
}

/**
 * `sweep` is the vault sweep as it will run an hour after the traffic (api/comfort-trade/
 * secret-sweeper.ts): login details a dying request left behind are destroyed then, not at once.
 */
export async function vaultVerdict(db: Db, sellerIds: string[], sweep: () => Promise<{ destroyed: number }>): Promise<Verdict> {
  let swept = 0;
  for (let r = await sweep(); r.destroyed > 0; r = await sweep()) swept += r.destroyed;
  const runs = JSON.stringify(await db.collection(RUNS_COLLECTION).find({ sellerId: { $in: sellerIds } }).toArray());
  // Login details of comfort runs (webhook signing secrets live in the vault too, owned by their endpoint).
  const secrets = (await db.collection(SECRETS_COLLECTION).find({ sellerId: { $in: sellerIds } }, { projection: { _id: 1, purpose: 1 } }).toArray())
    .filter((d) => String(d.purpose).startsWith(CREDENTIALS_PURPOSE));
  const orphans = secrets.filter((d) => !runs.includes(`secret:${d._id}`));
  return { name: 'no sealed credential without a run', ok: orphans.length === 0, detail: `${swept} sealed secrets no run owns destroyed by the sweep an hour on; then ${secrets.length} sealed, ${orphans.length} without a run${orphans.length ? ` (${orphans.slice(0, 5).map((o) => o.purpose).join(', ')})` : ''}` };
}

/** Replays a seller's whole feed on a fresh socket (after 0); reconnects when the server closes it, up to `ms`. */
async function replay(s: TrafficSeller, url: string, ms = 60_000): Promise<{ positions: number[]; head: number | null; closes: string[] }> {
  const closes: string[] = [];
  return new Promise((resolve) => {
    let positions: number[] = [];
    const sock = io(`${url}/v1`, { transports: ['websocket'], auth: { key: s.key, after: 0 }, extraHeaders: { 'x-forwarded-for': `10.250.${s.i & 255}.1` } });
    let finished = false;
    const done = (head: number | null) => { finished = true; clearTimeout(timer); sock.close(); resolve({ positions, head, closes }); };
    const timer = setTimeout(() => done(null), ms);
    sock.on('connect', () => { positions = []; });
    sock.on('event', (e: { position: number }) => positions.push(e.position));
    sock.on('ready', (r: { head: number }) => done(r.head));
    sock.on('connect_error', (err: Error & { data?: { retryAfterMs?: number } }) => {
      closes.push(`connect_error ${err.message}`);
      // Not a refusal of the key: the server asks to try again after a pause (socket.io does not by itself).
      if (err.message === 'unavailable') setTimeout(() => { if (!finished) sock.connect(); }, err.data?.retryAfterMs ?? 1_000);
    });
    sock.on('disconnect', (reason) => { closes.push(reason); if (reason === 'io server disconnect') setTimeout(() => sock.connect(), 500); });
  });
}

/** The whole feed read again from position 0 on a fresh socket and straight from the database, against what the live socket saw. */
export async function feedVerdict(sellers: TrafficSeller[], url: string, db: Db): Promise<Verdict> {
  const problems: string[] = [];
  let events = 0;
  for (const s of sellers) {
    // The live socket's position is taken before the feed is read: a change appended meanwhile (a
    // seller's fix deadline passing after the drain) must not look like a socket ahead of the feed.
    const liveBefore = s.socketLog.last;
    const stored = (await db.collection(FEED_COLLECTION).find({ sellerId: s.sellerId }, { projection: { position: 1 } }).toArray()).map((d) => d.position as number).sort((a, b) => a - b);
    const whole = stored.every((p, k) => p === k + 1);
    if (!whole) problems.push(`seller ${s.i}: stored feed positions not 1..${stored.length}: ${stored.filter((p, k) => p !== k + 1).slice(0, 5).join(',')}…`);
    const { positions, head, closes } = await replay(s, url);
    events += positions.length;
    if (head === null) problems.push(`seller ${s.i}: replay never ready (server closed it: ${[...new Set(closes)].join(', ')}); ${positions.length} positions read, ${stored.length} stored`);
    else if (positions.join() !== Array.from({ length: head }, (_, k) => k + 1).join()) problems.push(`seller ${s.i}: replay ${positions.length} positions, head ${head}`);
    if (s.socketLog.gaps || s.socketLog.repeats) problems.push(`seller ${s.i}: live socket ${s.socketLog.gaps} gaps, ${s.socketLog.repeats} repeats over ${s.socketLog.connects} connections`);
    // Never ahead of the feed (an entry is written before it is published), and caught up with it.
    if (liveBefore > stored.length) problems.push(`seller ${s.i}: live socket at ${liveBefore} before the feed was read, feed has ${stored.length}`);
    for (const until = Date.now() + 10_000; s.socketLog.last < stored.length && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    if (s.socketLog.last < stored.length) problems.push(`seller ${s.i}: live socket at ${s.socketLog.last}, feed has ${stored.length}`);
  }
  const reconnects = sellers.reduce((t, s) => t + s.socketLog.connects - 1, 0);
  const closed = sellers.reduce((t, s) => t + s.socketLog.serverCloses, 0);
  return { name: 'feed positions without gap or repeat (stored, replayed, live)', ok: problems.length === 0, detail: `${problems.slice(0, 10).join('; ')}${problems.length ? ' | ' : ''}${events} events replayed, ${reconnects} live socket reconnects (${closed} closed by the server)` };
}

/** A delivery id answered 2xx must not come again under another id for the same event (position). */
export function webhookVerdict(hits: WebhookHit[]): Verdict {
  const byEvent = new Map<string, WebhookHit[]>();
  for (const h of hits) byEvent.set(`${h.seller}:${h.position}`, [...(byEvent.get(`${h.seller}:${h.position}`) ?? []), h]);
  const again: string[] = [];
  let sameIdAfter2xx = 0;
  for (const [k, hs] of byEvent) {
    const firstOk = hs.find((h) => h.answered < 300);
    if (!firstOk) continue;
    const later = hs.filter((h) => h.at > firstOk.at);
    if (later.some((h) => h.deliveryId !== firstOk.deliveryId)) again.push(`${k}: ${new Set(hs.map((h) => h.deliveryId)).size} delivery ids`);
    sameIdAfter2xx += later.filter((h) => h.deliveryId === firstOk.deliveryId).length;
  }
  const delivered = [...byEvent.values()].filter((hs) => hs.some((h) => h.answered < 300)).length;
  return {
    name: 'a webhook delivery answered 2xx never comes again as a new event', ok: again.length === 0,
    detail: `${again.slice(0, 10).join('; ')}${again.length ? ' | ' : ''}${hits.length} attempts, ${delivered}/${byEvent.size} events answered 2xx; same id again after a 2xx: ${sameIdAfter2xx}`,
  };
}
