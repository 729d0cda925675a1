/**
 * Comfort trade as one set of actions, shared by the web form's routes and the REST API v1:
 * submit one account or a batch (all accounts locked or none), resubmit login details. Login
 * details go straight into the vault; records and workflow inputs carry only references. A refused
 * submission stores nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import type { Db } from 'mongodb';
import {
  COMFORT_BATCH_MAX, COMFORT_RUN, COMFORT_TABLE, COMFORT_UNAVAILABLE, COMFORT_UPDATES, comfortRunWorkflowId, DUPLICATE_ACCOUNT, RUN_NOT_FOUND, SUBMITTED_CREDENTIALS_TTL_MS, comfortQuote, resubmitAsks, resubmitShape, validateResubmit, validateSubmission, withoutVaultRefs,
  type ComfortCredentials, type ComfortRunInput, type ComfortRunView, type ComfortSubmission,
} from '../../domain/comfort-trade.js';
import { COMFORT_BATCH, comfortBatchWorkflowId, firstRunView, type ComfortBatchInput } from '../../domain/comfort-batch.js';
import { DomainError, type FieldError } from '../../domain/errors.js';
import { CODES_REUSED } from '../../domain/messages.js';
import { accountKey, ComfortRuns, toRunView, type ComfortRunDoc } from '../../infra/comfort/runs.js';
import { UsedBackupCodes } from '../../infra/comfort/used-codes.js';
import { AccountClaims } from '../../infra/comfort/account-claims.js';
import { SecretVault } from '../../infra/secrets/vault.js';
import { startProcess } from '../../infra/temporal/start-process.js';
import { temporalFailure, temporalUnavailable } from '../temporal-errors.js';
import { recordedRunStarter, type StartRecorded } from '../../infra/comfort/unstarted.js';
import type { ComfortTradeOptions } from '../../infra/comfort/trade-settings.js';

import { BATCH_SUBJECT, CREDENTIALS_PURPOSE, RESUBMIT_PURPOSE } from '../../infra/comfort/vault-subjects.js';
/**
 * Rows of one batch that start at the same time: all of them (a file has at most 50), in one round
 * of record writes and child starts (docs/performance.md, "Batch start"). The batch workflow takes
 * it from its input, so a batch started with 10 replays as it ran.
 */
const BATCH_PARALLEL = COMFORT_BATCH_MAX;
export { CODES_REUSED };
export const runNotFound = () => new DomainError('not_found', 'run_not_found', RUN_NOT_FOUND);
/** A refusal the run's workflow answered (its code and words), as the API's conflict. */
const runRefusal = (code: string, message: string) => new DomainError('conflict', code, message);
/** A failed Temporal call of a run: the workflow's refusal, or 503 "try again" when Temporal did not answer. */
const temporalError = (err: unknown) => temporalFailure(err, runRefusal);

/** A run id derived from the client's request id (a retried request finds its run), else random. */
export const runIdFor = (sellerId: string, requestId: unknown, salt = '') =>
  typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 80
    ? createHash('sha256').update(`${sellerId}:${requestId}:${salt}`).digest('hex').slice(0, 24)
    : randomBytes(12).toString('hex');

/** Whether the batch workflow exists (running or over): a batch is accepted exactly when it does. */
async function batchExists(handle: WorkflowHandle): Promise<boolean> {
  try {
    await handle.describe();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw temporalError(err) ?? err;
  }
}

const credentialsOf = (s: ComfortSubmission): ComfortCredentials =>
  ({ email: s.email, password: s.password, backupCodes: s.backupCodes, authSecret: s.authSecret });

export type ComfortService = Awaited<ReturnType<typeof createComfortService>>;

/** The comfort trade actions over one database, Temporal client and configuration. */
export async function createComfortService(deps: { db: Db; temporal: Client; options: ComfortTradeOptions }) {
  const o = deps.options;
  const processes = { client: deps.temporal, taskQueue: o.taskQueue };
  const runs = await ComfortRuns.open(deps.db);
  const vault = o.secrets ? await SecretVault.open(deps.db, o.secrets) : null;
  const usedCodes = o.secrets ? UsedBackupCodes.open(deps.db, o.secrets) : null;
  const claims = o.secrets ? AccountClaims.of(o.secrets) : null;
  const openVault = () => {
    if (!vault) throw new DomainError('unavailable', 'comfort_unavailable', COMFORT_UNAVAILABLE);
    return vault;
  };
  const startRecorded: StartRecorded = (doc) => recordedRunStarter(processes, o.timings, openVault())(doc);

  /**
   * Refuses backup codes the provider received before for the same game account (any run, any
   * resubmit), each by its field; compares keyed digests, opens no sealed login details.
   */
  async function refuseUsedCodes(items: { platform: string; email: string; backupCodes: string[] | null | undefined; codeField: (n: number) => string; line?: number }[]): Promise<void> {
    const refused: FieldError[] = [];
    await Promise.all(items.map(async (it) => {
      if (!it.backupCodes?.length || !usedCodes) return;
      for (const n of await usedCodes.usedAmong(accountKey(it.platform, it.email), it.backupCodes)) refused.push({ field: it.codeField(n), message: CODES_REUSED, ...(it.line ? { data: { line: it.line } } : {}) });
    }));
    refused.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
    if (refused.length) throw DomainError.invalidFields(refused, 'codes_reused');
  }

  /** The lock keys of one submission: the seller's claim on the address and the claim of its login (infra/comfort/account-claims.ts). */
  const claimsOf = (sellerId: string, sub: { platform: string; email: string; password: string }) => {
    if (!claims) throw new DomainError('unavailable', 'comfort_unavailable', COMFORT_UNAVAILABLE);
    return [claims.bySeller(sellerId, sub.platform, sub.email), claims.byLogin(sub.platform, sub.email, sub.password)];
  };

  /** Takes every account's locks, or none: a refusal answers each taken account by its field. */
  async function lockAll(sellerId: string, items: { runId: string; sub: ComfortSubmission; field: string; line?: number }[]): Promise<void> {
    const taken: { key: string; runId: string }[] = [];
    const refused: FieldError[] = [];
    await Promise.all(items.map(async (it) => {
      for (const c of claimsOf(sellerId, it.sub)) {
        if (!(await runs.lockAccount(c.key, it.runId, sellerId, c.alsoHeldAs))) {
          refused.push({ field: it.field, message: DUPLICATE_ACCOUNT, ...(it.line ? { data: { line: it.line } } : {}) });
          return;
        }
        taken.push({ key: c.key, runId: it.runId });
      }
    }));
    refused.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
    if (refused.length) {
      await Promise.all(taken.map((t) => runs.unlockAccount(t.key, t.runId)));
      throw DomainError.invalidFields(refused, 'account_busy');
    }
  }

  /**
   * Login details sealed so long ago that the sweep may be destroying them (credentials-sweep.ts)
   * start nothing: they are destroyed here with what `undo` names, and the seller is asked to try
   * again (a retry seals anew).
   */
  async function refuseStale(sealedAt: number, refs: string[], undo: () => Promise<unknown> = async () => undefined): Promise<void> {
    if (Date.now() - sealedAt <= SUBMITTED_CREDENTIALS_TTL_MS / 2) return;
    await Promise.all([...refs.map((r) => openVault().destroy(r)), undo()]);
    throw temporalUnavailable();
  }

  /** A run's workflow input from the seller's submission: the unit price is fixed now, the login details are only referenced. */
  const runInput = (sellerId: string, runId: string, sub: ComfortSubmission, credentialsRef: string, createdAt: number): ComfortRunInput => ({
    runId, sellerId, platform: sub.platform, originEmail: sub.email, loginMethod: sub.loginMethod, transferTime: sub.transferTime,
    coinAmount: sub.coinAmount, unitPriceCents: comfortQuote(o.prices, sub.platform, sub.coinAmount).unitPriceCents,
    credentialsRef, createdAt, timings: o.timings,
  });

  /**
   * The answer to a request whose run was recorded before (a retry, or the twin of a double click):
   * the request that recorded it may have died before starting it, so it is started here unless a
   * workflow already moved it (unstarted.ts).
   */
  async function recorded(doc: ComfortRunDoc): Promise<{ run: ComfortRunView; created: false }> {
    try {
      await startRecorded(doc);
    } catch (err) {
      throw temporalError(err) ?? err;
    }
    return { run: toRunView(doc), created: false };
  }

  /**
   * Seals the login details, writes the first record, starts the run (a replayed start joins the
   * running one). `created` is false when the same request, arriving twice at once, wrote the run
   * first: its record stands and this request's sealed copy is destroyed.
   */
  async function startRun(sellerId: string, runId: string, sub: ComfortSubmission, batchId: string | null): Promise<{ run: ComfortRunView; created: boolean }> {
    const existing = await runs.get(sellerId, runId);
    if (existing) return recorded(existing);
    const vault = openVault();
    const sealedAt = Date.now();
    // If this request dies before the run starts, nothing destroys the details here: the sweep does.
    const credentialsRef = await vault.put({ sellerId, purpose: CREDENTIALS_PURPOSE }, credentialsOf(sub), { subject: runId });
    const input = runInput(sellerId, runId, sub, credentialsRef, Date.now());
    const view = firstRunView(input);
    await refuseStale(sealedAt, [credentialsRef]);
    if (!(await runs.create({ _id: runId, ...view, credentialsRef, batchId }))) {
      await vault.destroy(credentialsRef);
      const made = await runs.get(sellerId, runId);
      return made ? recorded(made) : { run: view, created: false };
    }
    // The record goes too: otherwise it would stand for good at its first version, a run no retry or sweep can start without its details.
    await refuseStale(sealedAt, [credentialsRef], () => runs.runs.deleteOne({ _id: runId, credentialsRef }));
    try {
      await startProcess(processes, COMFORT_RUN, runId, input, sellerId);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw temporalError(err) ?? err;
    }
    return { run: view, created: true };
  }

  /**
   * A resubmit with a new password, or a corrected email (Wrong Account/Password), is a new login:
   * the run claims it before anything is sealed. A corrected email is another game account, so both
   * of its keys are claimed as a new submission's are (another open run holding either refuses it
   * on the `email` field); a new password claims the new login (refused on `password`). `release`
   * undoes the claims this resubmit made when the run did not take it; `taken` frees every other
   * claim of the run (the old login, and after a corrected email the old account).
   */
  async function claimNewLogin(sellerId: string, doc: ComfortRunDoc, fresh: { email: string | null; password: string | null }) {
    const none = { release: async () => undefined, taken: async () => undefined };
    // validateResubmit asks a password with every corrected email.
    if (!fresh.password) return none;
    const email = fresh.email ?? doc.originEmail;
    const [bySeller, byLogin] = claimsOf(sellerId, { platform: doc.platform, email, password: fresh.password });
    const made: string[] = [];
    const release = () => Promise.all(made.map((key) => runs.unlockAccount(key, doc._id)));
    for (const claim of fresh.email ? [bySeller!, byLogin!] : [byLogin!]) {
      if (await runs.holds(claim.key, doc._id)) continue;
      if (!(await runs.lockAccount(claim.key, doc._id, sellerId, claim.alsoHeldAs))) {
        await release();
        throw DomainError.invalidFields([{ field: fresh.email ? 'email' : 'password', message: DUPLICATE_ACCOUNT }], 'account_busy');
      }
      made.push(claim.key);
    }
    // Runs locked before the keys were scoped keep their old key (platform + email) to the end, unless the account changed.
    const keep = [bySeller!.key, byLogin!.key, ...(fresh.email ? [] : [accountKey(doc.platform, doc.originEmail)])];
    return { release, taken: () => runs.unlockRun(doc._id, keep) };
  }

  return {
    runs,
    openVault,
    /** For the vault sweep: starts a recorded run whose request died before starting it. */
    startRecorded,

    /** Sell now, one account: `created` false when this request id already made its run. */
    async submitOne(sellerId: string, body: unknown, requestId: unknown): Promise<{ run: ComfortRunView; created: boolean }> {
      const r = validateSubmission(body);
      if (!r.ok) throw DomainError.invalidFields(r.errors);
      openVault();
      const runId = runIdFor(sellerId, requestId);
      const had = await runs.get(sellerId, runId);
      if (had) return recorded(had);
      await refuseUsedCodes([{ ...r.value, codeField: (n) => `backupCodes.${n}` }]);
      await lockAll(sellerId, [{ runId, sub: r.value, field: 'email' }]);
      return startRun(sellerId, runId, r.value, null);
    },

    /**
     * A checked batch (every row good). Its acceptance is one durable step: every account locked (or
     * none), every row's login details sealed, and ONE `comfort-batch:<id>` workflow started, which
     * starts each row's run exactly once (a killed API or worker loses nothing). The idempotency key
     * is the request id, else `fallbackKey` (the file itself): a retry answers the same batch with
     * `created` false and starts nothing new.
     */
    async submitBatch(
      sellerId: string, submissions: ComfortSubmission[], requestId: unknown,
      fieldOf: (i: number) => { field: string; line?: number; codeField: (n: number) => string }, fallbackKey?: string,
    ): Promise<{ batchId: string; runs: ComfortRunView[]; created: boolean }> {
      const v = openVault();
      const key = typeof requestId === 'string' && requestId.length > 0 && requestId.length <= 80 ? requestId : fallbackKey ?? randomBytes(12).toString('hex');
      const batchId = runIdFor(sellerId, key, 'batch');
      const createdAt = Date.now();
      const planned = submissions.map((sub, i): { sub: ComfortSubmission; input: ComfortRunInput; field: string; line?: number; codeField: (n: number) => string } => ({
        sub, ...fieldOf(i),
        input: runInput(sellerId, runIdFor(sellerId, key, `row${i}`), sub, '', createdAt),
      }));
      const handle = deps.temporal.workflow.getHandle(comfortBatchWorkflowId(batchId));
      /** The answer for a batch accepted before: its runs as recorded so far, the rest as they will start. */
      const accepted = (recorded: ComfortRunDoc[]) => {
        const byId = new Map(recorded.map((d) => [d._id, toRunView(d)]));
        return { batchId, created: false, runs: planned.map((p) => byId.get(p.input.runId) ?? firstRunView(p.input)) };
      };
      // Accepted before: the workflow exists, or (after Temporal's retention dropped it) its runs do.
      const before = await runs.ofBatch(sellerId, batchId);
      if (before.length > 0 || (await batchExists(handle))) return accepted(before);

      await refuseUsedCodes(planned.map((p) => ({ ...p.sub, codeField: p.codeField, line: p.line })));
      await lockAll(sellerId, planned.map((p) => ({ runId: p.input.runId, sub: p.sub, field: p.field, line: p.line })));
      const sealedAt = Date.now();
      // If this request dies before the batch starts, nothing destroys the details here: the sweep does.
      const refs = await Promise.all(planned.map((p) => v.put({ sellerId, purpose: CREDENTIALS_PURPOSE }, credentialsOf(p.sub), { subject: BATCH_SUBJECT + batchId })));
      await refuseStale(sealedAt, refs);
      const input: ComfortBatchInput = { batchId, sellerId, rows: planned.map((p, i) => ({ ...p.input, credentialsRef: refs[i]!, ...(p.line ? { batchLine: p.line } : {}) })), parallel: BATCH_PARALLEL };
      try {
        await startProcess(processes, COMFORT_BATCH, batchId, input, sellerId);
      } catch (err) {
        // Any other failure may still have started the batch (e.g. a timeout after the server took it): keep its secrets.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw temporalError(err) ?? err;
        // Another request started this batch first: these sealed copies are nobody's.
        await Promise.all(refs.map((r) => v.destroy(r)));
        return accepted(await runs.ofBatch(sellerId, batchId));
      }
      return { batchId, created: true, runs: input.rows.map(firstRunView) };
    },

    /**
     * Try again: what the run's error asks (validateResubmit): after Wrong Account/Password the email
     * (correctable) and password, the sealed second factor kept; after a second-factor error new
     * backup codes or authSecret. Backup codes the provider received before for this game account are refused.
     */
    async resubmit(sellerId: string, runId: string, body: unknown): Promise<ComfortRunView> {
      const doc = await runs.get(sellerId, runId);
      if (!doc) throw runNotFound();
      const r = validateResubmit(body, doc);
      // Details of the other error's kind (the second factor after Wrong Account/Password, or none after a second-factor error) depend on the run's state.
      if (!r.ok) throw DomainError.invalidFields(r.errors, resubmitShape(body) === resubmitAsks(doc.subState) ? 'validation_failed' : 'details_not_asked');
      const v = openVault();
      await refuseUsedCodes([{ platform: doc.platform, email: doc.originEmail, backupCodes: r.value.backupCodes, codeField: (n) => `backupCodes.${n}` }]);
      const login = await claimNewLogin(sellerId, doc, r.value);
      const sealedAt = Date.now();
      // If this request dies before the run answers, nothing destroys the upload here: the sweep does (upload-sweep.ts).
      const newRef = await v.put({ sellerId, purpose: RESUBMIT_PURPOSE }, r.value, { subject: doc._id });
      let answer: ComfortRunView;
      try {
        answer = await deps.temporal.workflow.getHandle(comfortRunWorkflowId(doc._id)).executeUpdate(COMFORT_UPDATES.resubmit, {
          args: [{ by: sellerId, newRef, sealedAt, asks: resubmitAsks(doc.subState), ...(r.value.email ? { email: r.value.email } : {}), ...(r.value.loginMethod ? { loginMethod: r.value.loginMethod } : {}) }],
        });
      } catch (err) {
        await Promise.all([v.destroy(newRef), login.release()]);
        // The workflow's refusal keeps its code; Temporal not answering is "try again" (nothing was decided).
        const mapped = temporalError(err);
        if (mapped) throw mapped;
        // The workflow has ended: nothing to resubmit.
        throw new DomainError('conflict', 'resubmit_not_needed', COMFORT_TABLE.events.resubmit.refused!.message);
      }
      // The update answers once the run took its decision. A resubmit the run did not take (it was
      // transferring again, or a double click joined an earlier resubmit) is never used: its sealed
      // copy goes now, and the seller hears that these details were not needed.
      if (!answer.decisions.some((d) => d.event === 'resubmit' && d.data?.newRef === newRef)) {
        await Promise.all([v.destroy(newRef), login.release()]);
        throw new DomainError('conflict', 'resubmit_not_needed', COMFORT_TABLE.events.resubmit.refused!.message);
      }
      await login.taken();
      return withoutVaultRefs(answer);
    },
  };
}
