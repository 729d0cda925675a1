/**
 * Comfort trade over HTTP: submit one account, upload a batch file (CSV/XLSX), download the
 * templates, the comfort sell record (list, one run, a run's events as CSV) and resubmit after a
 * login error. Login details go straight into the vault; answers and workflow inputs carry only
 * references. A refused submission stores nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import Papa from 'papaparse';
import { COMFORT_FILTERS, FILE_TYPE, validateBatch, type ComfortFilter, type ComfortStatus, type ComfortSubState, type RunEventView } from '../../domain/comfort-trade.js';
import { DomainError } from '../../domain/errors.js';
import { parsePage } from '../../domain/player-trade.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { csvTemplate, fileRefused, readBatchFile, XLSX_TYPE, xlsxTemplate } from '../comfort-trade/batch-file.js';
import type { ComfortTradeOptions } from '../../infra/comfort/trade-settings.js';
import { runNotFound, type ComfortService } from '../comfort-trade/service.js';
import type { ComfortRecord } from '../comfort-trade/record.js';

const NOT_FOUND = runNotFound;
/** The comfort trade slice: an encapsulated plugin (its batch-file body parsers stay in it) over the service and record app.ts built. */
export const comfortTradeRoutes: FastifyPluginAsync<{ service: ComfortService; record: ComfortRecord; options: ComfortTradeOptions }> = async (app, deps) => {
  const { service, record, options: o } = deps;
  const { runs } = service;
  const auth = { preHandler: requireSeller };

  // Batch files arrive as the raw body (text/csv or the XLSX type), at most 1 MB.
  for (const type of ['text/csv', XLSX_TYPE, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  }

  // Open to visitors: the public pages show these prices. `asOf` is when this answer read the table, the moment the prices are quoted for.
  app.get('/api/comfort-trade/config', async () => ({
    prices: o.prices, asOf: new Date().toISOString(), reviewMs: o.timings.reviewMs, sellerFixMs: o.timings.sellerFixMs,
  }));

  /** Sell now: one account. */
  app.post('/api/comfort-trade/runs', auth, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const r = await service.submitOne(sellerOf(req).id, body, body.requestId);
    return reply.code(r.created ? 201 : 200).send({ run: r.run });
  });

  /**
   * Batch upload: the whole file is checked first; nothing is submitted until it is clean. Then its
   * acceptance is one durable step (see ComfortService.submitBatch). The idempotency key is
   * `requestId`, else the file itself: a double click or retry answers the same batch (200).
   */
  app.post('/api/comfort-trade/batches', auth, async (req, reply) => {
    const seller = sellerOf(req);
    if (!Buffer.isBuffer(req.body)) throw fileRefused('file_type', FILE_TYPE);
    const rows = await readBatchFile(req.body, String(req.headers['content-type'] ?? ''));
    const checked = validateBatch(rows);
    if (!checked.ok && !checked.errors.length) throw fileRefused(checked.code, checked.message);
    if (!checked.ok) {
      // A bad cell is `rows.<line>.<column>`; its code and numbers (the line among them) travel with it.
      const fields = checked.errors.map(({ line, ...e }) => ({ ...e, field: `rows.${line}.${e.field}` }));
      throw new DomainError('invalid', checked.code, checked.message, { fields });
    }
    const q = req.query as Record<string, unknown>;
    const fileKey = `file:${createHash('sha256').update(req.body).digest('hex')}`;
    const r = await service.submitBatch(seller.id, checked.submissions, q.requestId, (i) => { const line = checked.lines[i]!; return { field: `rows.${line}.email`, line, codeField: (n) => `rows.${line}.code${n + 1}` }; }, fileKey);
    return reply.code(r.created ? 201 : 200).send({ batchId: r.batchId, runs: r.runs });
  });

  app.get('/api/comfort-trade/template.csv', async (_req, reply) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="comfort-trade-template.csv"').send(csvTemplate()));
  app.get('/api/comfort-trade/template.xlsx', async (_req, reply) =>
    reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="comfort-trade-template.xlsx"').send(await xlsxTemplate()));

  /** The comfort sell record: newest first, by status (or Settled), each run marked Settled or not. */
  app.get('/api/comfort-trade/runs', auth, async (req) => {
    const q = req.query as Record<string, unknown>;
    const status = (COMFORT_FILTERS.includes(q.status as ComfortFilter) ? q.status : 'all') as ComfortFilter;
    const { page, size } = parsePage(q, 10, 50);
    const sellerId = sellerOf(req).id;
    const r = await runs.list(sellerId, status, page, size, (await record.filter(sellerId, status)).settledIds);
    return { items: await record.rows(sellerId, r.items), total: r.total, page, size, status };
  });

  app.get<{ Params: { id: string } }>('/api/comfort-trade/runs/:id', auth, async (req) => {
    const sellerId = sellerOf(req).id;
    const doc = await runs.get(sellerId, req.params.id);
    if (!doc) throw NOT_FOUND();
    return { run: (await record.rows(sellerId, [doc]))[0] };
  });

  /** The run's changes for the record page's download, which the page writes in the seller's language and time zone. */
  app.get<{ Params: { id: string } }>('/api/comfort-trade/runs/:id/events', auth, async (req): Promise<{ events: RunEventView[] }> => {
    const doc = await runs.get(sellerOf(req).id, req.params.id);
    if (!doc) throw NOT_FOUND();
    const events = await runs.eventsOf(doc._id);
    return { events: events.map((e) => ({ at: e.at.getTime(), status: e.status as ComfortStatus, subState: e.subState as ComfortSubState, coinsTransferred: e.coinsTransferred, successCount: e.successCount, totalCount: e.totalCount })) };
  });

  /** The run's changes as machine-readable CSV (codes, UTC times, notes). */
  app.get<{ Params: { id: string } }>('/api/comfort-trade/runs/:id/record.csv', auth, async (req, reply) => {
    const doc = await runs.get(sellerOf(req).id, req.params.id);
    if (!doc) throw NOT_FOUND();
    const events = await runs.eventsOf(doc._id);
    const csv = Papa.unparse({
      fields: ['time', 'status', 'subState', 'coinsTransferred', 'success', 'total', 'note'],
      data: events.map((e) => [e.at.toISOString(), e.status, e.subState, e.coinsTransferred, e.successCount, e.totalCount, e.note]),
    });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="comfort-run-${doc._id}.csv"`).send(csv + '\r\n');
  });

  /** Try again: new login details after a login error; used backup codes are refused. */
  app.post<{ Params: { id: string } }>('/api/comfort-trade/runs/:id/resubmit', auth, async (req) =>
    ({ run: await service.resubmit(sellerOf(req).id, req.params.id, req.body) }));
};
