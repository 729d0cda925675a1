import { ActivityFailure, allHandlersFinished, condition, patched, proxyActivities, proxyLocalActivities, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import {
  cardIncomeCents, phaseOf, PURCHASE_STATUS_QUERY, purchaseSubState, PURCHASE_TABLE, PURCHASE_UPDATES, purchaseActions, purchaseStep, REASON_TEXT,
  verificationProblem,
  type PickOutcome, type PlayerPurchaseInput, type PurchaseEvent, type PurchaseState, type PurchaseStatus, type SupportDecision, type SupportResolveArgs,
} from '../domain/player-trade.js';
import { waitingForOf, type Decision } from '../domain/process.js';
import { SA } from '../domain/search-attributes.js';
import type { RecordActivities } from '../workers/activities/records.js';
import type { WalletActivities } from '../workers/activities/wallet.js';
import type { MarketActivities } from '../workers/activities/market.js';
import type { PurchaseEffect, StepActivities } from '../workers/activities/steps.js';
import { acceptActions, DecisionInbox, ProcessRunner } from './kernel.js';
import { LOCAL_STORE_ACTIVITIES, STORE_ACTIVITIES, verifyActivities } from './policies.js';
import { playerPurchaseV1 } from './player-purchase-v1.js';

const store = proxyActivities<MarketActivities & RecordActivities & WalletActivities>(STORE_ACTIVITIES);
const local = proxyLocalActivities<MarketActivities & StepActivities>(LOCAL_STORE_ACTIVITIES);

/** Runs started before the process kernel have no such marker in their history and finish on the old code. */
export const PURCHASE_KERNEL_PATCH = 'purchase-process-kernel';
/**
 * Runs started since: the database steps are local activities, each effect written with its record
 * in one step, search attributes upserted only when they change. Its marker implies the kernel's
 * (one patch marker and one change-version upsert per run instead of two).
 */
export const PURCHASE_LOCAL_STEPS_PATCH = 'purchase-local-steps';

const SUPPORT_EVENT: Record<SupportDecision['decision'], PurchaseEvent> = {
  verified: 'support_verified', rejected: 'support_rejected', retry: 'support_retry',
};
const SUPPORT_DECISION: Partial<Record<PurchaseEvent, SupportDecision['decision']>> = {
  support_verified: 'verified', support_rejected: 'rejected', support_retry: 'retry',
};

/**
 * One player purchase: reserve the picked card, wait for Player Bought / Not Bought / the buy
 * deadline, verify the purchase with the provider, credit the income as frozen and release it after
 * the freeze. Cannot be cancelled once the seller confirmed the purchase. Every move is a row of
 * PURCHASE_TABLE; every decision (seller, support, system) is kept with who, why and when.
 */
export async function playerPurchaseWorkflow(input: PlayerPurchaseInput): Promise<PurchaseStatus | null> {
  if (patched(PURCHASE_LOCAL_STEPS_PATCH)) return runPurchase(input, true);
  if (!patched(PURCHASE_KERNEL_PATCH)) return playerPurchaseV1(input);
  return runPurchase(input, false);
}

/** A move by the table with the record it writes (`event` null: a record of the current state). */
interface Move { event: PurchaseEvent | null; state: PurchaseState; status: PurchaseStatus | null }

/** `localSteps`: this run's history has PURCHASE_LOCAL_STEPS_PATCH (else it replays the remote-activity shape exactly). */
async function runPurchase(input: PlayerPurchaseInput, localSteps: boolean): Promise<PurchaseStatus | null> {
  const { verify, timings } = input;
  const opBase = `${workflowInfo().workflowId}:${input.cardId}`;
  const market = proxyActivities<MarketActivities>(verifyActivities(verify));
  const inbox = new DecisionInbox<PurchaseEvent>();

  /** Remote steps upsert on every record; local steps only when a value changed (the record of a support note changes none). */
  const run = new ProcessRunner<PurchaseState, PurchaseEvent, { state: PurchaseState; reason: PurchaseStatus['reason'] }>(PURCHASE_TABLE, {
    attributes: ({ state, reason }) => [
      { key: SA.status, value: state },
      { key: SA.subState, value: purchaseSubState({ state, reason }) },
      { key: SA.waitingFor, value: waitingForOf(PURCHASE_TABLE, state) },
    ],
    onlyChanged: localSteps,
  });
  let status: PurchaseStatus | null = null;
  let outcome: PickOutcome | null = null;

  /** The read model as clients see it: with the seller's allowed actions and the decision log. */
  const viewOf = (s: PurchaseStatus): PurchaseStatus => ({ ...s, actions: purchaseActions(s, Date.now()), decisions: [...inbox.log] });
  const view = () => viewOf(status!);
  /** Where a taken decision moves the purchase by the table, not yet taken (a move the table lacks is a bug: the task fails and retries). */
  const moved = (d: Decision<PurchaseEvent>, patch: Partial<PurchaseStatus> = {}): Move => {
    const to = run.to(d.event).to;
    return { event: d.event, state: to, status: status ? { ...status, ...patch, state: to, phase: phaseOf(to) } : null };
  };
  const apply = (d: Decision<PurchaseEvent>, patch: Partial<PurchaseStatus> = {}) => {
    ({ status } = moved(d, patch));
    run.move(d.event);
  };
  const system = (event: PurchaseEvent, reason: string | null = null) =>
    inbox.take({ event, actor: 'system', by: 'system', reason, at: Date.now() });
  /**
   * Writes the record of the move `next` (the current state when absent) after `effect`, then takes
   * the move: a query never shows a state whose effect (the money, the card) is not there yet.
   */
  const writeStep = async (effect: PurchaseEffect | null, next: Move = { event: null, state: run.state, status }) => {
    await run.record({ state: next.state, reason: next.status?.reason ?? null }, (version) => local.purchaseStep({ effect, status: viewOf(next.status!), version }));
    if (next.event) run.move(next.event);
    status = next.status;
  };
  const record = async () => {
    if (localSteps) return writeStep(null);
    await run.record({ state: run.state, reason: status?.reason ?? null }, (version) => store.recordPurchase({ status: view(), version }));
  };

  setHandler(PURCHASE_STATUS_QUERY, () => (status ? view() : null));
  let pickAsked = false;
  setHandler(PURCHASE_UPDATES.pickOutcome, async () => {
    pickAsked = true;
    await condition(() => outcome !== null);
    return outcome!;
  });
  acceptActions(PURCHASE_TABLE, { state: () => run.state, inbox, answer: view }, [
    {
      update: PURCHASE_UPDATES.bought, event: 'bought',
      check: () => {
        const r = purchaseStep(status!, 'bought', Date.now());
        return r.ok ? null : { code: r.code, message: r.message };
      },
    },
    { update: PURCHASE_UPDATES.notBought, event: 'not_bought' },
    { update: PURCHASE_UPDATES.supportResolve, event: (a: SupportResolveArgs) => SUPPORT_EVENT[a.decision] ?? null },
  ]);

  // 1. Pick: reserve the card for this seller (or refuse, changing nothing).
  const reserved = await (localSteps ? local : store).reservePurchase({
    purchaseId: input.purchaseId, sellerId: input.sellerId, cardId: input.cardId,
    gameAccountId: input.gameAccountId, pickLimit: input.pickLimit,
  });
  if (!reserved.ok) {
    apply(system('pick_refused', reserved.reason));
    outcome = { ok: false, reason: reserved.reason, message: REASON_TEXT[reserved.reason], ...(reserved.retryAt ? { retryAt: reserved.retryAt } : {}) };
    run.upsert({ state: run.state, reason: reserved.reason });
    // A local reservation can refuse within the first workflow task, before the starter's question
    // reached the run: it must not end before answering it (bounded, for a starter that died).
    if (localSteps) await condition(() => pickAsked && allHandlersFinished(), '1 minute');
    return null;
  }
  const pickedAt = Date.now();
  status = {
    purchaseId: input.purchaseId, sellerId: input.sellerId, state: run.state, phase: phaseOf(run.state),
    card: reserved.card, gameAccount: reserved.gameAccount, coinsSpent: reserved.card.buyNowPrice,
    incomeCents: cardIncomeCents(reserved.card, input.prices),
    pickedAt, deadline: pickedAt + timings.buyWindowMs,
    boughtAt: null, creditedAt: null, releaseAt: null, releasedAt: null, reason: null, detail: null, support: null, attempts: 0,
    actions: [], decisions: [],
  };
  apply(system('reserved'));
  await record();
  outcome = { ok: true, status: view() };

  // 2. The buy window: Player Bought, Not Bought, or the deadline.
  const answer = (await inbox.next(['bought', 'not_bought'], { deadlineAt: status.deadline, onDeadline: 'deadline' }))!;
  if (answer.event !== 'bought') {
    apply(answer, { reason: answer.event === 'not_bought' ? 'not_bought' : 'deadline_passed', releasedAt: Date.now() });
    // A normal activity in both shapes: its round trip lets a repeated click reach the run before it
    // ends (later ones the API answers from the record).
    await store.releasePick({ purchaseId: input.purchaseId, cardId: input.cardId, gameAccountId: input.gameAccountId });
    await record();
    return view();
  }

  // 3. Bought: from here on the purchase cannot be cancelled.
  apply(answer, { boughtAt: answer.at });
  const s = status as PurchaseStatus;
  const sold = { purchaseId: input.purchaseId, cardId: input.cardId, gameAccountId: input.gameAccountId, cooldownUntil: answer.at + timings.cooldownMs };
  if (localSteps) await writeStep({ kind: 'confirmBought', ...sold });
  else {
    await store.confirmBought(sold);
    await record();
  }

  // 4. Verify with the provider (bounded retries); a provider that stays down leaves it to support.
  let verdict: Decision<PurchaseEvent> | null = null;
  while (verdict === null) {
    status = { ...status!, attempts: status!.attempts + 1 };
    try {
      const got = await market.verifyPurchase({ cardId: s.card.id, platform: s.card.platform, gameAccount: s.gameAccount.name });
      const problem = verificationProblem(got, status!);
      verdict = system(problem ? 'not_verified' : 'verified', problem);
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      apply(system('provider_down', 'the market provider did not answer'), { detail: 'The market provider did not answer; support will check this purchase.' });
      await record();
      const d = (await inbox.next(['support_verified', 'support_rejected', 'support_retry']))!;
      const support: SupportDecision = { decision: SUPPORT_DECISION[d.event]!, by: d.by, reason: d.reason ?? '', at: d.at };
      if (d.event === 'support_rejected') {
        verdict = d;
        break;
      }
      apply(d, { support });
      await record();
      if (d.event === 'support_verified') verdict = d;
    }
  }

  if (verdict.event !== 'verified' && verdict.event !== 'support_verified') {
    const bySupport = verdict.event === 'support_rejected';
    if (!bySupport) apply(verdict, { reason: 'not_verified', detail: verdict.reason });
    else apply(verdict, { reason: 'support_rejected', detail: verdict.reason, support: { decision: 'rejected', by: verdict.by, reason: verdict.reason ?? '', at: verdict.at } });
    if (localSteps) await writeStep({ kind: 'returnUnverifiedCard', purchaseId: input.purchaseId, cardId: input.cardId });
    else {
      await store.returnUnverifiedCard({ purchaseId: input.purchaseId, cardId: input.cardId });
      await record();
    }
    return view();
  }

  // 5. Verified: credit the income as frozen, once (the operation id is this purchase's and this card's).
  const by = verdict.event === 'support_verified' ? { by: verdict.by, reason: verdict.reason ?? '' } : null;
  if (by) verdict = system('verified', 'support verified');
  const credit = { sellerId: input.sellerId, opId: `${opBase}:credit`, cents: s.incomeCents, purchaseId: input.purchaseId, ...(by ?? {}) };
  // Frozen only once the money is there: a status read never shows income the wallet does not hold.
  if (localSteps) await writeStep({ kind: 'creditFrozen', ...credit }, moved(verdict, { creditedAt: Date.now(), releaseAt: answer.at + timings.freezeMs }));
  else {
    await store.creditFrozen(credit);
    apply(verdict, { creditedAt: Date.now(), releaseAt: answer.at + timings.freezeMs });
    await record();
  }

  // 6. The freeze: a durable timer, then the income becomes available.
  await sleep(Math.max(0, (status as PurchaseStatus).releaseAt! - Date.now()));
  const ended = system('freeze_ended');
  const release = { sellerId: input.sellerId, opId: `${opBase}:release`, cents: s.incomeCents, purchaseId: input.purchaseId };
  if (localSteps) await writeStep({ kind: 'releaseFrozen', ...release }, moved(ended, { releasedAt: Date.now() }));
  else {
    await store.releaseFrozen(release);
    apply(ended, { releasedAt: Date.now() });
    await record();
  }
  return view();
}
