/**
 * Who may hold a game account, and what two submissions at once leave behind (issue 17, items 7
 * and 9), over HTTP against the real API and Temporal. No worker runs: every run stays open
 * (Transferring), so its account stays claimed for the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_ACCOUNT } from '../../domain/comfort-trade.js';
import { SECRETS_COLLECTION } from '../../infra/secrets/vault.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { freshCodes, runWhere, startComfortWorker, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';

describe('game-account claims and duplicate submissions (issue 17, items 7 and 9)', () => {
  let app: TestApp;
  beforeAll(async () => {
    const queue = uniqueQueue('comfort-claims');
    app = await startTestApp(undefined, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue } });
  });
  afterAll(async () => { await app?.close(); });

  const post = (s: SignedInSeller, body: unknown) => s.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(body) });
  const sealed = (s: SignedInSeller) => app.db.db!.collection(SECRETS_COLLECTION).countDocuments({ sellerId: s.sellerId, purpose: 'comfort-credentials' });
  const runsOf = (s: SignedInSeller) => app.db.db!.collection('comfort_runs').countDocuments({ sellerId: s.sellerId });

  it('two identical submissions at once make one run and leave one sealed copy of the login details', async () => {
    const seller = await createSignedInSeller(app);
    const pairs = 6;
    const answers: { status: number; runId: string }[][] = [];
    for (let i = 0; i < pairs; i++) {
      const body = submission({ requestId: `double-click-${i}` });
      const pair = await Promise.all([post(seller, body), post(seller, body)]);
      answers.push(await Promise.all(pair.map(async (r) => ({ status: r.status, runId: (await r.json()).run?.runId }))));
    }
    expect(await runsOf(seller)).toBe(pairs);
    // Every sealed copy belongs to a run: one per run, none left behind by the request that lost.
    expect(await sealed(seller)).toBe(pairs);
    for (const [a, b] of answers) {
      expect(a!.runId).toBe(b!.runId);
      // The request that found the run made by the other answers like a retry.
      expect([a!.status, b!.status].sort()).toEqual([200, 201]);
    }
  });

  it("one seller's claim on a game account never blocks another seller's own login to it", async () => {
    const [owner, squatter] = await Promise.all([createSignedInSeller(app), createSignedInSeller(app)]);
    const account = submission({ password: 'Owner-Real-Pass-1' });
    // The squatter knows the owner's address only, and claims it first with a made-up password.
    const claim = await post(squatter, { ...account, password: 'Made-Up-Pass-9' });
    expect(claim.status).toBe(201);
    const own = await post(owner, { ...account, backupCodes: submission().backupCodes });
    expect(own.status, 'the owner submits their own game account while a stranger claims it').toBe(201);
  });

  it('still allows one open run per game account: not twice by one seller, nor by two sellers with the same login', async () => {
    const [first, second] = await Promise.all([createSignedInSeller(app), createSignedInSeller(app)]);
    const account = submission();
    expect((await post(first, account)).status).toBe(201);
    for (const [who, body] of [
      [first, { ...account, backupCodes: submission().backupCodes }],
      [first, { ...account, password: 'Another-Pass-2', backupCodes: submission().backupCodes }],
      [second, { ...account, backupCodes: submission().backupCodes }],
    ] as const) {
      const res = await post(who, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual([expect.objectContaining({ field: 'email', message: DUPLICATE_ACCOUNT })]);
    }
    expect(await runsOf(first) + await runsOf(second)).toBe(1);
  });
});

describe('a resubmitted password is a new login claim (issue 17, item 9)', () => {
  const queue = uniqueQueue('comfort-claims-resubmit');
  let app: TestApp;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  beforeAll(async () => {
    sim = await startTransferSimulator();
    // Runs that log in stay Transferring: their claims stay held while the test looks.
    await steerTransfer(sim.url, 'settings', { auto: false });
    app = await startTestApp(undefined, { playerTrade: { taskQueue: queue }, comfortTrade: { taskQueue: queue } });
    worker = await startComfortWorker(app.db, queue, sim.url);
  });
  afterAll(async () => {
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  it("cannot move a waiting run onto a login another seller's open run holds; a free one moves its claim", async () => {
    const [squatter, owner] = await Promise.all([createSignedInSeller(app), createSignedInSeller(app)]);
    const account = submission({ password: 'Owner-Real-Pass-1' });
    await steerTransfer(sim.url, 'rules', { email: account.email, error: 'wrong_password', afterChunks: 0, times: 1 });
    const claim = await submit(squatter, { ...account, password: 'Made-Up-Pass-9' });
    await runWhere(squatter, claim.runId, (r) => r.subState === 'wrong_password', 'wrong password');
    expect((await owner.fetch('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify({ ...account, backupCodes: freshCodes() }) })).status).toBe(201);

    const resubmit = (body: Record<string, unknown>) =>
      squatter.fetch(`/api/comfort-trade/runs/${claim.runId}/resubmit`, { method: 'POST', body: JSON.stringify(body) });
    const onOwnersLogin = await resubmit({ password: account.password });
    expect(onOwnersLogin.status).toBe(400);
    expect((await onOwnersLogin.json()).error).toMatchObject({ code: 'account_busy', fields: [expect.objectContaining({ field: 'password', message: DUPLICATE_ACCOUNT })] });

    const locks = () => app.db.db!.collection('comfort_account_locks').find({ runId: claim.runId }).toArray();
    const before = (await locks()).map((l) => l._id);
    expect((await resubmit({ password: 'Another-Pass-3' })).status).toBe(200);
    const after = (await locks()).map((l) => l._id);
    // Still the seller's claim plus one login claim: the new login's, not the old one's.
    expect(after).toHaveLength(2);
    expect(after.filter((k) => before.includes(k))).toHaveLength(1);
  });
});
