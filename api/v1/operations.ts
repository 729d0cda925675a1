/**
 * Every API v1 operation: the same actions as the web pages (comfort trade, records, balance,
 * ledger, withdrawals, webhook endpoints), reached with an API key. Lists page by cursor (newest first).
 */
import { DUPLICATE_ACCOUNT, BATCH_EMPTY, BATCH_TOO_LARGE, COMFORT_BATCH_MAX, DEFAULT_TRANSFER_TIME, validateSubmission, type ComfortFilter, type ComfortSubmission } from '../../domain/comfort-trade.js';
import { DomainError, isDomainError, type FieldError } from '../../domain/errors.js';
import { comfortRecord } from '../comfort-trade/record.js';
import { Purchases, toPurchaseRecord } from '../../infra/player-trade/purchases.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import { toWithdrawalStatus } from '../../infra/withdrawals/records.js';
import type { ComfortService } from '../comfort-trade/service.js';
import type { WithdrawalService } from '../withdrawals/service.js';
import type { WebhookService } from '../webhooks/service.js';
import { webhookOperations, type V1WebhookDeps } from './webhook-operations.js';
import { unauthenticated } from '../auth/require-seller.js';
import type { Db, Filter, Document } from 'mongodb';
import { keyOf } from './guard.js';
import type { Operation } from './openapi.js';
import {
  BatchSchema, ComfortListQuery, ComfortSubmissionSchema, IdempotencyHeaders, idParams, LedgerEntrySchema, MeSchema, PageQuery, pageOf, PurchaseSchema,
  ResubmitSchema, RunId, RunSchema, WalletSchema, WithdrawalCodeSchema, WithdrawalConfirmSchema, WithdrawalId, WithdrawalSchema,
} from './schemas.js';

interface PageQ { limit?: number; cursor?: string; status?: string }

/** A cursor is the last item's position: `<sort value>.<base64url of its id>` (see KEYSET_CURSOR). */
const encodeCursor = (v: number, id: string) => `${v}.${Buffer.from(id).toString('base64url')}`;
function decodeCursor(cursor: string): { v: number; id: string } {
  const dot = cursor.indexOf('.');
  return { v: Number(cursor.slice(0, dot)), id: Buffer.from(cursor.slice(dot + 1), 'base64url').toString('utf8') };
}

/** Keyset pages: newest first by the numeric `field`, ties by _id; the cursor is the last item's position. */
async function pageBy<T extends Document & { _id: string }>(
  coll: import('mongodb').Collection<T>, filter: Filter<T>, field: string, q: PageQ,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const limit = q.limit ?? 20;
  const and: Filter<T>[] = [filter];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    and.push({ $or: [{ [field]: { $lt: c.v } }, { [field]: c.v, _id: { $lt: c.id } }] } as Filter<T>);
  }
  const docs = (await coll.find(and.length === 1 ? filter : ({ $and: and } as Filter<T>)).sort({ [field]: -1, _id: -1 }).limit(limit + 1).toArray()) as T[];
  const items = docs.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = docs.length > limit && last ? encodeCursor(Number((last as Record<string, unknown>)[field]), last._id) : null;
  return { items, nextCursor };
}

/** The documented default (transferTime) applied before the form's rules, which require it. */
const withDefaults = (row: unknown): unknown =>
  row && typeof row === 'object' && !Array.isArray(row) && (row as { transferTime?: unknown }).transferTime === undefined ? { ...row, transferTime: DEFAULT_TRANSFER_TIME } : row;

/** A batch given as JSON: every account checked by the form's rules, named `runs.<i>.<field>`. */
function checkBatch(body: unknown): ComfortSubmission[] {
  const runs = (body as { runs?: unknown } | null)?.runs;
  if (!Array.isArray(runs) || runs.length === 0) throw new DomainError('invalid', 'batch_empty', BATCH_EMPTY, { fields: [{ field: 'runs', message: BATCH_EMPTY }] });
  if (runs.length > COMFORT_BATCH_MAX) throw new DomainError('invalid', 'batch_too_large', BATCH_TOO_LARGE, { fields: [{ field: 'runs', message: BATCH_TOO_LARGE }] });
  const errors: FieldError[] = [];
  const out: ComfortSubmission[] = [];
  const seen = new Set<string>();
  runs.forEach((row, i) => {
    const r = validateSubmission(withDefaults(row));
    if (!r.ok) return errors.push(...r.errors.map((e) => ({ field: `runs.${i}.${e.field}`, message: e.message })));
    const key = `${r.value.platform}:${r.value.email}`;
    if (seen.has(key)) errors.push({ field: `runs.${i}.email`, message: DUPLICATE_ACCOUNT });
    seen.add(key);
    out.push(r.value);
  });
  // Only the same account twice: the later rows meet an account the batch already trades, the
  // conflict a run in progress gives (409), not a bad input.
  if (errors.length && errors.every((e) => e.message === DUPLICATE_ACCOUNT)) throw new DomainError('conflict', 'account_busy', DUPLICATE_ACCOUNT, { fields: errors });
  if (errors.length) throw new DomainError('invalid', 'batch_invalid', errors[0]!.message, { fields: errors });
  return out;
}

const checkOne = (body: unknown) => {
  const r = validateSubmission(withDefaults(body));
  if (!r.ok) throw DomainError.invalidFields(r.errors);
};

/**
 * The web form's refusal, with its field and words, under the status that says why a well-formed
 * request was refused: 403 when a value does not match what only the account holds (its email, the
 * emailed code), 409 when the account's state or history refuses it (a game account already in a
 * trade, backup codes the provider received before). The document promises the shape; these
 * depend on the account.
 */
async function refusedAs<T>(kind: 'forbidden' | 'conflict', codes: readonly string[], run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    if (isDomainError(err) && codes.includes(err.code)) throw new DomainError(kind, err.code, err.message, { fields: err.fields, data: err.data });
    throw err;
  }
}

/** Comfort refusals that depend on the game account's state or history, not on the request. */
const COMFORT_CONFLICTS = ['account_busy', 'codes_reused', 'details_not_asked'];

/** The operations, bound to the services the web routes use. */
export async function v1Operations(deps: { db: Db; comfort: ComfortService; withdrawals: WithdrawalService; webhooks: V1WebhookDeps }): Promise<Operation[]> {
  const { comfort, withdrawals } = deps;
  const purchases = await Purchases.open(deps.db);
  const settlement = await Settlement.open(deps.db, withdrawals.wallets.ledger);
  const record = comfortRecord(settlement);
  const requestIdOf = (req: { headers: Record<string, unknown> }) => `idem:${String(req.headers['idempotency-key'])}`;
  const post = { headers: IdempotencyHeaders };

  return [
    {
      operationId: 'getMe', method: 'GET', path: '/me', scope: null, summary: 'Who this key speaks for, and its scopes',
      success: { status: 200, schema: MeSchema, description: 'The key' },
      handler: async (req) => { const k = keyOf(req); return { sellerId: k.sellerId, keyId: k.keyId, scopes: k.scopes }; },
    },
    {
      operationId: 'submitComfortRun', method: 'POST', path: '/comfort-runs', scope: 'trade', ...post, body: ComfortSubmissionSchema,
      summary: 'Sell coins by comfort trade: one game account', description: 'Same rules and messages as the comfort trade form; the login details are sealed at once and never returned.',
      success: { status: 201, schema: { type: 'object', properties: { run: RunSchema } }, description: 'The run, started' },
      check: checkOne,
      handler: async (req, reply) => {
        const r = await refusedAs('conflict', COMFORT_CONFLICTS, comfort.submitOne(keyOf(req).sellerId, req.body, requestIdOf(req)));
        return reply.code(201).send({ run: r.run });
      },
    },
    {
      operationId: 'submitComfortBatch', method: 'POST', path: '/comfort-batches', scope: 'trade', ...post, body: BatchSchema,
      summary: 'Sell coins by comfort trade: a batch of accounts', description: 'Every account is checked first (fields named runs.<i>.<field>); nothing is accepted until all are good. Acceptance is durable: every account then becomes its own run, started by the batch right after the answer.',
      success: { status: 201, schema: { type: 'object', properties: { batchId: { type: 'string' }, runs: { type: 'array', items: RunSchema } } }, description: 'The batch, accepted: its runs as they start' },
      check: (b) => void checkBatch(b),
      handler: async (req, reply) => {
        const subs = checkBatch(req.body);
        const r = await refusedAs('conflict', COMFORT_CONFLICTS, comfort.submitBatch(keyOf(req).sellerId, subs, requestIdOf(req), (i) => ({ field: `runs.${i}.email`, codeField: (n) => `runs.${i}.backupCodes.${n}` })));
        return reply.code(201).send({ batchId: r.batchId, runs: r.runs });
      },
    },
    {
      operationId: 'listComfortRuns', method: 'GET', path: '/comfort-runs', scope: 'read', query: ComfortListQuery,
      summary: 'The comfort sell record, newest first, by status (settled: Paid runs a withdrawal has paid out)',
      success: { status: 200, schema: pageOf(RunSchema), description: 'A page of runs' },
      handler: async (req) => {
        const q = req.query as PageQ;
        const sellerId = keyOf(req).sellerId;
        const { query } = await record.filter(sellerId, (q.status ?? 'all') as ComfortFilter);
        const page = await pageBy(comfort.runs.runs, query as never, 'createdAt', q);
        return { items: await record.rows(sellerId, page.items), nextCursor: page.nextCursor };
      },
    },
    {
      operationId: 'getComfortRun', method: 'GET', path: '/comfort-runs/:runId', scope: 'read', params: idParams({ runId: RunId }),
      summary: 'One comfort run with its status', success: { status: 200, schema: { type: 'object', properties: { run: RunSchema } }, description: 'The run' },
      handler: async (req) => {
        const sellerId = keyOf(req).sellerId;
        const doc = await comfort.runs.get(sellerId, (req.params as { runId: string }).runId);
        if (!doc) throw new DomainError('not_found', 'run_not_found', 'This comfort trade was not found');
        return { run: (await record.rows(sellerId, [doc]))[0] };
      },
    },
    {
      operationId: 'resubmitComfortRun', method: 'POST', path: '/comfort-runs/:runId/resubmit', scope: 'trade', ...post, params: idParams({ runId: RunId }), body: ResubmitSchema,
      summary: 'New login details after a login error (Try again)',
      success: { status: 200, schema: { type: 'object', properties: { run: RunSchema } }, description: 'The run, going on' },
      handler: async (req) => ({ run: await refusedAs('conflict', COMFORT_CONFLICTS, comfort.resubmit(keyOf(req).sellerId, (req.params as { runId: string }).runId, req.body)) }),
    },
    {
      operationId: 'getBalance', method: 'GET', path: '/balance', scope: 'read', summary: 'Balance: available, frozen, pending payout, total (euro cents)',
      success: { status: 200, schema: { type: 'object', properties: { wallet: WalletSchema } }, description: 'The balance' },
      handler: async (req) => ({ wallet: await withdrawals.wallets.get(keyOf(req).sellerId) }),
    },
    {
      operationId: 'listLedger', method: 'GET', path: '/ledger', scope: 'read', query: PageQuery(),
      summary: 'Every money movement, newest first, with the balances after it',
      success: { status: 200, schema: pageOf(LedgerEntrySchema), description: 'A page of ledger entries' },
      handler: async (req) => {
        const page = await pageBy(withdrawals.wallets.ledger as never, { sellerId: keyOf(req).sellerId } as never, 'seq', req.query as PageQ);
        return {
          items: (page.items as unknown as import('../../infra/wallet/wallet.js').LedgerEntry[]).map((e) => ({ seq: e.seq, kind: e.kind, delta: e.delta, after: e.after, ref: e.ref, at: e.at.toISOString() })),
          nextCursor: page.nextCursor,
        };
      },
    },
    {
      operationId: 'listPlayerPurchases', method: 'GET', path: '/player-purchases', scope: 'read', query: PageQuery(),
      summary: 'The player sell record (player-card purchases), newest first',
      success: { status: 200, schema: pageOf(PurchaseSchema), description: 'A page of purchases' },
      handler: async (req) => {
        const sellerId = keyOf(req).sellerId;
        const page = await pageBy(purchases.coll as never, { sellerId } as never, 'pickedAt', req.query as PageQ);
        const docs = page.items as unknown as import('../../infra/player-trade/purchases.js').PurchaseDoc[];
        const money = await settlement.money(sellerId);
        return { items: docs.map((d) => toPurchaseRecord(d, money)), nextCursor: page.nextCursor };
      },
    },
    {
      operationId: 'listWithdrawals', method: 'GET', path: '/withdrawals', scope: 'read', query: PageQuery(),
      summary: 'Withdrawal history, newest first', success: { status: 200, schema: pageOf(WithdrawalSchema), description: 'A page of withdrawals' },
      handler: async (req) => {
        const page = await pageBy(withdrawals.withdrawals.coll, { sellerId: keyOf(req).sellerId }, 'requestedAt', req.query as PageQ);
        return { items: page.items.map(toWithdrawalStatus), nextCursor: page.nextCursor };
      },
    },
    {
      operationId: 'getWithdrawal', method: 'GET', path: '/withdrawals/:withdrawalId', scope: 'read', params: idParams({ withdrawalId: WithdrawalId }),
      summary: 'One withdrawal with its status', success: { status: 200, schema: { type: 'object', properties: { withdrawal: WithdrawalSchema } }, description: 'The withdrawal' },
      handler: async (req) => {
        const doc = await withdrawals.withdrawals.get(keyOf(req).sellerId, (req.params as { withdrawalId: string }).withdrawalId);
        if (!doc) throw new DomainError('not_found', 'withdrawal_not_found', 'Withdrawal not found');
        return { withdrawal: toWithdrawalStatus(doc) };
      },
    },
    {
      operationId: 'requestWithdrawalCode', method: 'POST', path: '/withdrawals/code', scope: 'withdraw', ...post, body: WithdrawalCodeSchema,
      summary: 'Step 1 of a withdrawal: email the confirmation code',
      description: 'Fixes the payout details from Settings and the fees (and locked rate) into a draft; the code goes to the account email, as on the web page.',
      success: { status: 200, schema: { type: 'object', properties: { withdrawalId: WithdrawalId, message: { type: 'string' }, expiresAt: { type: 'integer' } }, additionalProperties: true }, description: 'Code sent' },
      handler: async (req) => {
        const sellerId = keyOf(req).sellerId;
        const seller = await req.server.accounts.models.Seller.findById(sellerId).lean();
        if (!seller) throw unauthenticated();
        return refusedAs('forbidden', ['email_not_account'], withdrawals.sendCode({ id: sellerId, email: seller.email }, req.body));
      },
    },
    {
      operationId: 'confirmWithdrawal', method: 'POST', path: '/withdrawals', scope: 'withdraw', ...post, body: WithdrawalConfirmSchema,
      summary: 'Step 2 of a withdrawal: confirm with the emailed code',
      success: { status: 201, schema: { type: 'object', properties: { withdrawal: WithdrawalSchema, message: { type: 'string' } } }, description: 'Withdrawal request has been sent successfully' },
      handler: async (req, reply) => reply.code(201).send(await refusedAs('forbidden', ['code_invalid'], withdrawals.confirm({ id: keyOf(req).sellerId }, req.body, requestIdOf(req)))),
    },
    ...webhookOperations(deps.webhooks.service, deps.webhooks.allowHttp, deps.webhooks.tell),
  ];
}
