/**
 * Comfort trade as one set of actions, shared by the web form's routes and the REST API v1:
 * submit one account or a batch (all accounts locked or none), resubmit login details. Login
 * details go straight into the vault; records and workflow inputs carry only references. A refused
 * submission stores nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { Db } from 'mongodb';
import {
  BACKUP_CODE_COUNT, COMFORT_TABLE, DUPLICATE_ACCOUNT, comfortQuote, validateResubmit, validateSubmission,
  viewStatus, type ComfortCredentials, type ComfortRunInput, type ComfortRunView, type ComfortSubmission,
} from '../../domain/comfort-trade.js';
import { DomainError, type FieldError } from '../../domain/errors.js';
import { backupCodeMessage } from '../../domain/messages.js';
import { SA } from '../../domain/search-attributes.js';
import { accountKey, ComfortRuns, toRunView } from '../../infra/comfort/runs.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import type { ComfortTradeOptions } from './settings.js';

export const COMFORT_WORKFLOW = 'comfortRunWorkflow';
export const comfortRunWorkflowId = (runId: string) => `${COMFORT_TABLE.kind}:${runId}`;
export const CREDENTIALS_PURPOSE = 'comfort-credentials';
export const CODES_REUSED = 'These backup codes were used before; please get 6 new backup codes';
export const runNotFound = () => new DomainError('not_found', 'run_not_found', 'This comfort trade was not found');

/** A run id derived from the client's request id (a retried request finds its run), else random. */
export const runIdFor = (sellerId: string, requestId: unknown, salt = '') =>
  typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 80
    ? createHash('sha256').update(`${sellerId}:${requestId}:${salt}`).digest('hex').slice(0, 24)
    : randomBytes(12).toString('hex');

const credentialsOf = (s: ComfortSubmission): ComfortCredentials =>
  ({ email: s.email, password: s.password, backupCodes: s.backupCodes, authSecret: s.authSecret });

export type ComfortService = Awaited<ReturnType<typeof createComfortService>>;

/** The comfort trade actions over one database, Temporal client and configuration. */
export async function createComfortService(deps: { db: Db; temporal: Client; options: ComfortTradeOptions }) {
  const o = deps.options;
  const runs = await ComfortRuns.open(deps.db);
  const vault = o.secrets ? await SecretVault.open(deps.db, o.secrets) : null;
  const openVault = () => {
    if (!vault) throw new DomainError('unavailable', 'comfort_unavailable', 'Comfort trade is not available right now, please try again later');
    return vault;
  };

  /** Takes every account's lock, or none: a refusal answers each taken account by its field. */
  async function lockAll(sellerId: string, items: { runId: string; sub: ComfortSubmission; field: string }[]): Promise<void> {
    const taken: { key: string; runId: string }[] = [];
    const refused: FieldError[] = [];
    await Promise.all(items.map(async (it) => {
      const key = accountKey(it.sub.platform, it.sub.email);
      if (await runs.lockAccount(key, it.runId, sellerId)) taken.push({ key, runId: it.runId });
      else refused.push({ field: it.field, message: DUPLICATE_ACCOUNT });
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

  return {
    runs,
    openVault,

    /** Sell now, one account: `created` false when this request id already made its run. */
    async submitOne(sellerId: string, body: unknown, requestId: unknown): Promise<{ run: ComfortRunView; created: boolean }> {
      const r = validateSubmission(body);
      if (!r.ok) throw DomainError.invalidFields(r.errors);
      openVault();
      const runId = runIdFor(sellerId, requestId);
      const had = await runs.get(sellerId, runId);
      if (had) return { run: toRunView(had), created: false };
      await lockAll(sellerId, [{ runId, sub: r.value, field: 'email' }]);
      return { run: await startRun(sellerId, runId, r.value, null), created: true };
    },

    /** A checked batch (every row good): each row becomes its own run, all accounts locked first or none. */
    async submitBatch(sellerId: string, submissions: ComfortSubmission[], requestId: unknown, fieldOf: (i: number) => string): Promise<{ batchId: string; runs: ComfortRunView[] }> {
      openVault();
      const batchId = runIdFor(sellerId, requestId, 'batch');
      const items = submissions.map((sub, i) => ({ sub, runId: runIdFor(sellerId, requestId ?? batchId, `row${i}`), field: fieldOf(i) }));
      const fresh = [];
      for (const it of items) if (!(await runs.get(sellerId, it.runId))) fresh.push(it);
      await lockAll(sellerId, fresh);
      // Rows are independent runs: start them ten at a time (the answer waits for all).
      const started: ComfortRunView[] = new Array(items.length);
      let next = 0;
      await Promise.all(Array.from({ length: Math.min(10, items.length) }, async () => {
        while (next < items.length) {
          const i = next++;
          started[i] = await startRun(sellerId, items[i]!.runId, items[i]!.sub, batchId);
        }
      }));
      return { batchId, runs: started };
    },

    /** Try again: new login details after a login error; used backup codes are refused. */
    async resubmit(sellerId: string, runId: string, body: unknown): Promise<ComfortRunView> {
      const doc = await runs.get(sellerId, runId);
      if (!doc) throw runNotFound();
      const r = validateResubmit(body);
      if (!r.ok) throw DomainError.invalidFields(r.errors);
      const v = openVault();
      if (r.value.backupCodes) {
        const old = await v.get<ComfortCredentials>(doc.credentialsRef).catch(() => null);
        const reused = r.value.backupCodes.map((c, i) => (old?.backupCodes?.includes(c) ? i : -1)).filter((i) => i >= 0);
        if (reused.length) throw DomainError.invalidFields(reused.map((i) => ({ field: `backupCodes.${i}`, message: i < BACKUP_CODE_COUNT ? CODES_REUSED : backupCodeMessage(i + 1) })), 'codes_reused');
      }
      const newRef = await v.put({ sellerId, purpose: `${CREDENTIALS_PURPOSE}:resubmit` }, r.value);
      try {
        return (await deps.temporal.workflow.getHandle(comfortRunWorkflowId(doc._id)).executeUpdate('resubmit', { args: [{ by: sellerId, newRef }] })) as ComfortRunView;
      } catch (err) {
        await v.destroy(newRef);
        if (err instanceof WorkflowUpdateFailedError) {
          const cause = err.cause as { type?: string; message?: string } | undefined;
          throw new DomainError('conflict', cause?.type ?? 'refused', cause?.message ?? 'This action is no longer possible');
        }
        // The workflow has ended: nothing to resubmit.
        throw new DomainError('conflict', 'resubmit_not_needed', COMFORT_TABLE.events.resubmit.refused!.message);
      }
    },
  };
}
