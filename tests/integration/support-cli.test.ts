/**
 * The support tool on real runs: `npm run support` spawned as a child process against the test
 * servers (one app, simulator and worker for the file), acting through the same Temporal updates
 * as the Temporal UI.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS_OFF } from '../../domain/api-keys.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import type { ComfortRunView } from '../../domain/comfort-trade.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { eventually } from '../support/servers.js';
import { startSupportWorld, type SupportWorld } from '../support/support-world.js';
import { withdraw } from '../support/withdrawals.js';

describe('support tool (CLI) on real runs', () => {
  let w: SupportWorld;
  beforeAll(async () => { w = await startSupportWorld(); });
  afterAll(async () => { await w?.close(); });

  const withdrawalRecord = (id: string) => w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: id as never });
  const withdrawalWhere = (id: string, pred: (s: WithdrawalStatus) => boolean, what: string) =>
    eventually(async () => { const s = await withdrawalRecord(id); return s && pred(s) ? s : null; }, 30_000, what);
  const ledgerOf = (sellerId: string) => w.wallets.ledger.find({ sellerId }).sort({ seq: 1 }).toArray();

  it('looks up a seller by email with runs, balance and ledger, then a retry moves a comfort run waiting for support on', { timeout: 240_000 }, async () => {
    const seller = await w.seller(4_200);
    const body = submission();
    await steerTransfer(w.simUrl, 'rules', { email: body.email, error: 'customer_online', afterChunks: 1 });
    const run = await submit(seller, body);
    await runWhere(seller, run.runId, (r) => r.subState === 'customer_online', 'customer online');

    const look = await w.cli(['seller', seller.email.toUpperCase(), '--json']);
    expect(look.stderr).toBe('');
    expect(look.code).toBe(0);
    const report = look.json();
    expect(report.seller).toMatchObject({ id: seller.sellerId, email: seller.email, emailProven: true, payoutMethod: 'paypal' });
    expect(report.balance).toEqual({ available: 4_200, frozen: 0, pendingPayout: 0 });
    expect(report.ledger).toEqual([expect.objectContaining({ kind: 'player_freeze_released', delta: { available: 4_200 } })]);
    expect(report.comfortRuns).toEqual([expect.objectContaining({ id: run.runId, state: 'waiting_support', status: 'error', subState: 'customer_online', waitingFor: 'support' })]);
    // The text form flags what waits for support and never shows the login details or the vault reference.
    const text = await w.inProcess(['seller', seller.sellerId]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${run.runId}  waiting_support (error, customer_online)`);
    expect(text.stdout).toContain('WAITS FOR SUPPORT');
    for (const secret of [body.password as string, ...(body.backupCodes as string[]), 'secret:']) expect(text.stdout + look.stdout).not.toContain(secret);

    // Support finds it with the same query as in the Temporal UI.
    const waiting = await eventually(async () => {
      const r = await w.inProcess(['waiting', '--kind', 'comfort', '--seller', seller.sellerId, '--json']);
      return r.code === 0 && r.json().runs.length === 1 ? r.json() : null;
    }, 20_000, 'visibility lists the run');
    expect(waiting.query).toBe(`ExecutionStatus="Running" AND WaitingFor="support" AND ProcessKind="comfort-run" AND SellerId="${seller.sellerId}"`);
    expect(waiting.runs[0]).toMatchObject({ workflowId: `comfort-run:${run.runId}`, status: 'error', subState: 'customer_online' });

    const retry = await w.cli(['comfort', 'retry', run.runId, '--by', 'agent-ann', '--why', 'seller logged out everywhere', '--json']);
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
    expect(retry.json()).toMatchObject({ ok: true, workflowId: `comfort-run:${run.runId}`, update: 'retry', state: 'transferring' });
    const paid = await runWhere(seller, run.runId, (r: ComfortRunView) => r.status === 'paid', 'paid after the retry');
    expect(paid.decisions).toContainEqual(expect.objectContaining({ event: 'retry', actor: 'support', by: 'agent-ann', reason: 'seller logged out everywhere' }));
    expect((await ledgerOf(seller.sellerId)).filter((e) => e.ref === run.runId).map((e) => e.kind)).toEqual(['comfort_credit_frozen', 'comfort_review_released']);
  });

  it('returns the money of a withdrawal waiting for support once', { timeout: 180_000 }, async () => {
    const seller = await w.seller(5_000);
    await w.steerPayouts({ address: seller.address, down: true });
    const { res, withdrawalId } = await withdraw(seller, 3_000);
    expect(res.status).toBe(201);
    await withdrawalWhere(withdrawalId, (s) => s.state === 'needs_support', 'provider down: needs support');

    const ret = await w.cli(['withdrawal', 'return-money', withdrawalId, '--by', 'agent-bo', '--why', 'provider outage, seller asked for the money back', '--json']);
    expect(ret.stderr).toBe('');
    expect(ret.code).toBe(0);
    expect(ret.json()).toMatchObject({ ok: true, workflowId: `withdrawal:${withdrawalId}`, update: 'supportReturnMoney', state: 'failed' });
    const done = await withdrawalWhere(withdrawalId, (s) => s.state === 'failed', 'returned');
    expect(done).toMatchObject({ reason: 'returned_by_support' });

    // A second return is refused: the withdrawal has ended, and the money came back exactly once.
    const again = await w.inProcess(['withdrawal', 'return-money', withdrawalId, '--by', 'agent-bo', '--why', 'clicked twice']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Refused \(ended\): this withdrawal has ended/);
    const ledger = await ledgerOf(seller.sellerId);
    expect(ledger.filter((e) => e.ref === `withdrawal:${withdrawalId}`).map((e) => [e.kind, e.by ?? null, e.reason ?? null])).toEqual([
      ['withdrawal_requested', null, null], ['withdrawal_returned', 'agent-bo', 'provider outage, seller asked for the money back'],
    ]);
    expect(ledger.at(-1)!.after).toEqual({ available: 5_000, frozen: 0, pendingPayout: 0 });
    expect((await w.simPayouts()).payouts.filter((p) => p.key === `withdrawal:${withdrawalId}`)).toEqual([]);
  });

  it('prints why an action is refused and changes nothing', { timeout: 180_000 }, async () => {
    const seller = await w.seller(5_000);
    await w.steerPayouts({ address: seller.address, outcome: 'pending' });
    const { withdrawalId } = await withdraw(seller, 2_500);
    const before = await withdrawalWhere(withdrawalId, (s) => s.state === 'in_progress', 'payment in progress');
    const ledgerBefore = await ledgerOf(seller.sellerId);

    // The table refuses: a payout the provider is still working on is not support's to return.
    const refused = await w.cli(['withdrawal', 'return-money', withdrawalId, '--by', 'agent-cy', '--why', 'seller asked']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('Refused (not_open): Only an unfinished payout can return the money');
    expect(refused.stdout).toBe('');
    // Who and why are required before anything is sent; a mark-paid needs its reference.
    const anonymous = await w.inProcess(['withdrawal', 'return-money', withdrawalId, '--why', 'no name']);
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toContain('Every support action needs --by NAME and --why TEXT');
    const noRef = await w.inProcess(['withdrawal', 'mark-paid', withdrawalId, '--by', 'agent-cy', '--why', 'paid by hand']);
    expect(noRef.code).toBe(2);
    expect(noRef.stderr).toContain('--reference');
    const unknown = await w.inProcess(['withdrawal', 'retry', 'no-such-withdrawal', '--by', 'agent-cy', '--why', 'typo']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr.trim()).toBe('No withdrawal withdrawal:no-such-withdrawal.');
    const nobody = await w.inProcess(['seller', 'nobody@example.com']);
    expect(nobody.code).toBe(3);
    expect(nobody.stderr.trim()).toBe('No seller with id or email nobody@example.com.');

    const handle = w.temporal.client.workflow.getHandle(`withdrawal:${withdrawalId}`);
    const status = await handle.query<WithdrawalStatus>('status');
    expect(status.state).toBe('in_progress');
    expect(status.decisions.map((d) => d.event)).toEqual(before.decisions.map((d) => d.event));
    expect(await ledgerOf(seller.sellerId)).toEqual(ledgerBefore);
    const history = await handle.fetchHistory();
    expect(JSON.stringify(history)).not.toContain('supportReturnMoney');
  });

  it('enables API access and issues a key whose secret goes to a file only, never to the screen', { timeout: 180_000 }, async () => {
    const seller = await w.seller();
    const dir = await mkdtemp(join(tmpdir(), 'support-key-'));
    const file = join(dir, 'key.txt');
    const issue = ['api', 'issue-key', seller.email, '--name', 'Shop bot', '--scopes', 'read,trade', '--by', 'agent-dee', '--why', 'contract signed'];

    const early = await w.inProcess([...issue, '--out', file]);
    expect(early.code).toBe(1);
    expect(early.stderr.trim()).toBe(`Refused (api_access_disabled): ${API_ACCESS_OFF}`);
    const noFile = await w.inProcess(issue);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--out FILE');

    const enable = await w.cli(['api', 'enable', seller.sellerId, '--by', 'agent-dee', '--why', 'contract signed', '--json']);
    expect(enable.stderr).toBe('');
    expect(enable.code).toBe(0);
    expect(enable.json()).toMatchObject({ ok: true, sellerId: seller.sellerId, apiAccess: true, by: 'agent-dee' });

    const issued = await w.inProcess([...issue, '--out', file]);
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const secret = (await readFile(file, 'utf8')).trim();
    expect(secret).toMatch(/^cmk_[0-9a-f]{16}_/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(issued.stdout).not.toContain(secret.split('_')[2]);
    expect(issued.stdout).toContain('Shop bot');
    const keys = await ApiKeys.open(w.app.db.db!);
    expect(await keys.authenticateKey(secret)).toMatchObject({ ok: true, sellerId: seller.sellerId, scopes: ['read', 'trade'] });
    // A second key is never written over the first one's file.
    const again = await w.inProcess([...issue, '--out', file]);
    expect(again.code).toBe(2);
    expect((await readFile(file, 'utf8')).trim()).toBe(secret);
    const list = await w.inProcess(['api', 'keys', seller.sellerId, '--json']);
    expect(list.json().keys.map((k: { name: string; revokedAt: string | null }) => [k.name, !!k.revokedAt])).toEqual([['Shop bot', true], ['Shop bot', false]]);
    expect(list.stdout).not.toContain(secret.split('_')[2]);
    await rm(dir, { recursive: true, force: true });
  });
});

