/** Comfort trade test helpers: a simulator and worker wired together, fast timings, submissions. */
import { inject } from 'vitest';
import type { Connection } from 'mongoose';
import type { ComfortRunView, ComfortTimings } from '../../domain/comfort-trade.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createSimulator, type Simulator } from '../../infra/simulator/server.js';
import { createWorker } from '../../workers/worker.js';
import type { Logger } from '../../infra/logger.js';
import type { PayoutDeps } from '../../workers/activities/payout.js';
import { testLogger, eventually } from './servers.js';
import { testKeyRing } from './secrets.js';
import type { SignedInSeller } from './sellers.js';

/** Run timings for tests: seconds instead of days. */
export const FAST_COMFORT: ComfortTimings = {
  reviewMs: 1_500, sellerFixMs: 20_000, pollMs: 100, watchMs: 3_000, errorRetries: 2, retryInitialMs: 100, retryMaxMs: 300,
};

/** A simulator whose transfers take ~100 ms per 50K chunk. */
export async function startTransferSimulator(): Promise<Simulator & { url: string }> {
  const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, testControl: true, transferTiming: { loginMs: 100, chunkMs: 100, chunkCoins: 50_000 } });
  const url = await sim.listen(0);
  return Object.assign(sim, { url });
}

/** A worker for comfort runs (and, given `payouts`, withdrawals) on `taskQueue`; `logger` receives its lines. */
export async function startComfortWorker(db: Connection, taskQueue: string, providerUrl: string, payouts?: PayoutDeps, logger: Logger = testLogger()) {
  return createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue, db, logger,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    transfer: createTransferGateway({ baseUrl: providerUrl, timeoutMs: 2_000 }),
    secrets: testKeyRing(),
    ...(payouts ? { payouts } : {}),
  });
}

let n = 0;
export const gameEmail = (p = 'game') => `${p}-${Date.now().toString(36)}${(++n).toString(36)}@example.com`;
/** Six fresh 8-digit backup codes. */
export const freshCodes = (): string[] => Array.from({ length: 6 }, () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)));

export const submission = (over: Record<string, unknown> = {}) => ({
  platform: 'ps', coinAmount: 200_000, transferTime: '24h', email: gameEmail(), password: 'Game-Pass-1', backupCodes: freshCodes(), ...over,
});

/** POSTs a JSON body to the simulator's steering endpoints. */
export async function steerTransfer(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}/test/transfer/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`steer ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function submit(seller: SignedInSeller, body: Record<string, unknown>): Promise<ComfortRunView> {
  const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { run: ComfortRunView }).run;
}

export async function readRun(seller: SignedInSeller, runId: string): Promise<ComfortRunView> {
  const res = await seller.fetch(`/api/comfort-trade/runs/${runId}`);
  return ((await res.json()) as { run: ComfortRunView }).run;
}

/** Waits until the run's record matches `pred`. */
export async function runWhere(seller: SignedInSeller, runId: string, pred: (r: ComfortRunView) => boolean, what: string, ms = 30_000): Promise<ComfortRunView> {
  let seen: ComfortRunView | null = null;
  try {
    return await eventually(async () => { seen = await readRun(seller, runId); return pred(seen) ? seen : null; }, ms, what);
  } catch (err) {
    // Where the run stood when the wait gave up tells a slow machine from a stuck run.
    const at = seen as ComfortRunView | null;
    throw at ? new Error(`${(err as Error).message} (run ${runId} was ${at.status}/${at.subState}, waiting for ${at.waitingFor})`) : err;
  }
}
