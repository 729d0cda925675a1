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
import type { NotificationPage } from '../../domain/notifications.js';
import type { ListedCard, PurchaseStatus } from '../../domain/player-trade.js';
import { PURCHASES_COLLECTION } from '../../infra/player-trade/purchases.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { buyOnSimulator, newId } from '../support/player-trade.js';
import { eventually } from '../support/servers.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { holdsSecret } from '../support/secret-scan.js';
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

  type Seller = Awaited<ReturnType<SupportWorld['seller']>>;
  /** The purchase as its seller reads it (the record page and the purchase dialog use this route). */
  const sellerPurchase = async (seller: Seller, id: string) => {
    const res = await seller.fetch(`/api/player-trade/purchases/${id}`);
    if (res.status !== 200) throw new Error(`purchase ${id}: ${res.status}`);
    return ((await res.json()) as { purchase: PurchaseStatus }).purchase;
  };
  const purchaseWhere = (seller: Seller, id: string, pred: (s: PurchaseStatus) => boolean, what: string) =>
    eventually(async () => { const s = await sellerPurchase(seller, id); return pred(s) ? s : null; }, 30_000, what);
  const sellerWallet = async (seller: Seller) => ((await (await seller.fetch('/api/wallet')).json()) as { wallet: { available: number; frozen: number } }).wallet;
  const purchaseLedger = async (seller: Seller, id: string) => (await ledgerOf(seller.sellerId)).filter((e) => e.ref === id)
    .map((e) => [e.kind, e.delta, e.by ?? null, e.reason ?? null]);
  const purchaseHistory = async (id: string) => JSON.stringify(await w.temporal.client.workflow.getHandle(`player-purchase:${id}`).fetchHistory());

  /** The seller picks a card not used before in this file with a new game account, as on the player trade page. */
  const usedCards = new Set<string>();
  async function pickCard(seller: Seller) {
    const list = (await (await seller.fetch('/api/player-trade/cards?size=100')).json()) as { items: ListedCard[] };
    const card = list.items.find((c) => !usedCards.has(c.id));
    if (!card) throw new Error('no card left on the simulator');
    usedCards.add(card.id);
    const gameAccount = newId('club');
    const acc = await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: gameAccount }) });
    expect(acc.status).toBe(201);
    const accountId = ((await acc.json()) as { account: { id: string } }).account.id;
    const picked = await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: accountId, requestId: newId('pick') }) });
    expect(picked.status).toBe(201);
    const purchase = ((await picked.json()) as { purchase: PurchaseStatus }).purchase;
    return { card, gameAccount, purchaseId: purchase.purchaseId, incomeCents: purchase.incomeCents };
  }

  /**
   * A purchase that waits for support: the seller presses Player Bought while the market provider is
   * down, every verification attempt fails and the purchase is stuck. The provider stays down.
   */
  async function stuckPurchase(seller: Seller, opts: { boughtOnMarket: boolean }) {
    const p = await pickCard(seller);
    if (opts.boughtOnMarket) await buyOnSimulator(w.simUrl, p.card.id, p.card.platform, p.gameAccount);
    await w.steerVerification({ mode: 'error' });
    const bought = await seller.fetch(`/api/player-trade/purchases/${p.purchaseId}/bought`, { method: 'POST' });
    expect(bought.status).toBe(200);
    const stuck = await purchaseWhere(seller, p.purchaseId, (s) => s.state === 'stuck', 'stuck: the provider did not answer');
    expect(stuck).toMatchObject({ phase: 'processing', support: null, creditedAt: null });
    return p;
  }

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
    for (const secret of [body.password as string, ...(body.backupCodes as string[])]) expect(holdsSecret(text.stdout + look.stdout, secret), 'the report holds a secret').toBe(false);
    expect(text.stdout + look.stdout).not.toContain('secret:');

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
    expect((await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) })).status).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'support-key-'));
    const file = join(dir, 'key.txt');
    const issue = ['api', 'issue-key', seller.email, '--name', 'Shop bot', '--scopes', 'read,trade,webhooks', '--by', 'agent-dee', '--why', 'contract signed'];

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
    // The seller hears of it once, in their language, with the way to their API keys; enabling again tells nothing.
    const enabledMail = await waitForMail(seller.email, /^API-Zugang aktiviert$/);
    expect(enabledMail.text).toContain('Wenn Sie das nicht waren');
    expect(enabledMail.text).toContain(`${w.app.url}/de/member/my-info#info-api-keys`);
    expect((await w.cli(['api', 'enable', seller.sellerId, '--by', 'agent-dee', '--why', 'asked twice'])).code).toBe(0);

    const issued = await w.inProcess([...issue, '--out', file]);
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const secret = (await readFile(file, 'utf8')).trim();
    expect(secret).toMatch(/^cmk_[0-9a-f]{16}_/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The secret part is everything after the key id; it may itself hold '_' (base64url), so no split('_').
    const secretPart = secret.slice('cmk_'.length + 16 + 1);
    expect(secretPart.length).toBeGreaterThan(20);
    expect(issued.stdout).not.toContain(secretPart);
    expect(issued.stdout).toContain('Shop bot');
    const keyMail = await waitForMail(seller.email, /^Ein neues Geheimnis wurde ausgestellt$/);
    expect(keyMail.text).toContain('„Shop bot“ (cmk_');
    expect(`${keyMail.text}${keyMail.html ?? ''}`).not.toContain(secretPart);
    const notices = ((await (await seller.fetch('/api/notifications')).json()) as NotificationPage).items;
    expect(notices.filter((n) => n.kind.startsWith('api_')).map((n) => [n.kind, n.link])).toEqual([['api_key_issued', '/member/my-info#info-api-keys'], ['api_access_enabled', '/member/my-info#info-api-keys']]);
    expect((await mailsTo(seller.email)).filter((m) => /API-Zugang|Geheimnis/.test(m.subject))).toHaveLength(2);
    const keys = await ApiKeys.open(w.app.db.db!);
    expect(await keys.authenticateKey(secret)).toMatchObject({ ok: true, sellerId: seller.sellerId, scopes: ['read', 'trade', 'webhooks'] });
    // A second key is never written over the first one's file.
    const again = await w.inProcess([...issue, '--out', file]);
    expect(again.code).toBe(2);
    expect((await readFile(file, 'utf8')).trim()).toBe(secret);
    const list = await w.inProcess(['api', 'keys', seller.sellerId, '--json']);
    expect(list.json().keys.map((k: { name: string; revokedAt: string | null }) => [k.name, !!k.revokedAt])).toEqual([['Shop bot', true], ['Shop bot', false]]);
    expect(list.stdout).not.toContain(secretPart);
    await rm(dir, { recursive: true, force: true });
  });

  it('verifies a stuck player purchase by hand: credited once with who and why, then released; a second verify is refused', { timeout: 180_000 }, async () => {
    const seller = await w.seller();
    const p = await stuckPurchase(seller, { boughtOnMarket: true });
    await w.steerVerification({ mode: 'normal' });

    // Support finds it: in the seller's report and with the Temporal UI's query.
    const look = await w.inProcess(['seller', seller.email, '--json']);
    expect(look.code).toBe(0);
    expect(look.json().purchases).toEqual([expect.objectContaining({ id: p.purchaseId, state: 'stuck', status: 'processing', subState: 'provider_unreachable', waitingFor: 'support' })]);
    const waiting = await eventually(async () => {
      const r = await w.inProcess(['waiting', '--kind', 'purchase', '--seller', seller.sellerId, '--json']);
      return r.code === 0 && r.json().runs.length === 1 ? r.json() : null;
    }, 20_000, 'visibility lists the purchase');
    expect(waiting.runs[0]).toMatchObject({ workflowId: `player-purchase:${p.purchaseId}`, kind: 'player-purchase', status: 'stuck', subState: 'provider_unreachable' });

    const verified = await w.cli(['purchase', 'verified', p.purchaseId, '--by', 'agent-eva', '--why', 'saw the card in the club on the market', '--json']);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.json()).toMatchObject({ ok: true, workflowId: `player-purchase:${p.purchaseId}`, update: 'supportResolve', state: 'checking' });

    const done = await purchaseWhere(seller, p.purchaseId, (s) => s.state === 'available', 'released after the freeze');
    expect(done).toMatchObject({ phase: 'available', support: { decision: 'verified', by: 'agent-eva', reason: 'saw the card in the club on the market' } });
    expect(done.decisions).toContainEqual(expect.objectContaining({ event: 'support_verified', actor: 'support', by: 'agent-eva', reason: 'saw the card in the club on the market' }));
    expect(await sellerWallet(seller)).toMatchObject({ available: p.incomeCents, frozen: 0 });
    const credited = [
      ['player_credit_frozen', { frozen: p.incomeCents }, 'agent-eva', 'saw the card in the club on the market'],
      ['player_freeze_released', { frozen: -p.incomeCents, available: p.incomeCents }, null, null],
    ];
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual(credited);

    // Clicked twice: the purchase is no longer stuck (here: ended), so nothing happens a second time.
    const again = await w.cli(['purchase', 'verified', p.purchaseId, '--by', 'agent-eva', '--why', 'clicked twice']);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr.trim()).toBe('Refused (ended): this player purchase has ended (COMPLETED, status available); no action changes it.');
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual(credited);
    expect(await sellerWallet(seller)).toMatchObject({ available: p.incomeCents, frozen: 0 });
    expect((await purchaseHistory(p.purchaseId)).match(/clicked twice/g)).toBeNull();
  });

  it('rejects a stuck player purchase the seller did not make: nothing credited, the card goes back on the list', { timeout: 180_000 }, async () => {
    const seller = await w.seller();
    const p = await stuckPurchase(seller, { boughtOnMarket: false });
    await w.steerVerification({ mode: 'normal' });

    const rejected = await w.cli(['purchase', 'rejected', p.purchaseId, '--by', 'agent-fay', '--why', 'no such purchase on the market', '--json']);
    expect(rejected.stderr).toBe('');
    expect(rejected.code).toBe(0);
    expect(rejected.json()).toMatchObject({ ok: true, workflowId: `player-purchase:${p.purchaseId}`, update: 'supportResolve', state: 'rejected' });
    const done = await purchaseWhere(seller, p.purchaseId, (s) => s.state === 'rejected', 'rejected');
    expect(done).toMatchObject({ reason: 'support_rejected', support: { decision: 'rejected', by: 'agent-fay', reason: 'no such purchase on the market' }, creditedAt: null });
    expect(done.decisions).toContainEqual(expect.objectContaining({ event: 'support_rejected', actor: 'support', by: 'agent-fay', reason: 'no such purchase on the market' }));
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual([]);
    expect(await sellerWallet(seller)).toMatchObject({ available: 0, frozen: 0 });
    const list = (await (await seller.fetch('/api/player-trade/cards?size=100')).json()) as { items: ListedCard[] };
    expect(list.items.map((c) => c.id)).toContain(p.card.id);

    // The opposite decision afterwards changes nothing either.
    const late = await w.inProcess(['purchase', 'verified', p.purchaseId, '--by', 'agent-fay', '--why', 'changed my mind']);
    expect(late.code).toBe(1);
    expect(late.stderr.trim()).toBe('Refused (ended): this player purchase has ended (COMPLETED, status rejected); no action changes it.');
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual([]);
    expect((await sellerPurchase(seller, p.purchaseId)).support).toMatchObject({ decision: 'rejected', by: 'agent-fay' });
  });

  it('retries a stuck purchase: stuck again while the provider is down, verified once it is back; refusals say why and change nothing', { timeout: 240_000 }, async () => {
    const seller = await w.seller();
    const p = await stuckPurchase(seller, { boughtOnMarket: true });
    const attempts = (await sellerPurchase(seller, p.purchaseId)).attempts;

    // Refused before anything is sent: who and why are required, the id must exist.
    const anonymous = await w.inProcess(['purchase', 'retry', p.purchaseId, '--why', 'provider is back']);
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toContain('Every support action needs --by NAME and --why TEXT');
    const noWhy = await w.inProcess(['purchase', 'verified', p.purchaseId, '--by', 'agent-gus', '--why', '  ']);
    expect(noWhy.code).toBe(2);
    expect(noWhy.stderr).toContain('Every support action needs --by NAME and --why TEXT');
    const unknown = await w.inProcess(['purchase', 'retry', 'no-such-purchase', '--by', 'agent-gus', '--why', 'typo']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr.trim()).toBe('No player purchase player-purchase:no-such-purchase.');
    const badAction = await w.inProcess(['purchase', 'approve', p.purchaseId, '--by', 'agent-gus', '--why', 'x']);
    expect(badAction.code).toBe(2);
    expect(badAction.stderr.trim()).toBe('Unknown player purchase action approve: one of verified, rejected, retry.');
    expect(await sellerPurchase(seller, p.purchaseId)).toMatchObject({ state: 'stuck', support: null, attempts });
    expect(await purchaseHistory(p.purchaseId)).not.toContain('supportResolve');

    // A purchase that does not wait for support: the table refuses, the seller's buttons stay.
    const other = await pickCard(seller);
    const early = await w.cli(['purchase', 'verified', other.purchaseId, '--by', 'agent-gus', '--why', 'seller says bought']);
    expect(early.code).toBe(1);
    expect(early.stdout).toBe('');
    expect(early.stderr.trim()).toBe('Refused (not_stuck): Only a stuck verification can be resolved by hand');
    expect(await sellerPurchase(seller, other.purchaseId)).toMatchObject({ state: 'reserved', actions: ['bought', 'not_bought'], support: null });
    expect(await purchaseHistory(other.purchaseId)).not.toContain('supportResolve');

    // The provider is still down: the retry checks again and the purchase comes back to support.
    const first = await w.cli(['purchase', 'retry', p.purchaseId, '--by', 'agent-gus', '--why', 'provider says it is back']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toMatch(new RegExp(`^Done: supportResolve on player-purchase:${p.purchaseId} by agent-gus\\. Now checking \\(processing\\)\\.$`));
    const stuckAgain = await purchaseWhere(seller, p.purchaseId, (s) => s.state === 'stuck' && s.attempts > attempts, 'stuck again');
    expect(stuckAgain.support).toMatchObject({ decision: 'retry', by: 'agent-gus', reason: 'provider says it is back' });
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual([]);

    // Back for real: the second retry verifies with the provider and credits once (the provider's word, not support's).
    await w.steerVerification({ mode: 'normal' });
    const second = await w.cli(['purchase', 'retry', p.purchaseId, '--by', 'agent-gus', '--why', 'provider status page is green']);
    expect(second.code).toBe(0);
    const done = await purchaseWhere(seller, p.purchaseId, (s) => s.state === 'available', 'verified and released');
    expect(done.decisions.filter((d) => d.event === 'support_retry').map((d) => [d.by, d.reason])).toEqual([
      ['agent-gus', 'provider says it is back'], ['agent-gus', 'provider status page is green'],
    ]);
    expect(done.decisions).toContainEqual(expect.objectContaining({ event: 'verified', actor: 'system' }));
    expect(await purchaseLedger(seller, p.purchaseId)).toEqual([
      ['player_credit_frozen', { frozen: p.incomeCents }, null, null],
      ['player_freeze_released', { frozen: -p.incomeCents, available: p.incomeCents }, null, null],
    ]);
    expect(await sellerWallet(seller)).toMatchObject({ available: p.incomeCents, frozen: 0 });
    const third = await w.inProcess(['purchase', 'retry', p.purchaseId, '--by', 'agent-gus', '--why', 'once more']);
    expect(third.code).toBe(1);
    expect(await purchaseLedger(seller, p.purchaseId)).toHaveLength(2);

    // The other pick is left to its seller.
    expect((await seller.fetch(`/api/player-trade/purchases/${other.purchaseId}/not-bought`, { method: 'POST' })).status).toBe(200);
  });
});
