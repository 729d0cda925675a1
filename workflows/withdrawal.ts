import {
  ActivityFailure, allHandlersFinished, condition, patched, proxyActivities, proxyLocalActivities, setHandler, workflowInfo,
} from '@temporalio/workflow';
import { isFinal, type Decision } from '../domain/process.js';
import type { ProviderRefusal } from '../domain/provider-refusal.js';
import { SA } from '../domain/search-attributes.js';
import {
  DEFAULT_WITHDRAWAL_TIMINGS, FAILURE_TEXT, isFailureReason, isManualPayout, RATE_GONE_REFUSALS, statusLabel, subStateOf, WITHDRAWAL_TABLE,
  WITHDRAWAL_STATUS_QUERY, WITHDRAWAL_UPDATES, type FailureReason, type RequestOutcome, type WithdrawalEvent, type WithdrawalInput, type WithdrawalState, type WithdrawalPaidArgs, type WithdrawalStatus, type PayoutView,
} from '../domain/withdrawal.js';
import type { PayoutActivities } from '../workers/activities/payout.js';
import type { RecordActivities } from '../workers/activities/records.js';
import type { WalletActivities } from '../workers/activities/wallet.js';
import { acceptActions, DecisionInbox, ProcessRunner, providerRefusalOf } from './kernel.js';
import { LOCAL_STORE_ACTIVITIES, payoutActivities, STORE_ACTIVITIES } from './policies.js';

const T = WITHDRAWAL_TABLE;
const {
  requestOutcome: requestOutcomeUpdate, providerConfirmed: providerConfirmedUpdate, providerFailed: providerFailedUpdate,
  supportRetry: supportRetryUpdate, supportMarkPaid: supportMarkPaidUpdate, supportPaidByHand: supportPaidByHandUpdate,
  supportReturnMoney: supportReturnMoneyUpdate,
} = WITHDRAWAL_UPDATES;

const remoteStore = proxyActivities<WalletActivities & RecordActivities>(STORE_ACTIVITIES);
const localStore = proxyLocalActivities<WalletActivities & RecordActivities>(LOCAL_STORE_ACTIVITIES);

/** Provider calls heartbeat (a crashed worker's call is retried after the heartbeat timeout); runs started before keep their options. */
export const PAYOUT_HEARTBEAT_PATCH = 'payout-call-heartbeat';
/** The request is answered once the debit is done, before the record write (one activity less on the seller's wait). */
export const ANSWER_AFTER_DEBIT_PATCH = 'answer-after-debit';
/** A refused payout request says why when the provider's reason is one the seller can act on (an expired rate); before: always "refused". */
export const REFUSAL_REASON_PATCH = 'payout-refusal-reason';
/**
 * Runs started since: the money moves and record writes are local activities, and the request is
 * answered once its record is written (the API answers from the update, without reading the record
 * back). Its marker implies the three patches above (one marker and one upsert per run, not three).
 */
export const WITHDRAWAL_LOCAL_STEPS_PATCH = 'withdrawal-local-steps';

/** The failure a provider's refusal of the request means: the locked rate gone, or a plain refusal. */
const refusalReason = (refusal: ProviderRefusal): FailureReason | 'rejected' =>
  refusal.code !== null && RATE_GONE_REFUSALS.includes(refusal.code) ? 'rate_expired' : 'rejected';

/** Marking a payout paid needs the reference that proves it (the provider's, for a payout made by hand). */
const needsReference = (_s: WithdrawalState, a: WithdrawalPaidArgs) =>
  (typeof a.reference === 'string' && a.reference.trim() ? null : { code: 'invalid', message: 'Marking paid needs the payment reference' });

const PROVIDER_FAILURE: Record<string, FailureReason> = {
  wrong_address: 'wrong_address', unverified_account: 'unverified_account', receive_only_hold: 'receive_only_hold',
};
const reasonOf = (failure: unknown): FailureReason =>
  typeof failure === 'string' && PROVIDER_FAILURE[failure] ? PROVIDER_FAILURE[failure]! : isFailureReason(failure) ? failure : 'provider_rejected';

/**
 * One withdrawal: request sent (available -> pending payout) -> payment in progress (the provider
 * is called with the key `withdrawal:<id>`) -> paid (pending cleared, earnings settled) or failed
 * (the money returns to available, once). Not confirmed in time -> delayed, waiting for support.
 */
export async function withdrawalWorkflow(input: WithdrawalInput): Promise<WithdrawalStatus | null> {
  const { request: r, timings } = input;
  const wf = workflowInfo().workflowId;
  const localSteps = patched(WITHDRAWAL_LOCAL_STEPS_PATCH);
  const store = localSteps ? localStore : remoteStore;
  const heartbeatMs = localSteps || patched(PAYOUT_HEARTBEAT_PATCH) ? Math.min(timings.providerHeartbeatMs ?? DEFAULT_WITHDRAWAL_TIMINGS.providerHeartbeatMs!, timings.providerCallTimeoutMs) : null;
  const payout = proxyActivities<PayoutActivities>(payoutActivities(timings, heartbeatMs));

  const run = new ProcessRunner<WithdrawalState, WithdrawalEvent>(T, {
    // A refused request ends before it has a record; its search attributes were never given a sub-state.
    attributes: (state) => state === 'refused'
      ? [{ key: SA.status, value: state }, { key: SA.waitingFor, value: 'nobody' }]
      : [{ key: SA.status, value: state }, { key: SA.subState, value: subStateOf(state) }, { key: SA.waitingFor, value: T.states[state].waitsFor ?? 'nobody' }],
  });
  let outcome: RequestOutcome | null = null;
  const inbox = new DecisionInbox<WithdrawalEvent>();
  let status: WithdrawalStatus = {
    ...r, state: run.state, status: statusLabel(run.state), balanceAfterCents: null, providerRef: null, paidAt: null, failedAt: null,
    reason: null, reasonText: null, reference: null, decisions: [],
  };

  setHandler(WITHDRAWAL_STATUS_QUERY, () => status);
  let asked = false;
  setHandler(requestOutcomeUpdate, async () => {
    asked = true;
    await condition(() => outcome !== null);
    return outcome!;
  });
  acceptActions(T, { state: () => run.state, inbox, answer: () => status }, [
    // A callback is answered at once; its effect follows (the provider only needs the receipt).
    { update: providerConfirmedUpdate, event: 'providerConfirmed', awaitTaken: false },
    { update: providerFailedUpdate, event: 'providerFailed', awaitTaken: false },
    { update: supportRetryUpdate, event: 'supportRetry' },
    { update: supportMarkPaidUpdate, event: 'supportMarkPaid', check: needsReference },
    { update: supportPaidByHandUpdate, event: 'supportPaidByHand', check: needsReference },
    { update: supportReturnMoneyUpdate, event: 'supportReturnMoney' },
  ]);

  const refresh = () => { status = { ...status, state: run.state, status: statusLabel(run.state), decisions: [...inbox.log] }; };
  const record = async () => {
    refresh();
    await run.record(run.state, (version) => store.recordWithdrawal({ status, version }));
  };
  const system = (event: WithdrawalEvent, data?: Record<string, unknown>): Decision<WithdrawalEvent> =>
    ({ event, actor: 'system', by: 'system', reason: null, at: Date.now(), ...(data ? { data } : {}) });

  /**
   * Applies a decision with its money effect; a repeat (a confirmation delivered twice) changes
   * nothing. A decision the table refuses now (the provider contradicting itself: paid after the money
   * returned) fails the workflow task loudly instead of being dropped: support must look at it.
   */
  const apply = async (d: Decision<WithdrawalEvent>, taken: boolean, beforeRecord?: () => void): Promise<void> => {
    if (run.to(d.event).repeat) return;
    if (!taken) inbox.take(d);
    const state = run.move(d.event).to;
    const support = d.actor === 'support' ? { by: d.by, reason: d.reason ?? undefined } : {};
    if (state === 'paid') {
      await store.completeWithdrawal({ sellerId: r.sellerId, withdrawalId: r.withdrawalId, opId: `${wf}:paid`, cents: r.fees.amountCents, method: r.method, ...support });
      const ref = typeof d.data?.reference === 'string' ? d.data.reference : null;
      const bySupport = d.event === 'supportMarkPaid' || d.event === 'supportPaidByHand';
      status = { ...status, paidAt: Date.now(), ...(bySupport ? { reference: ref?.trim() ?? null } : { providerRef: ref ?? status.providerRef }) };
    } else if (state === 'failed') {
      await store.returnWithdrawal({ sellerId: r.sellerId, withdrawalId: r.withdrawalId, opId: `${wf}:returned`, cents: r.fees.amountCents, ...support });
      const reason = d.event === 'supportReturnMoney' ? 'returned_by_support' : reasonOf(d.data?.failure);
      status = { ...status, failedAt: Date.now(), reason, reasonText: FAILURE_TEXT[reason] };
    }
    if (beforeRecord) {
      refresh();
      beforeRecord();
    }
    await record();
  };
  /** What the provider said about the payout, as a decision (pending says nothing). */
  const fromProvider = (p: PayoutView | null): Decision<WithdrawalEvent> | null =>
    p?.state === 'paid' ? system('providerConfirmed', { reference: p.reference })
      : p?.state === 'failed' ? system('providerFailed', { failure: p.failure })
        : null;

  // 1. Request sent: move the amount to pending payout (refused, nothing moved, when not enough is available).
  const debit = await store.debitWithdrawal({ sellerId: r.sellerId, withdrawalId: r.withdrawalId, opId: `${wf}:debit`, cents: r.fees.amountCents, method: r.method });
  if (!debit.ok) {
    run.move('debitRefused');
    run.upsert(run.state);
    outcome = { ok: false, code: 'insufficient_balance' };
    // A local debit can refuse within the first workflow task, before the API's question reached the
    // run: it must not end before answering it (bounded, for an API that died).
    if (localSteps) await condition(() => asked && allHandlersFinished(), '1 minute');
    return null;
  }
  status = { ...status, balanceAfterCents: debit.availableAfter };
  if (localSteps) {
    // The record is written in the same workflow task: the answer tells the seller it is in the history.
    await apply(system('debited'), false);
    outcome = { ok: true, status, recorded: true };
  } else if (patched(ANSWER_AFTER_DEBIT_PATCH)) {
    // The money has moved: the seller is answered now; the record write and its live event follow.
    await apply(system('debited'), false, () => { outcome = { ok: true, status }; });
  } else {
    await apply(system('debited'), false);
    outcome = { ok: true, status };
  }

  // 2. Payment: create (again after a support retry), then wait for the callback, polling as a fallback.
  let needCreate = true;
  let overdueAt = r.requestedAt + timings.overdueMs;
  while (!isFinal(T, run.state)) {
    if (needCreate && (run.state === 'sent' || run.state === 'in_progress')) {
      // Only the provider call's failure means "provider down" or "refused": a failure of our own money
      // move or record below is not the provider's and fails the run (support resets it once fixed).
      let p: Awaited<ReturnType<typeof payout.createPayout>>;
      try {
        p = await payout.createPayout({ key: wf, request: r });
      } catch (err) {
        if (!(err instanceof ActivityFailure)) throw err;
        const refusal = providerRefusalOf(err, 'payout');
        const failure = refusal && (localSteps || patched(REFUSAL_REASON_PATCH)) ? refusalReason(refusal) : 'rejected';
        await apply(refusal ? system('providerFailed', { failure }) : system('providerDown'), false);
        continue;
      }
      needCreate = false;
      if (isManualPayout(p)) {
        // No provider pays this method: support pays it by hand, by the time the seller was promised.
        status = { ...status, manualDueAt: r.requestedAt + timings.overdueMs };
        await apply(system('manualPayout'), false);
        continue;
      }
      status = { ...status, providerRef: p.payoutId };
      const early = inbox.poll(['providerConfirmed', 'providerFailed']);
      if (early) await apply(early, true);
      else if (run.state === 'sent') await apply(system('payoutCreated'), false);
      const d = fromProvider(p);
      if (d) await apply(d, false);
      continue;
    }
    if (run.state === 'manual_payout') {
      // No provider to poll: only support ends it.
      await apply((await inbox.next(['supportPaidByHand', 'supportReturnMoney'] as const))!, true);
      continue;
    }
    const waiting = run.state === 'in_progress' ? ['providerConfirmed', 'providerFailed'] as const
      : ['providerConfirmed', 'providerFailed', 'supportRetry', 'supportMarkPaid', 'supportReturnMoney'] as const;
    const until = run.state === 'in_progress' ? Math.min(Date.now() + timings.pollMs, overdueAt) : Date.now() + timings.pollMs;
    const d = await inbox.next(waiting, { deadlineAt: until });
    if (d) {
      if (d.event === 'supportRetry') {
        needCreate = true;
        overdueAt = Date.now() + timings.overdueMs;
      }
      await apply(d, true);
      continue;
    }
    if (run.state === 'in_progress' && Date.now() >= overdueAt) {
      await apply(system('overdue'), false);
      continue;
    }
    if (!needCreate) {
      let from: Decision<WithdrawalEvent> | null;
      try {
        from = fromProvider(await payout.payoutStatus({ key: wf, method: r.method, payoutId: status.providerRef }));
      } catch (err) {
        if (!(err instanceof ActivityFailure)) throw err; // the provider is down: ask again at the next poll
        continue;
      }
      if (from) await apply(from, false);
    }
  }
  return status;
}
