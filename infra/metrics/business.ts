/**
 * The figures an operator acts on, read from the records (the read models every workflow keeps) at
 * scrape time: what waits for support, what waits for a seller whose deadline is near, overdue
 * withdrawals, purchases waiting for verification, open payouts, and the outbox and webhook
 * backlogs. Every query reads at most CAP documents through an index and only the fields it counts;
 * the whole set is computed at most once per TTL however many scrapers ask.
 */
import type { Db, Document, Filter } from 'mongodb';
import { Gauge, type Registry } from 'prom-client';
import type { ProcessTable } from '../../domain/process.js';
import { PURCHASE_TABLE } from '../../domain/player-trade/table.js';
import { WITHDRAWAL_TABLE } from '../../domain/withdrawal/table.js';
import { COMFORT_TABLE } from '../../domain/comfort-trade/table.js';
import { DEFAULT_WITHDRAWAL_TIMINGS } from '../../domain/withdrawal/contract.js';
import { PURCHASES_COLLECTION } from '../player-trade/purchases.js';
import { WITHDRAWALS_COLLECTION } from '../withdrawals/records.js';
import { RUNS_COLLECTION } from '../comfort/runs.js';
import { OUTBOX_COLLECTION } from '../notifications/outbox.js';
import { PUSH_OUTBOX_COLLECTION } from '../web-push/outbox.js';
import { DELIVERIES_COLLECTION } from '../webhooks/deliveries.js';
import { lastBackupAt } from '../backup/backup-log.js';
import type { Logger } from '../logger.js';
import { PREFIX, cachedFor } from './registry.js';

/** Counts stop here: past it the operator already knows, and a scrape never reads a whole collection. */
export const CAP = 10_000;
export const BUSINESS_TTL_MS = 5_000;
/** A seller's deadline closer than this counts as near. */
export const NEAR_DEADLINE_MS = 5 * 60_000;

export interface BusinessOptions { ttlMs?: number; nearDeadlineMs?: number; overdueMs?: number }

type Row = { labels: Record<string, string>; value: number };
interface Snapshot {
  waitingSupport: Row[]; waitingSupportOldest: Row[]; sellerNearDeadline: Row[];
  withdrawalsOverdue: number; awaitingVerification: number; awaitingVerificationOldest: number;
  payoutsOpen: Row[]; backlog: Row[]; backlogOldest: Row[]; lastBackup: number;
}

const statesWaitingFor = <S extends string, E extends string>(t: ProcessTable<S, E>, who: string): S[] =>
  (Object.keys(t.states) as S[]).filter((s) => t.states[s].waitsFor === who);
const openStates = <S extends string, E extends string>(t: ProcessTable<S, E>): S[] =>
  (Object.keys(t.states) as S[]).filter((s) => t.states[s].waitsFor !== null);

const ageSeconds = (now: number, at: Date | number | undefined | null) =>
  at == null ? 0 : Math.max(0, (now - (at instanceof Date ? at.getTime() : at)) / 1000);

/** Rows grouped by the labels `key` gives each document, counted. */
function countBy<D>(docs: D[], key: (d: D) => Record<string, string>): Row[] {
  const rows = new Map<string, Row>();
  for (const d of docs) {
    const labels = key(d);
    const id = JSON.stringify(labels);
    const row = rows.get(id) ?? { labels, value: 0 };
    row.value++;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Registers the business and backlog gauges on `registry`; they query `db` when scraped. */
export function registerBusinessGauges(registry: Registry, db: Db, logger: Pick<Logger, 'warn'>, options: BusinessOptions = {}): void {
  const nearMs = options.nearDeadlineMs ?? NEAR_DEADLINE_MS;
  const overdueMs = options.overdueMs ?? DEFAULT_WITHDRAWAL_TIMINGS.overdueMs;
  const read = <D extends Document>(coll: string, filter: Filter<D>, fields: string[]) =>
    db.collection<D>(coll).find(filter, { projection: Object.fromEntries(fields.map((f) => [f, 1])), limit: CAP }).toArray() as Promise<D[]>;

  const snapshot = cachedFor(options.ttlMs ?? BUSINESS_TTL_MS, async (): Promise<Snapshot> => {
    const now = Date.now();
    const withdrawalOpen = openStates(WITHDRAWAL_TABLE);
    type Doc = Document & { state: string; subState?: string; reason?: string | null; method?: string; updatedAt?: Date; createdAt?: Date | number; requestedAt?: number };
    const [runsSupport, purchasesSupport, withdrawals, purchasesNear, runsNear, checking, mail, push, hooks, lastBackup] = await Promise.all([
      read<Doc>(RUNS_COLLECTION, { waitingFor: 'support' }, ['state', 'subState']),
      read<Doc>(PURCHASES_COLLECTION, { state: { $in: statesWaitingFor(PURCHASE_TABLE, 'support') } }, ['state', 'reason', 'updatedAt']),
      read<Doc>(WITHDRAWALS_COLLECTION, { state: { $in: withdrawalOpen } }, ['state', 'method', 'requestedAt', 'updatedAt']),
      read<Doc>(PURCHASES_COLLECTION, { state: { $in: statesWaitingFor(PURCHASE_TABLE, 'seller') }, deadline: { $lte: now + nearMs } }, ['state']),
      read<Doc>(RUNS_COLLECTION, { waitingFor: 'seller', fixBy: { $ne: null, $lte: now + nearMs } }, ['state']),
      read<Doc>(PURCHASES_COLLECTION, { state: 'checking' }, ['updatedAt']),
      read<Doc>(OUTBOX_COLLECTION, { state: 'pending' }, ['createdAt']),
      read<Doc>(PUSH_OUTBOX_COLLECTION, { state: 'pending' }, ['createdAt']),
      read<Doc>(DELIVERIES_COLLECTION, { state: 'pending' }, ['createdAt']),
      lastBackupAt(db),
    ]);
    const withdrawalsSupport = withdrawals.filter((w) => WITHDRAWAL_TABLE.states[w.state as keyof typeof WITHDRAWAL_TABLE.states]?.waitsFor === 'support');
    const oldest = (docs: Doc[], field: 'updatedAt' | 'createdAt') => docs.reduce((m, d) => Math.max(m, ageSeconds(now, d[field])), 0);
    const backlogs = { mail, push, webhook: hooks };
    return {
      waitingSupport: [
        ...countBy(runsSupport, (d) => ({ kind: COMFORT_TABLE.kind, state: d.state, sub_state: d.subState ?? 'none' })),
        ...countBy(purchasesSupport, (d) => ({ kind: PURCHASE_TABLE.kind, state: d.state, sub_state: d.reason ?? 'none' })),
        ...countBy(withdrawalsSupport, (d) => ({ kind: WITHDRAWAL_TABLE.kind, state: d.state, sub_state: 'none' })),
      ],
      // Comfort runs keep no time of their last change in the record: their age is Temporal's (the Temporal UI).
      waitingSupportOldest: [
        { labels: { kind: PURCHASE_TABLE.kind }, value: oldest(purchasesSupport, 'updatedAt') },
        { labels: { kind: WITHDRAWAL_TABLE.kind }, value: oldest(withdrawalsSupport, 'updatedAt') },
      ],
      sellerNearDeadline: [
        { labels: { kind: PURCHASE_TABLE.kind }, value: purchasesNear.length },
        { labels: { kind: COMFORT_TABLE.kind }, value: runsNear.length },
      ],
      withdrawalsOverdue: withdrawals.filter((w) => (w.requestedAt ?? now) <= now - overdueMs).length,
      awaitingVerification: checking.length,
      awaitingVerificationOldest: oldest(checking, 'updatedAt'),
      payoutsOpen: countBy(withdrawals, (d) => ({ method: d.method ?? 'unknown', state: d.state })),
      backlog: Object.entries(backlogs).map(([queue, docs]) => ({ labels: { queue }, value: docs.length })),
      backlogOldest: Object.entries(backlogs).map(([queue, docs]) => ({ labels: { queue }, value: oldest(docs, 'createdAt') })),
      lastBackup: lastBackup ? lastBackup.getTime() / 1000 : 0,
    };
  });

  const ok = new Gauge({ name: `${PREFIX}business_gauges_ok`, help: '1 when the last scrape read the records; 0 when the database did not answer (the other business gauges then keep their previous values)', registers: [registry] });
  /** Reads the snapshot for a gauge's collect; a failed read leaves the gauge as it was and says so in business_gauges_ok. */
  const withSnapshot = (apply: (s: Snapshot) => void) => async () => {
    try {
      apply(await snapshot());
      ok.set(1);
    } catch (err) {
      ok.set(0);
      logger.warn({ err }, 'business gauges not read');
    }
  };
  const labelled = (name: string, help: string, labelNames: string[], rows: (s: Snapshot) => Row[]) => {
    const g: Gauge = new Gauge({
      name: `${PREFIX}${name}`, help, labelNames, registers: [registry],
      collect: withSnapshot((s) => { g.reset(); for (const r of rows(s)) g.set(r.labels, r.value); }),
    });
  };
  const single = (name: string, help: string, value: (s: Snapshot) => number) => {
    const g: Gauge = new Gauge({ name: `${PREFIX}${name}`, help, registers: [registry], collect: withSnapshot((s) => g.set(value(s))) });
  };
  labelled('waiting_support', 'Runs waiting for support now, by process kind, state and sub-state (at most 10000 each)', ['kind', 'state', 'sub_state'], (s) => s.waitingSupport);
  labelled('waiting_support_oldest_seconds', 'How long the oldest run waiting for support has waited since its last change (player trade, withdrawals)', ['kind'], (s) => s.waitingSupportOldest);
  labelled('waiting_seller_near_deadline', 'Runs waiting for the seller whose deadline is within 5 minutes or passed (a reserved purchase, a comfort run waiting for new login details)', ['kind'], (s) => s.sellerNearDeadline);
  single('withdrawals_overdue', 'Withdrawals not paid nor failed 72 hours (the payout promise) after the request', (s) => s.withdrawalsOverdue);
  single('purchases_awaiting_verification', 'Player purchases the seller marked bought that wait for the market to confirm', (s) => s.awaitingVerification);
  single('purchases_awaiting_verification_oldest_seconds', 'Age of the oldest purchase waiting for verification', (s) => s.awaitingVerificationOldest);
  labelled('payouts_open', 'Withdrawals not yet paid, failed or refused, by payout method and state', ['method', 'state'], (s) => s.payoutsOpen);
  labelled('backlog', 'Items waiting to be sent: notification mails (mail), Web Push messages (push), webhook deliveries (webhook)', ['queue'], (s) => s.backlog);
  single('backup_last_success_timestamp_seconds', 'When the last backup of this database (npm run backup) finished, Unix seconds; 0 when none ever did', (s) => s.lastBackup);
  labelled('backlog_oldest_seconds', 'Age of the oldest item waiting in each backlog', ['queue'], (s) => s.backlogOldest);
}
