/**
 * The purchase workflow as it ran before the process kernel (histories without the
 * `purchase-process-kernel` patch marker). Kept unchanged so runs started by older workers finish
 * and their histories replay; new runs take workflows/player-purchase.ts. Remove once no such run
 * is open (then `deprecatePatch`).
 */
import {
  ActivityFailure, ApplicationFailure, condition, defineUpdate, proxyActivities, setHandler, sleep,
  upsertSearchAttributes, workflowInfo,
} from '@temporalio/workflow';
import {
  checkBought, checkNotBought, phaseOf, PURCHASE_STATUS_QUERY, PURCHASE_UPDATES, REASON_TEXT,
  type PickOutcome, type PlayerPurchaseInput, type PurchaseState, type PurchaseStatus, type SupportDecision,
} from '../domain/player-trade.js';
import { cardIncomeCents } from '../domain/player-trade.js';
import { SA } from '../domain/search-attributes.js';
import type { RecordActivities } from '../workers/activities/records.js';
import type { WalletActivities } from '../workers/activities/wallet.js';
import type { MarketActivities } from '../workers/activities/market.js';
import type { VerifyAnswer } from '../infra/market/contract.js';
import { STORE_ACTIVITIES, verifyActivities } from './policies.js';

const store = proxyActivities<MarketActivities & RecordActivities & WalletActivities>(STORE_ACTIVITIES);
const { pickOutcome: pickOutcomeUpdate, supportResolve: supportResolveUpdate } = PURCHASE_UPDATES;
const boughtUpdate = defineUpdate<PurchaseStatus>(PURCHASE_UPDATES.bought.name);
const notBoughtUpdate = defineUpdate<PurchaseStatus>(PURCHASE_UPDATES.notBought.name);
const purchaseStatusQuery = PURCHASE_STATUS_QUERY;

const refuse = (code: string, message: string) => ApplicationFailure.create({ type: code, message, nonRetryable: true });

/**
 * One player purchase: reserve the picked card, wait for Player Bought / Not Bought / the buy
 * deadline, verify the purchase with the provider, credit the income as frozen and release it after
 * the freeze. Cannot be cancelled once the seller confirmed the purchase.
 */
export async function playerPurchaseV1(input: PlayerPurchaseInput): Promise<PurchaseStatus | null> {
  const { verify, timings } = input;
  const opBase = workflowInfo().workflowId;
  const market = proxyActivities<MarketActivities>(verifyActivities(verify));

  let status: PurchaseStatus | null = null;
  let outcome: PickOutcome | null = null;
  let decision: 'bought' | 'not_bought' | null = null;
  let support: SupportDecision | null = null;
  let version = 0;

  const move = (state: PurchaseState, patch: Partial<PurchaseStatus> = {}) => {
    status = { ...status!, ...patch, state, phase: phaseOf(state) };
  };
  const record = async () => {
    upsertSearchAttributes([{ key: SA.status, value: status!.state }]);
    await store.recordPurchase({ status: { ...status! }, version: ++version });
  };

  setHandler(purchaseStatusQuery, () => status);
  setHandler(pickOutcomeUpdate, async () => {
    await condition(() => outcome !== null);
    return outcome!;
  });

  setHandler(boughtUpdate, () => {
    if (checkBought(status!, Date.now()) === 'accept') {
      decision = 'bought';
      move('checking', { boughtAt: Date.now() });
    }
    return status!;
  }, {
    validator: () => {
      if (!status) throw refuse('card_unavailable', REASON_TEXT.card_unavailable);
      const verdict = checkBought(status, Date.now());
      if (verdict !== 'accept' && verdict !== 'repeat') throw refuse(verdict, REASON_TEXT[verdict]);
    },
  });

  setHandler(notBoughtUpdate, () => {
    if (checkNotBought(status!) === 'accept') decision = 'not_bought';
    return status!;
  }, {
    validator: () => {
      if (!status) throw refuse('card_unavailable', REASON_TEXT.card_unavailable);
      const verdict = checkNotBought(status);
      if (verdict === 'already_bought') throw refuse('already_bought', 'The purchase was confirmed and cannot be cancelled.');
      if (verdict === 'deadline_passed') throw refuse('deadline_passed', REASON_TEXT.deadline_passed);
    },
  });

  setHandler(supportResolveUpdate, ({ decision: d, by, reason }) => {
    support = { decision: d, by, reason, at: Date.now() };
    return status!;
  }, {
    validator: ({ by, reason, decision: d }) => {
      if (!status || status.state !== 'stuck') throw refuse('not_stuck', 'Only a stuck verification can be resolved by hand');
      if (!by?.trim() || !reason?.trim()) throw refuse('invalid', 'Support must say who and why');
      if (!['verified', 'rejected', 'retry'].includes(d)) throw refuse('invalid', 'Unknown decision');
    },
  });

  // 1. Pick: reserve the card for this seller (or refuse, changing nothing).
  const reserved = await store.reservePurchase({
    purchaseId: input.purchaseId, sellerId: input.sellerId, cardId: input.cardId,
    gameAccountId: input.gameAccountId, pickLimit: input.pickLimit,
  });
  if (!reserved.ok) {
    outcome = { ok: false, reason: reserved.reason, message: REASON_TEXT[reserved.reason], ...(reserved.retryAt ? { retryAt: reserved.retryAt } : {}) };
    upsertSearchAttributes([{ key: SA.status, value: 'refused' }]);
    return null;
  }
  const pickedAt = Date.now();
  status = {
    purchaseId: input.purchaseId, sellerId: input.sellerId, state: 'reserved', phase: 'processing',
    card: reserved.card, gameAccount: reserved.gameAccount, coinsSpent: reserved.card.buyNowPrice,
    incomeCents: cardIncomeCents(reserved.card, input.prices),
    pickedAt, deadline: pickedAt + timings.buyWindowMs,
    boughtAt: null, creditedAt: null, releaseAt: null, releasedAt: null, reason: null, detail: null, support: null, attempts: 0,
    actions: [], decisions: [],
  };
  await record();
  outcome = { ok: true, status: { ...status } };

  // 2. The buy window: Player Bought, Not Bought, or the deadline.
  const answered = await condition(() => decision !== null, Math.max(0, status.deadline - Date.now()));
  if (!answered || decision === 'not_bought') {
    await store.releasePick({ purchaseId: input.purchaseId, cardId: input.cardId, gameAccountId: input.gameAccountId });
    move(answered ? 'released' : 'expired', { reason: answered ? 'not_bought' : 'deadline_passed', releasedAt: Date.now() });
    await record();
    return status;
  }

  // 3. Bought: from here on the purchase cannot be cancelled.
  const s = status as PurchaseStatus;
  await store.confirmBought({
    purchaseId: input.purchaseId, cardId: input.cardId, gameAccountId: input.gameAccountId,
    cooldownUntil: s.boughtAt! + timings.cooldownMs,
  });
  await record();

  // 4. Verify with the provider (bounded retries); a provider that stays down leaves it to support.
  let verified: VerifyAnswer | 'support_verified' | 'support_rejected' | null = null;
  while (verified === null) {
    try {
      move('checking', { attempts: (status as PurchaseStatus).attempts + 1 });
      const answer = await market.verifyPurchase({ cardId: s.card.id, platform: s.card.platform, gameAccount: s.gameAccount.name });
      verified = answer;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      move('stuck', { detail: 'The market provider did not answer; support will check this purchase.' });
      await record();
      support = null;
      await condition(() => support !== null);
      const d = support as SupportDecision | null;
      move('checking', { support: d });
      await record();
      if (d!.decision === 'verified') verified = 'support_verified';
      else if (d!.decision === 'rejected') verified = 'support_rejected';
    }
  }

  if (verified === 'support_rejected' || (typeof verified === 'object' && !verified.bought)) {
    await store.returnUnverifiedCard({ purchaseId: input.purchaseId, cardId: input.cardId });
    const why = verified === 'support_rejected' ? 'support_rejected' : 'not_verified';
    move('rejected', {
      reason: why,
      detail: typeof verified === 'object' && !verified.bought ? verified.reason : (status as PurchaseStatus).support?.reason ?? null,
    });
    await record();
    return status;
  }

  // 5. Verified: credit the income as frozen, once (the operation id is the workflow's).
  const by = verified === 'support_verified' ? (status as PurchaseStatus).support! : null;
  await store.creditFrozen({
    sellerId: input.sellerId, opId: `${opBase}:credit`, cents: s.incomeCents, purchaseId: input.purchaseId,
    ...(by ? { by: by.by, reason: by.reason } : {}),
  });
  const creditedAt = Date.now();
  move('frozen', { creditedAt, releaseAt: s.boughtAt! + timings.freezeMs });
  await record();

  // 6. The freeze: a durable timer, then the income becomes available.
  await sleep(Math.max(0, (status as PurchaseStatus).releaseAt! - Date.now()));
  await store.releaseFrozen({ sellerId: input.sellerId, opId: `${opBase}:release`, cents: s.incomeCents, purchaseId: input.purchaseId });
  move('available', { releasedAt: Date.now() });
  await record();
  return status;
}
