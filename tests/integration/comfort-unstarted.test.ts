/**
 * A single submission whose request died between writing the run's first record and starting its
 * workflow: the record is written by the real service, whose Temporal start fails once (as when the
 * replica is killed or Temporal does not answer in time). Nothing the seller submitted may be lost:
 * a retry of the same request starts the run, and without a retry the vault sweep does.
 */
import { describe, expect, vi } from 'vitest';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { SUBMITTED_CREDENTIALS_TTL_MS, comfortRunWorkflowId } from '../../domain/comfort-trade.js';
import { TRY_AGAIN } from '../../domain/messages.js';
import { SECRETS_COLLECTION, SecretVault } from '../../infra/secrets/vault.js';
import { ComfortRuns, RUNS_COLLECTION } from '../../infra/comfort/runs.js';
import { createComfortService, runIdFor } from '../../api/comfort-trade/service.js';
import { comfortTradeOptions } from '../../infra/comfort/trade-settings.js';
import { sweepSealedSecrets } from '../../infra/comfort/secret-sweeper.js';
import { recordedRunStarter } from '../../infra/comfort/unstarted.js';
import { testKeyRing } from '../support/secrets.js';
import { runWhere, submission } from '../support/comfort.js';
import { comfortWorldTest, type ComfortWorld } from '../support/worlds.js';

/** The client as a dying request sees it: every workflow start fails after the record was written. */
const startsFail = (client: Client): Client => {
  const workflow = Object.create(client.workflow, { start: { value: async () => { throw new Error('the request died before the run started'); } } });
  return Object.create(client, { workflow: { value: workflow } }) as Client;
};

const test = comfortWorldTest();

describe('a submission recorded but never started', () => {
  const options = (w: ComfortWorld) => comfortTradeOptions({ taskQueue: w.queue, timings: w.timings, secrets: testKeyRing() });
  const workflowExists = async (w: ComfortWorld, runId: string) => {
    try {
      await w.temporal.client.workflow.getHandle(comfortRunWorkflowId(runId)).describe();
      return true;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return false;
      throw err;
    }
  };
  /** What the sweeper of a replica on this queue gets. */
  const sweepDeps = async (w: ComfortWorld) => {
    const vault = await SecretVault.open(w.app.db.db!, testKeyRing());
    return { vault, temporal: w.temporal.client, runs: await ComfortRuns.open(w.app.db.db!), startRecorded: recordedRunStarter({ client: w.temporal.client, taskQueue: w.queue }, w.timings, vault) };
  };
  const ownRef = async (w: ComfortWorld, runId: string) => (await w.app.db.db!.collection(RUNS_COLLECTION).findOne({ _id: runId as never }))!.credentialsRef as string;
  const stored = async (w: ComfortWorld, ref: string) => (await w.app.db.db!.collection(SECRETS_COLLECTION).countDocuments({ _id: ref.slice('secret:'.length) as never })) === 1;

  /** Submits `body` as request `requestId` on a replica whose workflow start fails: the record stays, its run is not started. */
  async function diedAfterRecord(w: ComfortWorld, body: Record<string, unknown>, requestId: string): Promise<string> {
    const dying = await createComfortService({ db: w.app.db.db!, temporal: startsFail(w.temporal.client), options: options(w) });
    await expect(dying.submitOne(w.seller.sellerId, body, requestId)).rejects.toThrow('the request died');
    const runId = runIdFor(w.seller.sellerId, requestId);
    expect((await w.app.db.db!.collection(RUNS_COLLECTION).findOne({ _id: runId as never }))?.version).toBe(1);
    expect(await workflowExists(w, runId)).toBe(false);
    return runId;
  }

  test('a retry of the same request starts the run it recorded, which reaches the provider and ends Paid', async ({ comfort: w }) => {
    const { app, seller } = w;
    const body = submission();
    const requestId = `retry-${Date.now()}`;
    const runId = await diedAfterRecord(w, body, requestId);
    const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify({ ...body, requestId }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { run: { runId: string } }).run.runId).toBe(runId);
    const paid = await runWhere(seller, runId, (r) => r.status === 'paid', 'paid');
    expect(paid.coinsTransferred).toBe(200_000);
  });

  test('without a retry, the sweep starts the recorded run a few minutes on and keeps its login details; the run ends Paid', async ({ comfort: w }) => {
    const { app, seller } = w;
    const deps = await sweepDeps(w);
    const runId = await diedAfterRecord(w, submission(), `sweep-${Date.now()}`);
    const ref = await ownRef(w, runId);

    // Just sealed: its request may still be starting the run, so the sweep leaves it.
    await sweepSealedSecrets(deps);
    expect(await workflowExists(w, runId)).toBe(false);
    // A few minutes on, no request is still starting it: the sweep does.
    await sweepSealedSecrets(deps, Date.now() + 3 * 60_000);
    expect(await stored(w, ref)).toBe(true);
    expect(await workflowExists(w, runId)).toBe(true);
    // An hour on, the run holds its details: kept.
    await sweepSealedSecrets(deps, Date.now() + SUBMITTED_CREDENTIALS_TTL_MS + 1_000);
    expect(await stored(w, ref)).toBe(true);
    const paid = await runWhere(seller, runId, (r) => r.status === 'paid', 'paid');
    expect(paid.coinsTransferred).toBe(200_000);
    // The run destroyed them when its transfer ended.
    expect(await stored(w, ref)).toBe(false);
  });

  test('an hour-old recorded run that never started is started by the sweep, not stripped of its login details', async ({ comfort: w }) => {
    const { app, seller } = w;
    const deps = await sweepDeps(w);
    const runId = await diedAfterRecord(w, submission(), `hour-${Date.now()}`);
    const ref = await ownRef(w, runId);
    await sweepSealedSecrets(deps, Date.now() + SUBMITTED_CREDENTIALS_TTL_MS + 1_000);
    expect(await stored(w, ref)).toBe(true);
    await runWhere(seller, runId, (r) => r.status === 'paid', 'paid');
  });
  test('details sealed more than half their life before the run was recorded start nothing: "try again", nothing kept, and the retry runs', async ({ comfort: w }) => {
    const { app, seller } = w;
    const body = submission();
    const requestId = `stale-${Date.now()}`;
    const runId = runIdFor(seller.sellerId, requestId);
    const service = await createComfortService({ db: app.db.db!, temporal: w.temporal.client, options: options(w) });
    // The request stalls right after sealing, past half the details' life: the sweep may be destroying them by now.
    const realNow = Date.now.bind(Date);
    let stalled = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + stalled);
    const put = SecretVault.prototype.put;
    const seal = vi.spyOn(SecretVault.prototype, 'put').mockImplementationOnce(async function (this: SecretVault, ...args: Parameters<SecretVault['put']>) {
      const ref = await put.apply(this, args);
      stalled = SUBMITTED_CREDENTIALS_TTL_MS / 2 + 60_000;
      return ref;
    });
    try {
      await expect(service.submitOne(seller.sellerId, body, requestId)).rejects.toMatchObject({ code: 'unavailable', message: TRY_AGAIN });
    } finally {
      clock.mockRestore();
      seal.mockRestore();
    }
    expect(await app.db.db!.collection(RUNS_COLLECTION).countDocuments({ _id: runId as never })).toBe(0);
    expect(await app.db.db!.collection(SECRETS_COLLECTION).countDocuments({ subject: runId })).toBe(0);
    expect(await workflowExists(w, runId)).toBe(false);

    const res = await seller.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify({ ...body, requestId }) });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { run: { runId: string } }).run.runId).toBe(runId);
    const paid = await runWhere(seller, runId, (r) => r.status === 'paid', 'paid');
    expect(paid.coinsTransferred).toBe(200_000);
  });
});
