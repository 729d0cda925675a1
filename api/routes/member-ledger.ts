/**
 * The seller's ledger (`GET /api/member/ledger`, `/api/member/ledger.csv`, `/api/member/ledger.xlsx`;
 * docs/api.md): every credit, release, withdrawal and return, newest first, with the change per bucket,
 * a withdrawal request's fees (from its record) and the available balance right after it (the entry's
 * own `after`, so the running balance is the wallet's, never re-added here). A page reads at most LEDGER_PAGE_MAX entries by the (sellerId, seq)
 * index with a `before` cursor; an export at most LEDGER_EXPORT_MAX rows. Reads only; bad filters get 400.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Collection, Db, Filter } from 'mongodb';
import { DomainError } from '../../domain/errors.js';
import { LEDGER_EXPORT_MAX, euros, ledgerExportHeader, ledgerFilter, ledgerPage, ledgerRef, zonedTime, type LedgerFilter, type LedgerRow } from '../../domain/member-ledger.js';
import { csvCell, formulaSafe } from '../../domain/plain-text.js';
import { LEDGER_KINDS } from '../../infra/wallet/ledger-kinds.js';
import type { LedgerEntry } from '../../infra/wallet/wallet.js';
import { WITHDRAWALS_COLLECTION, type WithdrawalDoc } from '../../infra/withdrawals/records.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { XLSX_TYPE } from '../comfort-trade/batch-file.js';

// exceljs takes about 0.6 s of CPU to load (api/comfort-trade/batch-file.ts): only on the first XLSX export.
const loadExcel = async () => (await import('exceljs')).default;
const KINDS: readonly string[] = Object.values(LEDGER_KINDS);
const PROJECTION = { seq: 1, kind: 1, ref: 1, delta: 1, after: 1, at: 1 } as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const obj = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });

/** The answer's schema: fastify serializes exactly these fields (no op ids, no support staff names). */
export const LEDGER_SCHEMA = obj({
  entries: { type: 'array', items: obj({ seq: int, at: int, kind: str, ref: str, available: int, frozen: int, pendingPayout: int, balance: int, fee: { type: ['integer', 'null'] } }) },
  /** The cursor of the next (older) page, or null at the end. */
  next: { type: ['integer', 'null'] },
  kinds: { type: 'array', items: str },
  zone: str,
});

export interface LedgerDeps { ledger: Collection<LedgerEntry>; db: Db }

const rowOf = (e: Pick<LedgerEntry, 'seq' | 'kind' | 'ref' | 'delta' | 'after' | 'at'>): LedgerRow => ({
  seq: e.seq, at: e.at.getTime(), kind: e.kind, ref: ledgerRef(e.ref),
  available: e.delta.available ?? 0, frozen: e.delta.frozen ?? 0, pendingPayout: e.delta.pendingPayout ?? 0, balance: e.after.available, fee: null,
});

export const memberLedgerRoutes: FastifyPluginAsync<LedgerDeps> = async (app, deps) => {
  const sellers = deps.db.collection<{ _id: string; timeZone?: string | null }>('sellers');
  const withdrawals = deps.db.collection<Pick<WithdrawalDoc, '_id' | 'sellerId' | 'fees'>>(WITHDRAWALS_COLLECTION);

  /** Each withdrawal request's fees, from its record (one read for the rows' requests, keyed by the seller too). */
  const withFees = async (sellerId: string, rows: LedgerRow[]): Promise<LedgerRow[]> => {
    const ids = [...new Set(rows.filter((r) => r.kind === LEDGER_KINDS.withdrawalRequested).map((r) => r.ref))];
    if (ids.length === 0) return rows;
    const docs = await withdrawals.find({ _id: { $in: ids }, sellerId }, { projection: { fees: 1 } }).toArray();
    const fees = new Map(docs.map((d) => [d._id, d.fees.feeCents + d.fees.handlingFeeCents]));
    return rows.map((r) => (r.kind === LEDGER_KINDS.withdrawalRequested ? { ...r, fee: fees.get(r.ref) ?? null } : r));
  };

  /** The seller's filter; the zone is the one asked for (the page's), else the saved one, else UTC. */
  const filterOf = async (req: FastifyRequest): Promise<{ sellerId: string; filter: LedgerFilter; query: Filter<LedgerEntry> }> => {
    const sellerId = sellerOf(req).id;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const saved = q.zone ? null : ((await sellers.findOne({ _id: sellerId }, { projection: { timeZone: 1 } }))?.timeZone ?? null);
    const filter = ledgerFilter(q, saved, KINDS);
    const at = { ...(filter.from !== null ? { $gte: new Date(filter.from) } : {}), ...(filter.to !== null ? { $lt: new Date(filter.to) } : {}) };
    const query: Filter<LedgerEntry> = { sellerId, ...(filter.kind ? { kind: filter.kind } : {}), ...(Object.keys(at).length ? { at } : {}) };
    return { sellerId, filter, query };
  };

  app.get('/api/member/ledger', { preHandler: requireSeller, schema: { response: { 200: LEDGER_SCHEMA } } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { sellerId, filter, query } = await filterOf(req);
    const { limit, before } = ledgerPage((req.query ?? {}) as Record<string, unknown>);
    const page = await deps.ledger.find(before === null ? query : { ...query, seq: { $lt: before } }, { projection: PROJECTION })
      .sort({ seq: -1 }).limit(limit + 1).toArray();
    const entries = await withFees(sellerId, page.slice(0, limit).map(rowOf));
    return { entries, next: page.length > limit ? entries[entries.length - 1]!.seq : null, kinds: [...KINDS], zone: filter.zone };
  });

  /** The filtered ledger for a file, newest first; more than LEDGER_EXPORT_MAX rows is refused (narrow the dates). */
  const exportRows = async (req: FastifyRequest) => {
    const { sellerId, filter, query } = await filterOf(req);
    const rows = await deps.ledger.find(query, { projection: PROJECTION }).sort({ seq: -1 }).limit(LEDGER_EXPORT_MAX + 1).toArray();
    if (rows.length > LEDGER_EXPORT_MAX) {
      throw new DomainError('invalid', 'export_too_large', `An export holds at most ${LEDGER_EXPORT_MAX} entries: choose a shorter date range`, { data: { max: LEDGER_EXPORT_MAX } });
    }
    const cells = (await withFees(sellerId, rows.map(rowOf))).map((r) => ({ time: zonedTime(r.at, filter.zone), text: [r.kind, r.ref], cents: [r.available, r.frozen, r.pendingPayout, r.balance], fee: r.fee }));
    return { zone: filter.zone, cells };
  };
  const attachment = (reply: FastifyReply, type: string, ext: string) =>
    reply.header('Cache-Control', 'no-store').type(type).header('content-disposition', `attachment; filename="ledger.${ext}"`);

  app.get('/api/member/ledger.csv', { preHandler: requireSeller }, async (req, reply) => {
    const { zone, cells } = await exportRows(req);
    const lines = [ledgerExportHeader(zone).map(csvCell).join(','), ...cells.map((c) => [csvCell(c.time), ...c.text.map(csvCell), ...c.cents.map(euros), c.fee === null ? '' : euros(c.fee)].join(','))];
    // A byte-order mark: spreadsheet programs then read the file as UTF-8.
    return attachment(reply, 'text/csv; charset=utf-8', 'csv').send('\uFEFF' + lines.join('\r\n') + '\r\n');
  });

  app.get('/api/member/ledger.xlsx', { preHandler: requireSeller }, async (req, reply) => {
    const { zone, cells } = await exportRows(req);
    const ExcelJS = await loadExcel();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('ledger');
    const header = ledgerExportHeader(zone);
    ws.columns = header.map((h, i) => ({ header: h, width: i < 3 ? 24 : 16, style: i < 3 ? { numFmt: '@' } : { numFmt: '0.00' } }));
    for (const c of cells) ws.addRow([formulaSafe(c.time), ...c.text.map(formulaSafe), ...c.cents.map((n) => n / 100), c.fee === null ? null : c.fee / 100]);
    return attachment(reply, XLSX_TYPE, 'xlsx').send(Buffer.from(await wb.xlsx.writeBuffer()));
  });
};
