/**
 * Comfort trade over HTTP: submit one account, upload a batch file (CSV/XLSX), download the
 * templates, the comfort sell record (list, one run, a run's events as CSV) and resubmit after a
 * login error. Login details go straight into the vault; answers and workflow inputs carry only
 * references. A refused submission stores nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import Papa from 'papaparse';
import {
  COMFORT_FILTERS, COMFORT_TABLE, COMFORT_UNAVAILABLE, FILE_TYPE, RUN_NOT_FOUND, DUPLICATE_ACCOUNT, comfortQuote, validateBatch, validateResubmit, validateSubmission,
  viewStatus, type ComfortCredentials, type ComfortFilter, type ComfortRunInput, type ComfortRunView, type ComfortSubmission,
} from '../../domain/comfort-trade.js';
import { DomainError, type FieldError } from '../../domain/errors.js';
import { CODES_REUSED } from '../../domain/messages.js';
import { parsePage } from '../../domain/player-trade.js';
import { SA } from '../../domain/search-attributes.js';
import { accountKey, ComfortRuns, toRunView } from '../../infra/comfort/runs.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import type { Db } from 'mongodb';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import { csvTemplate, readBatchFile, XLSX_TYPE, xlsxTemplate } from '../comfort-trade/batch-file.js';
import type { ComfortTradeOptions } from '../comfort-trade/settings.js';

export const COMFORT_WORKFLOW = 'comfortRunWorkflow';
export const comfortRunWorkflowId = (runId: string) => `${COMFORT_TABLE.kind}:${runId}`;
export const CREDENTIALS_PURPOSE = 'comfort-credentials';
export { CODES_REUSED };
const NOT_FOUND = () => new DomainError('not_found', 'run_not_found', RUN_NOT_FOUND);

const runIdFor = (sellerId: string, requestId: unknown, salt = '') =>
  typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 80
    ? createHash('sha256').update(`${sellerId}:${requestId}:${salt}`).digest('hex').slice(0, 24)
    : randomBytes(12).toString('hex');

const credentialsOf = (s: ComfortSubmission): ComfortCredentials =>
  ({ email: s.email, password: s.password, backupCodes: s.backupCodes, authSecret: s.authSecret });

export async function registerComfortTradeRoutes(app: FastifyInstance, deps: { db: Db; temporal: Client; options: ComfortTradeOptions }) {
  const o = deps.options;
  const runs = await ComfortRuns.open(deps.db);
  const vault = o.secrets ? await SecretVault.open(deps.db, o.secrets) : null;
  const auth = { preHandler: requireSeller };
  const openVault = () => {
    if (!vault) throw new DomainError('unavailable', 'comfort_unavailable', COMFORT_UNAVAILABLE);
    return vault;
  };

  // Batch files arrive as the raw body (text/csv or the XLSX type), at most 1 MB.
  for (const type of ['text/csv', XLSX_TYPE, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  }

  /** Takes every account's lock, or none: a refusal answers each taken account by its field. */
  async function lockAll(sellerId: string, items: { runId: string; sub: ComfortSubmission; field: string; line?: number }[]): Promise<void> {
    const taken: { key: string; runId: string }[] = [];
    const refused: FieldError[] = [];
    await Promise.all(items.map(async (it) => {
      const key = accountKey(it.sub.platform, it.sub.email);
      if (await runs.lockAccount(key, it.runId, sellerId)) taken.push({ key, runId: it.runId });
      else refused.push({ field: it.field, message: DUPLICATE_ACCOUNT, ...(it.line ? { data: { line: it.line } } : {}) });
    }));
    refused.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
    if (refused.length) {
      await Promise.all(taken.map((t) => runs.unlockAccount(t.key, t.runId)));
      throw DomainError.invalidFields(refused, 'account_busy');
    }
  }

  /** Seals the login details, writes the first record, starts the run (a replayed start joins the running one). */
  async function startRun(sellerId: string, runId: string, sub: ComfortSubmission, batchId: string | null): Promise<ComfortRunView> {
    const existing = await runs.get(sellerId, runId);
    if (existing) return toRunView(existing);
    const credentialsRef = await openVault().put({ sellerId, purpose: CREDENTIALS_PURPOSE }, credentialsOf(sub));
    const { unitPriceCents, incomeCents } = comfortQuote(o.prices, sub.platform, sub.coinAmount);
    const createdAt = Date.now();
    const view: ComfortRunView = {
      runId, sellerId, ...viewStatus('transferring', 'none'), platform: sub.platform, originEmail: sub.email, loginMethod: sub.loginMethod,
      transferTime: sub.transferTime, coinAmount: sub.coinAmount, coinsTransferred: 0, successCount: 0, totalCount: 0,
      unitPriceCents, estimatedIncomeCents: incomeCents, creditedCents: null, attempts: 0, createdAt,
      completedAt: null, creditedAt: null, releaseAt: null, paidAt: null, decisions: [], version: 1,
    };
    await runs.create({ _id: runId, ...view, credentialsRef, batchId });
    const input: ComfortRunInput = {
      runId, sellerId, platform: sub.platform, originEmail: sub.email, loginMethod: sub.loginMethod, transferTime: sub.transferTime,
      coinAmount: sub.coinAmount, unitPriceCents, credentialsRef, createdAt, timings: o.timings,
    };
    try {
      await deps.temporal.workflow.start(COMFORT_WORKFLOW, {
        taskQueue: o.taskQueue, workflowId: comfortRunWorkflowId(runId), args: [input],
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: [
          { key: SA.sellerId, value: sellerId }, { key: SA.kind, value: COMFORT_TABLE.kind }, { key: SA.status, value: view.status },
          { key: SA.subState, value: 'none' }, { key: SA.waitingFor, value: view.waitingFor },
        ],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    return view;
  }

  app.get('/api/comfort-trade/config', async () => ({
    prices: o.prices, reviewMs: o.timings.reviewMs, sellerFixMs: o.timings.sellerFixMs,
  }));

  /** Sell now: one account. */
  app.post('/api/comfort-trade/runs', auth, async (req, reply) => {
    const seller = sellerOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const r = validateSubmission(body);
    if (!r.ok) throw DomainError.invalidFields(r.errors);
    openVault();
    const runId = runIdFor(seller.id, body.requestId);
    const had = await runs.get(seller.id, runId);
    if (had) return reply.code(200).send({ run: toRunView(had) });
    await lockAll(seller.id, [{ runId, sub: r.value, field: 'email' }]);
    return reply.code(201).send({ run: await startRun(seller.id, runId, r.value, null) });
  });

  /** Batch upload: the whole file is checked first; every row becomes its own run only when all are good. */
  app.post('/api/comfort-trade/batches', auth, async (req, reply) => {
    const seller = sellerOf(req);
    if (!Buffer.isBuffer(req.body)) throw new DomainError('invalid', 'file_type', FILE_TYPE);
    const rows = await readBatchFile(req.body, String(req.headers['content-type'] ?? ''));
    const checked = validateBatch(rows);
    if (!checked.ok) {
      // A bad cell is `rows.<line>.<column>`; its code and numbers (the line among them) travel with it.
      const fields = checked.errors.map(({ line, ...e }) => ({ ...e, field: `rows.${line}.${e.field}` }));
      throw new DomainError('invalid', checked.code, checked.message, { fields });
    }
    openVault();
    const q = req.query as Record<string, unknown>;
    const batchId = runIdFor(seller.id, q.requestId, 'batch');
    const items = checked.submissions.map((sub, i) => ({ sub, runId: runIdFor(seller.id, q.requestId ?? batchId, `row${i}`), field: `rows.${i + 2}.email`, line: i + 2 }));
    const fresh = [];
    for (const it of items) if (!(await runs.get(seller.id, it.runId))) fresh.push(it);
    await lockAll(seller.id, fresh);
    // Rows are independent runs: start them ten at a time (the upload answer waits for all).
    const started: ComfortRunView[] = new Array(items.length);
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(10, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        started[i] = await startRun(seller.id, items[i]!.runId, items[i]!.sub, batchId);
      }
    }));
    return reply.code(201).send({ batchId, runs: started });
  });

  app.get('/api/comfort-trade/template.csv', async (_req, reply) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="comfort-trade-template.csv"').send(csvTemplate()));
  app.get('/api/comfort-trade/template.xlsx', async (_req, reply) =>
    reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="comfort-trade-template.xlsx"').send(await xlsxTemplate()));

  /** The comfort sell record: newest first, by status. */
  app.get('/api/comfort-trade/runs', auth, async (req) => {
    const q = req.query as Record<string, unknown>;
    const status = (COMFORT_FILTERS.includes(q.status as ComfortFilter) ? q.status : 'all') as ComfortFilter;
    const { page, size } = parsePage(q, 10, 50);
    const r = await runs.list(sellerOf(req).id, status, page, size);
    return { items: r.items.map(toRunView), total: r.total, page, size, status };
  });

  app.get<{ Params: { id: string } }>('/api/comfort-trade/runs/:id', auth, async (req) => {
    const doc = await runs.get(sellerOf(req).id, req.params.id);
    if (!doc) throw NOT_FOUND();
    return { run: toRunView(doc) };
  });

  /** Download record: the run's changes as CSV. */
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
  app.post<{ Params: { id: string } }>('/api/comfort-trade/runs/:id/resubmit', auth, async (req) => {
    const seller = sellerOf(req);
    const doc = await runs.get(seller.id, req.params.id);
    if (!doc) throw NOT_FOUND();
    const r = validateResubmit(req.body);
    if (!r.ok) throw DomainError.invalidFields(r.errors);
    const v = openVault();
    if (r.value.backupCodes) {
      const old = await v.get<ComfortCredentials>(doc.credentialsRef).catch(() => null);
      const reused = r.value.backupCodes.map((c, i) => (old?.backupCodes?.includes(c) ? i : -1)).filter((i) => i >= 0);
      if (reused.length) throw DomainError.invalidFields(reused.map((i) => ({ field: `backupCodes.${i}`, message: CODES_REUSED })), 'codes_reused');
    }
    const newRef = await v.put({ sellerId: seller.id, purpose: `${CREDENTIALS_PURPOSE}:resubmit` }, r.value);
    try {
      const run = await deps.temporal.workflow.getHandle(comfortRunWorkflowId(doc._id)).executeUpdate('resubmit', { args: [{ by: seller.id, newRef }] });
      return { run };
    } catch (err) {
      await v.destroy(newRef);
      if (err instanceof WorkflowUpdateFailedError) {
        const cause = err.cause as { type?: string; message?: string } | undefined;
        throw new DomainError('conflict', cause?.type ?? 'not_possible', cause?.message ?? 'This action is no longer possible');
      }
      // The workflow has ended: nothing to resubmit.
      throw new DomainError('conflict', 'resubmit_not_needed', COMFORT_TABLE.events.resubmit.refused!.message);
    }
  });
}
