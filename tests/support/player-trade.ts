import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Client } from '@temporalio/client';
import type { Connection } from 'mongoose';
import {
  DEFAULT_PICK_LIMIT, playerPurchaseWorkflowId, PURCHASE_KIND, PURCHASE_UPDATES,
  type ListedCard, type PickOutcome, type PlayerPurchaseInput, type PurchaseStatus, type PurchaseTimings, type VerifyPolicy,
} from '../../domain/player-trade.js';
import { DEFAULT_PRICE_TABLE, type Platform } from '../../domain/pricing.js';
import { SA } from '../../domain/search-attributes.js';
import { cardsCollection, syncCards } from '../../infra/market/cards.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { GameAccounts } from '../../infra/player-trade/game-accounts.js';
import { createSimulator, type Simulator } from '../../infra/simulator/server.js';
import { createWorker } from '../../workers/worker.js';
import type { SignedInSeller } from './sellers.js';
import { eventually, testLogger } from './servers.js';
import { testKeyRing } from './secrets.js';

/** A provider simulator on port 0 with test steering on and no automatic market ticks. */
export async function startSimulator(size = 40): Promise<Simulator & { url: string }> {
  const sim = await createSimulator({ size, seed: 7, tickMs: 0, testControl: true });
  const url = await sim.listen(0);
  return Object.assign(sim, { url });
}

/** An in-process worker on the real Temporal that talks to the given simulator. */
export async function startPlayerWorker(db: Connection, taskQueue: string, providerUrl: string) {
  return createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue, db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') },
    market: createMarketGateway({ baseUrl: providerUrl, timeoutMs: 2_000 }),
    secrets: testKeyRing(),
  });
}

/** Copies the simulator's market into the test database (what the market-sync workflow does). */
export async function syncFromSimulator(db: Connection, providerUrl: string) {
  return syncCards(await cardsCollection(db.db!), await createMarketGateway({ baseUrl: providerUrl }).listCards());
}

export const FAST_TIMINGS: PurchaseTimings = { buyWindowMs: 20_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 };
export const FAST_VERIFY: VerifyPolicy = { maxAttempts: 3, initialIntervalMs: 100, maximumIntervalMs: 300, attemptTimeoutMs: 1_000 };

let n = 0;
export const newId = (p = 'p') => `${p}${Date.now().toString(36)}${(++n).toString(36)}${randomBytes(3).toString('hex')}`;

/** A game account for a seller on a platform. */
export async function addGameAccount(db: Connection, sellerId: string, platform: Platform, name = newId('acct')) {
  const accounts = await GameAccounts.open(db.db!);
  return accounts.add(sellerId, { platform, name });
}

/** Starts a purchase workflow and waits for the pick's answer, as the API does. */
export async function pick(client: Client, taskQueue: string, q: {
  sellerId: string; cardId: string; gameAccountId: string; purchaseId?: string;
  timings?: Partial<PurchaseTimings>; verify?: Partial<VerifyPolicy>;
}) {
  const purchaseId = q.purchaseId ?? newId();
  const input: PlayerPurchaseInput = {
    purchaseId, sellerId: q.sellerId, cardId: q.cardId, gameAccountId: q.gameAccountId,
    prices: DEFAULT_PRICE_TABLE, timings: { ...FAST_TIMINGS, ...q.timings }, verify: { ...FAST_VERIFY, ...q.verify },
    pickLimit: DEFAULT_PICK_LIMIT,
  };
  const handle = await client.workflow.start('playerPurchaseWorkflow', {
    taskQueue, workflowId: playerPurchaseWorkflowId(purchaseId), args: [input],
    typedSearchAttributes: [{ key: SA.sellerId, value: q.sellerId }, { key: SA.kind, value: PURCHASE_KIND }, { key: SA.status, value: 'picking' }],
  });
  const outcome: PickOutcome = await handle.executeUpdate(PURCHASE_UPDATES.pickOutcome);
  return { handle, outcome, purchaseId };
}

/** What the simulator page does: a game account buys the card. */
export async function buyOnSimulator(url: string, cardId: string, platform: Platform, gameAccount: string, price?: number) {
  const res = await fetch(`${url}/market/v1/cards/${cardId}/buy`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform, gameAccount, price }),
  });
  if (!res.ok) throw new Error(`simulator buy failed: ${res.status} ${await res.text()}`);
}

export async function steer(url: string, body: { mode?: 'normal' | 'reject' | 'error'; delayMs?: number; remaining?: number }) {
  await fetch(`${url}/test/verification`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * What a seller does through the API (and the provider's market page): picks the first listed card
 * once the market has synced, for a new game account named `accountName`, buys it on the market and
 * says so. The purchase id; the verification and credit follow in the worker.
 */
export async function buyListedCard(seller: SignedInSeller, providerUrl: string, accountName: string, syncMs = 30_000): Promise<string> {
  const call = async (path: string, body?: unknown) => {
    const res = await seller.fetch(path, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const cards = await eventually(async () => {
    const r = await call('/api/player-trade/cards?size=5');
    return r.status === 200 && r.body.items.length ? (r.body.items as ListedCard[]) : null;
  }, syncMs, 'market synced');
  const card = cards[0]!;
  const account = await call('/api/game-accounts', { platform: card.platform, name: accountName });
  if (account.status !== 201) throw new Error(`game account: ${account.status} ${JSON.stringify(account.body)}`);
  const picked = await call('/api/player-trade/picks', { cardId: card.id, gameAccountId: account.body.account.id });
  if (picked.status !== 201) throw new Error(`pick: ${picked.status} ${JSON.stringify(picked.body)}`);
  const purchaseId = (picked.body.purchase as PurchaseStatus).purchaseId;
  await buyOnSimulator(providerUrl, card.id, card.platform, accountName);
  const bought = await call(`/api/player-trade/purchases/${purchaseId}/bought`, {});
  if (bought.status !== 200) throw new Error(`bought: ${bought.status} ${JSON.stringify(bought.body)}`);
  return purchaseId;
}
