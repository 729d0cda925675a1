import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectTemporal } from '../../infra/temporal.js';
import { testKeyRing } from '../support/secrets.js';
import { DEFAULT_PICK_LIMIT, DEFAULT_VERIFY_POLICY, playerPurchaseWorkflowId, type ListedCard, type PurchaseStatus } from '../../domain/player-trade.js';
import type { RecordTimeline } from '../../domain/record-timeline.js';
import { startTestApp } from '../support/app.js';
import { createProvenSeller } from '../support/proven.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';
import { buyOnSimulator, FAST_VERIFY, startPlayerWorker, startSimulator, syncFromSimulator } from '../support/player-trade.js';
import { FAST_COMFORT, freshCodes, runWhere, startComfortWorker, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';

describe('a record timeline (comfort run, player purchase) for the seller who owns it', () => {
  const comfortQueue = uniqueQueue('timeline-comfort');
  const playerQueue = uniqueQueue('timeline-player');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let transferSim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let marketSim: Awaited<ReturnType<typeof startSimulator>>;
  let workers: { shutdown: () => Promise<void> }[] = [];
  let seller: SignedInSeller;
  let other: SignedInSeller;

  beforeAll(async () => {
    transferSim = await startTransferSimulator();
    marketSim = await startSimulator(20);
    app = await startTestApp(undefined, {
      comfortTrade: { taskQueue: comfortQueue, timings: FAST_COMFORT },
      playerTrade: {
        taskQueue: playerQueue, timings: { buyWindowMs: 30_000, freezeMs: 1_500, cooldownMs: 4 * 3600_000 },
        verify: { ...DEFAULT_VERIFY_POLICY, ...FAST_VERIFY }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: marketSim.url, listMaxAgeMs: 0,
      },
    });
    await syncFromSimulator(app.db, marketSim.url);
    workers = [await startComfortWorker(app.db, comfortQueue, transferSim.url), await startPlayerWorker(app.db, playerQueue, marketSim.url)];
    seller = await createProvenSeller(app);
    expect((await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) })).status).toBe(200);
    other = await createSignedInSeller(app);
  });
  afterAll(async () => {
    for (const w of workers) await w.shutdown();
    await app?.close();
    await transferSim?.close();
    await marketSim?.close();
  });

  const timelineOf = async (s: SignedInSeller, path: string) => {
    const res = await s.fetch(path);
    return { status: res.status, body: (await res.json()) as { timeline: RecordTimeline } };
  };

  it('a run fixed after Wrong Backup Codes lists its steps in order, the seller wait named, and only its owner reads it', async () => {
    const body = submission();
    await steerTransfer(transferSim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'wrong codes');
    expect((await seller.fetch(`/api/comfort-trade/runs/${run.runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: freshCodes() }) })).status).toBe(200);
    await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after resubmit');

    const { status, body: { timeline } } = await timelineOf(seller, `/api/comfort-trade/runs/${run.runId}/timeline`);
    expect(status).toBe(200);
    expect(timeline.truncated).toBe(false);
    const steps = timeline.steps;
    const times = steps.map((s) => s.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const states = steps.map((s) => s.state);
    expect(states[0]).toBe('transferring');
    const waited = steps.findIndex((s) => s.subState === 'wrong_backup_codes');
    expect(steps[waited]).toMatchObject({ state: 'waiting_seller', status: 'error', waitingFor: 'seller' });
    // After the fix it moved on, through the payment, to Paid: the end waits for nobody.
    expect(states.slice(waited + 1)).toEqual(expect.arrayContaining(['transferring', 'transfer_completed', 'pending_payment', 'paid']));
    expect(steps.at(-1)).toMatchObject({ state: 'paid', status: 'paid', waitingFor: 'nobody' });
    expect(steps.find((s) => s.state === 'pending_payment')!.waitingFor).toBe('system');
    // Codes and times only: no notes, vault references or login details.
    const text = JSON.stringify(timeline);
    for (const secret of [body.password as string, ...(body.backupCodes as string[])]) expect(text).not.toContain(secret);
    expect(text).not.toContain('secret:');

    const theirs = await other.fetch(`/api/comfort-trade/runs/${run.runId}/timeline`);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain(run.runId);
  });

  it('a player purchase lists reserved (waiting for the seller), checking, frozen and available; 404 for another seller', async () => {
    const card = ((await (await seller.fetch('/api/player-trade/cards?size=1')).json()) as { items: ListedCard[] }).items[0];
    const acc = await (await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'Timeline-Club' }) })).json();
    const picked = await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: acc.account.id }) });
    expect(picked.status).toBe(201);
    const p = ((await picked.json()) as { purchase: PurchaseStatus }).purchase;
    await buyOnSimulator(marketSim.url, card.id, card.platform, 'Timeline-Club');
    expect((await seller.fetch(`/api/player-trade/purchases/${p.purchaseId}/bought`, { method: 'POST' })).status).toBe(200);
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    try {
      expect(await temporal.client.workflow.getHandle(playerPurchaseWorkflowId(p.purchaseId)).result()).toMatchObject({ state: 'available' });
    } finally {
      await temporal.connection.close();
    }

    const { status, body: { timeline } } = await timelineOf(seller, `/api/player-trade/purchases/${p.purchaseId}/timeline`);
    expect(status).toBe(200);
    expect(timeline.steps.map((s) => s.state)).toEqual(['reserved', 'checking', 'frozen', 'available']);
    expect(timeline.steps.map((s) => s.waitingFor)).toEqual(['seller', 'system', 'system', 'nobody']);
    const times = timeline.steps.map((s) => s.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect((await other.fetch(`/api/player-trade/purchases/${p.purchaseId}/timeline`)).status).toBe(404);
  });
});
