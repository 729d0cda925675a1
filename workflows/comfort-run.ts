/**
 * One comfort run (`comfort-run:<id>`): the provider logs in to the seller's game account and moves
 * its coins in chunks; errors wait for the seller (new login details) or support (retry, cancel);
 * the income of the coins actually transferred is credited once, frozen for the review, then
 * released. Every move is a step of COMFORT_TABLE (domain/comfort-trade.ts).
 */
import {
  ActivityFailure, CancellationScope, condition, isCancellation, patched, proxyActivities, setHandler, sleep, workflowInfo,
} from '@temporalio/workflow';
import {
  COMFORT_SIGNALS, COMFORT_STATUS_QUERY, COMFORT_TABLE, COMFORT_UPDATES, RESUBMIT_NOT_NEEDED, RESUBMIT_UPLOAD_TTL_MS, comfortIncomeCents, errorEvent, resubmitAsks, retryDelayMs, viewStatus,
  type ComfortEvent, type ComfortResubmitArgs, type ComfortRunInput, type OrderSnapshot, type ComfortRunView, type ComfortState, type ComfortSubState,
} from '../domain/comfort-trade.js';
import { TRY_AGAIN } from '../domain/messages.js';
import type { Decision } from '../domain/process.js';
import { SA } from '../domain/search-attributes.js';
import type { RecordActivities } from '../workers/activities/records.js';
import type { TransferActivities } from '../workers/activities/transfer.js';
import type { WalletActivities } from '../workers/activities/wallet.js';
import { acceptActions, acceptSignal, DecisionInbox, ProcessRunner } from './kernel.js';
import { COMFORT_STORE_ACTIVITIES, TRANSFER_ACTIVITIES, transferWatchActivities } from './policies.js';

const { resubmit: resubmitUpdate, retry: retryUpdate, cancel: cancelUpdate, markResolved: markResolvedUpdate } = COMFORT_UPDATES;

// Closing the transfer phase (endTransferPhase) is ours too: it retries like a database write.
type StoreActivities = RecordActivities & WalletActivities & Pick<TransferActivities, 'endTransferPhase'>;
const defaultStore = proxyActivities<StoreActivities>(COMFORT_STORE_ACTIVITIES);

/** The comfort run workflow. */
export async function comfortRunWorkflow(input: ComfortRunInput): Promise<ComfortRunView> {
  const t = input.timings;
  // Activity options are not part of replay: a run given a shorter attempt timeout replays as any other.
  const store = t.storeAttemptMs ? proxyActivities<StoreActivities>({ ...COMFORT_STORE_ACTIVITIES, startToCloseTimeout: t.storeAttemptMs }) : defaultStore;
  // Provider calls: a few quick retries; beyond that the run's own bounded backoff (Error) takes over.
  const provider = proxyActivities<TransferActivities>(TRANSFER_ACTIVITIES);
  const watcher = proxyActivities<TransferActivities>(transferWatchActivities(t));
  const opBase = workflowInfo().workflowId;
  const inbox = new DecisionInbox<ComfortEvent>();
  const accountKey = `${input.platform}:${input.originEmail}`;

  // Version 1 is the record the API wrote before starting the workflow; the runner's execution writes above it and above any earlier execution's.
  const run = new ProcessRunner<ComfortState, ComfortEvent, ComfortRunView>(COMFORT_TABLE, {
    attributes: (v) => [
      { key: SA.sellerId, value: input.sellerId }, { key: SA.kind, value: COMFORT_TABLE.kind }, { key: SA.status, value: v.status },
      { key: SA.subState, value: v.subState }, { key: SA.waitingFor, value: v.waitingFor },
    ],
  });
  let subState: ComfortSubState = 'none';
  let lastSeq = 0;
  let attempts = 0;
  const p = { coinsTransferred: 0, successCount: 0, totalCount: 0 };
  const times = { completedAt: null as number | null, creditedAt: null as number | null, releaseAt: null as number | null, paidAt: null as number | null };
  let creditedCents: number | null = null;
  // When a run waiting for the seller closes; told to the seller (notifications, the record), it is no command, so replay is unchanged.
  let fixBy: number | null = null;
  // The game account's email: a resubmit after Wrong Account/Password may correct it (the decision's data carries it, so replay is unchanged).
  let originEmail = input.originEmail;
  // How the seller logs in: a new second factor of the other kind switches it (the decision's data carries it, so replay is unchanged).
  let loginMethod = input.loginMethod;
  // The transfer's pace for its ETA (domain/comfort-trade/eta.ts): shown to the seller, no command, so replay is unchanged.
  let pace = { startedAt: Date.now(), partsAtStart: 0, progressAt: Date.now() };

  const view = (): ComfortRunView => ({
    runId: input.runId, sellerId: input.sellerId, ...viewStatus(run.state, subState),
    platform: input.platform, originEmail, loginMethod, transferTime: input.transferTime,
    coinAmount: input.coinAmount, ...p, unitPriceCents: input.unitPriceCents,
    estimatedIncomeCents: comfortIncomeCents(input.coinAmount, input.unitPriceCents), creditedCents, attempts,
    createdAt: input.createdAt, ...times, fixBy: run.state === 'waiting_seller' ? fixBy : null,
    pace: run.state === 'transferring' ? { ...pace } : null, decisions: [...inbox.log], version: run.version,
  });
  const record = async (note: string) => {
    const v = view();
    await run.record(v, (version) => store.recordComfortRun({ view: { ...v, version }, note }));
  };
  const go = (event: ComfortEvent, sub: ComfortSubState = subState) => {
    const was = run.state;
    run.move(event);
    subState = sub;
    // A transfer that starts again after an error is timed afresh: the pause is not its pace.
    if (run.state === 'transferring' && was !== 'transferring') pace = { startedAt: Date.now(), partsAtStart: p.successCount, progressAt: Date.now() };
  };
  const decided = (d: Decision<ComfortEvent>) => `${d.event} by ${d.by}${d.reason ? `: ${d.reason}` : ''}`;

  setHandler(COMFORT_STATUS_QUERY, view);
  acceptActions(COMFORT_TABLE, { state: () => run.state, inbox, answer: view }, [
    {
      update: resubmitUpdate, event: 'resubmit',
      check: (_s: ComfortState, a: ComfortResubmitArgs) => {
        if (!(typeof a.newRef === 'string' && a.newRef.startsWith('secret:'))) return { code: 'invalid', message: 'New login details are required' };
        // An upload the sweep may soon destroy is not taken; the seller's retry seals a fresh one. (A validator: not replayed.)
        if (typeof a.sealedAt === 'number' && Date.now() - a.sealedAt > RESUBMIT_UPLOAD_TTL_MS / 2) return { code: 'unavailable', message: TRY_AGAIN };
        // Details checked against another error than the one the run waits on now (the record lagged) are not what it needs.
        if (a.asks !== undefined && run.state === 'waiting_seller' && a.asks !== resubmitAsks(subState)) return { code: 'resubmit_not_needed', message: RESUBMIT_NOT_NEEDED };
        return null;
      },
    },
    { update: retryUpdate, event: 'retry' },
    { update: cancelUpdate, event: 'cancel' },
    { update: markResolvedUpdate, event: 'markResolved' },
  ]);
  acceptSignal(COMFORT_TABLE, { state: () => run.state, inbox }, COMFORT_SIGNALS.payoutDetailsSaved, 'payoutDetailsSaved');

  /** Applies a provider snapshot newer than the last one; older or repeated ones change nothing. */
  const applySnapshot = async (snap: OrderSnapshot): Promise<void> => {
    if (snap.seq <= lastSeq) return;
    lastSeq = snap.seq;
    const moved = snap.coinsTransferred !== p.coinsTransferred || snap.successCount !== p.successCount || snap.totalCount !== p.totalCount;
    if (snap.successCount !== p.successCount) pace.progressAt = Date.now();
    Object.assign(p, { coinsTransferred: snap.coinsTransferred, successCount: snap.successCount, totalCount: snap.totalCount });
    if (snap.state === 'completed') {
      go('completed', 'none');
      times.completedAt = Date.now();
      await record('transfer completed');
    } else if (snap.state === 'error' && snap.error && snap.error !== 'provider_error') {
      go(errorEvent(snap.error), snap.error);
      if (run.state === 'waiting_seller') fixBy = Date.now() + t.sellerFixMs;
      await record(`provider error: ${snap.error}`);
    } else if (snap.state === 'error' || snap.state === 'cancelled') {
      attempts++;
      go('failed', 'provider_error');
      await record('provider error');
    } else if (moved) {
      go('progress');
      await record('progress');
    }
  };
  const providerFailed = async (what: string) => {
    attempts++;
    go('failed', 'provider_error');
    await record(`provider unavailable (${what})`);
  };
  /** Calls the provider; an unreachable or refusing provider is a plain error (bounded retries, then support). */
  const call = async (what: string, f: () => Promise<OrderSnapshot>): Promise<boolean> => {
    try {
      await applySnapshot(await f());
      return true;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      await providerFailed(what);
      return false;
    }
  };
  /** Stops the transfer at the provider; coins its answer says moved since the last snapshot are counted (and so credited). */
  const cancelAtProvider = async () => {
    let snap: OrderSnapshot;
    try { snap = await provider.cancelTransfer({ runId: input.runId }); } catch (err) { if (!(err instanceof ActivityFailure)) throw err; return; }
    // Runs that cancelled before this change threw the answer away.
    if (patched('comfort-cancel-counts-coins') && snap.seq > lastSeq) {
      lastSeq = snap.seq;
      Object.assign(p, { coinsTransferred: snap.coinsTransferred, successCount: snap.successCount, totalCount: snap.totalCount });
    }
  };

  // 1. Hand the order to the provider.
  await call('submit', () => provider.submitTransfer({
    runId: input.runId, credentialsRef: input.credentialsRef, platform: input.platform, coins: input.coinAmount, transferTime: input.transferTime,
  }));

  // 2. The transfer phase: watch progress, wait for whoever must act on an error.
  while (run.state !== 'transfer_completed' && run.state !== 'stopped') {
    if (run.state === 'transferring') {
      const cancel = inbox.poll(['cancel']);
      if (cancel) {
        await cancelAtProvider();
        go('cancel', 'cancelled');
        await record(decided(cancel));
        break;
      }
      let snap: OrderSnapshot | null = null;
      let failed = false;
      const scope = new CancellationScope();
      const watching = scope.run(() => watcher.watchTransfer({ runId: input.runId, afterSeq: lastSeq, pollMs: t.pollMs, watchMs: t.watchMs }))
        .then((s) => { snap = s; }, (err) => {
          if (isCancellation(err)) return;
          if (!(err instanceof ActivityFailure)) throw err;
          failed = true;
        });
      await condition(() => snap !== null || failed || inbox.pending('cancel') !== null);
      if (snap === null && !failed) {
        scope.cancel();
        await watching;
        continue; // the loop takes the cancel
      }
      await watching;
      if (failed) await providerFailed('watch');
      else await applySnapshot(snap!);
    } else if (run.state === 'retrying') {
      if (attempts > t.errorRetries) {
        go('gaveUp', 'retries_exhausted');
        await record('retries exhausted');
        continue;
      }
      const d = await inbox.next(['cancel'], { deadlineAt: Date.now() + retryDelayMs(t, attempts), onDeadline: 'retryDue' });
      if (d!.event === 'cancel') {
        await cancelAtProvider();
        go('cancel', 'cancelled');
        await record(decided(d!));
        break;
      }
      go('retryDue', 'none');
      await record(`retry ${attempts}`);
      await call('resume', () => provider.resumeTransfer({ runId: input.runId }));
    } else if (run.state === 'waiting_seller') {
      const d = (await inbox.next(['resubmit', 'cancel'], { deadlineAt: Date.now() + t.sellerFixMs, onDeadline: 'expire' }))!;
      if (d.event === 'resubmit') {
        go('resubmit', 'none');
        attempts = 0;
        if (typeof d.data?.email === 'string') originEmail = d.data.email;
        if (d.data?.loginMethod === 'backup_codes' || d.data?.loginMethod === 'auth_secret') loginMethod = d.data.loginMethod;
        await record(decided(d));
        await call('resubmit', () => provider.resubmitTransfer({ runId: input.runId, credentialsRef: input.credentialsRef, newRef: String(d.data?.newRef) }));
      } else {
        await cancelAtProvider();
        go(d.event, d.event === 'expire' ? 'expired' : 'cancelled');
        await record(decided(d));
      }
    } else {
      // waiting_support or stalled
      const d = (await inbox.next(['retry', 'cancel']))!;
      if (d.event === 'retry') {
        go('retry', 'none');
        attempts = 0;
        await record(decided(d));
        await call('resume', () => provider.resumeTransfer({ runId: input.runId }));
      } else {
        await cancelAtProvider();
        go('cancel', 'cancelled');
        await record(decided(d));
      }
    }
  }

  // 3. The transfer is over: the login details are destroyed, the game account free for a new run.
  await store.endTransferPhase({ runId: input.runId, credentialsRef: input.credentialsRef, accountKey });
  if (run.state === 'stopped') {
    if (p.coinsTransferred > 0) {
      go('settle');
      times.completedAt = Date.now();
      await record('settled with the coins transferred');
    } else {
      go('close');
      await record('closed');
      return view();
    }
  }
  if (p.coinsTransferred === 0) {
    go('close');
    await record('nothing transferred');
    return view();
  }

  // 4. Payment: the payout settings must be usable. The seller saving valid ones (the API signals
  // every run in Payment Error) or support marking it resolved tries again.
  while (!(await store.paymentSettingsOk({ sellerId: input.sellerId }))) {
    go('paymentInvalid', 'none');
    await record('payment settings missing');
    // The API finds the runs to signal by their record, written just above: a save between the
    // check and that write found nothing to signal, so look once more now the record says Payment Error.
    if (patched('payment-error-recheck') && (await store.paymentSettingsOk({ sellerId: input.sellerId }))) {
      go('payoutDetailsSaved', 'payment_retry');
      await record('payment details saved meanwhile');
      continue;
    }
    const d = (await inbox.next(['markResolved', 'payoutDetailsSaved']))!;
    go(d.event, d.event === 'payoutDetailsSaved' ? 'payment_retry' : subState);
    await record(decided(d));
  }
  creditedCents = comfortIncomeCents(p.coinsTransferred, input.unitPriceCents);
  await store.creditComfort({ sellerId: input.sellerId, opId: `${opBase}:credit`, cents: creditedCents, runId: input.runId });
  times.creditedAt = Date.now();
  times.releaseAt = times.creditedAt + t.reviewMs;
  // The retry is over once the income is credited.
  go('credit', (subState as ComfortSubState) === 'payment_retry' ? 'none' : subState);
  await record('credited, under review');

  // 5. The review: a durable timer, then the income becomes available.
  await sleep(Math.max(0, times.releaseAt - Date.now()));
  await store.releaseComfort({ sellerId: input.sellerId, opId: `${opBase}:release`, cents: creditedCents, runId: input.runId });
  times.paidAt = Date.now();
  go('reviewEnded');
  await record('paid');
  return view();
}
