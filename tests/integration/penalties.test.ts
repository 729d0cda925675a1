/**
 * Penalties (specification section 1, "up to loss of the account") on real servers: support suspends,
 * reinstates and closes sellers with `npm run support -- account …`; a suspended seller's sessions,
 * API keys, browser sockets and /v1 status sockets end at once on another replica, sign-in is refused
 * with the words and the support contacts' code, a run under way still pays, and the money stays
 * payable (support pays out a suspended or closed seller's balance through the withdrawal process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ACCOUNT_CLOSED, ACCOUNT_SUSPENDED } from '../../domain/account-standing.js';
import type { ComfortRunDoc } from '../../infra/comfort/runs.js';
import { RUNS_COLLECTION } from '../../infra/comfort/runs.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { startTestApp } from '../support/app.js';
import { submission, submit } from '../support/comfort.js';
import { newId } from '../support/player-trade.js';
import { eventually } from '../support/servers.js';
import { startSupportWorld, type SupportWorld } from '../support/support-world.js';

describe('penalties: support suspends, reinstates and closes sellers', () => {
  let w: SupportWorld;
  /** A second API replica on the same database that trusts a session it read for an hour: only the live notice can end it there within the test. */
  let replica: Awaited<ReturnType<typeof startTestApp>>;
  let keys: ApiKeys;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    w = await startSupportWorld();
    // A pay-out starts its withdrawal on the queue the world's worker listens to, as TEMPORAL_TASK_QUEUE tells the API.
    Object.assign(w.env, { TEMPORAL_TASK_QUEUE: w.taskQueue });
    replica = await startTestApp({ dbName: w.app.dbName, liveSecret: w.app.liveSecret }, { accounts: { sessionCacheMs: 3_600_000 } });
    keys = await ApiKeys.open(w.app.db.db!);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await replica?.close();
    await w?.close();
  });

  const signIn = (url: string, email: string, password: string) =>
    fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const v1 = (url: string, key: string, path: string) => fetch(`${url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  const standingDoc = async (sellerId: string) => (await w.app.db.collection('sellers').findOne({ _id: sellerId as never }))?.standing;
  const connected = (s: Socket) => new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  const refusalOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error });

  it('suspending ends the session, key and both sockets at once on another replica; the seller cannot sign in, pick or submit; a run under way is still paid', async () => {
    const seller = await w.seller(5_000);
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'API contract signed');
    const key = (await keys.issueKey(seller.sellerId, { name: 'bot', scopes: ['read', 'trade'] })).secret;
    const onReplica = (path: string, init: RequestInit = {}) =>
      fetch(`${replica.url}${path}`, { ...init, headers: { cookie: seller.cookie, 'x-csrf-token': seller.csrf, 'content-type': 'application/json', ...init.headers } });

    // Open before: the browser's live socket on the first replica, a /v1 status socket and the cached session on the
    // second (no browser socket there, so only the session:ended notice can clear its cache).
    const page = connect(w.app.url, { extraHeaders: { cookie: seller.cookie }, transports: ['websocket'], reconnection: false });
    const status = connect(`${replica.url}/v1`, { auth: { key, after: null }, transports: ['websocket'], reconnection: false });
    sockets.push(page, status);
    const closed: string[] = [];
    status.on('closed', (r: { code: string }) => closed.push(r.code));
    await Promise.all([connected(page), connected(status)]);
    expect((await onReplica('/api/wallet')).status).toBe(200);
    expect((await v1(replica.url, key, '/balance')).status).toBe(200);
    // A comfort run under way when the penalty comes.
    const run = await submit(seller, submission());

    const done = await w.inProcess(['account', 'suspend', seller.email, '--by', 'Dana (support)', '--why', 'bought cards with stolen game accounts', '--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.json()).toMatchObject({ from: 'active', to: 'suspended', sessionsEnded: 1 });

    // On the replica that still had the session in its cache (trusted there for an hour, longer than the test:
    // only the notice ends it), and both sockets (nothing else closes them).
    await eventually(async () => (await onReplica('/api/wallet')).status === 401, 15_000, 'session refused on the replica');
    await eventually(async () => !page.connected && !status.connected, 15_000, 'both sockets closed');
    expect(closed).toEqual(['key_revoked']);
    expect(await refusalOf(await v1(replica.url, key, '/balance'))).toMatchObject({ status: 401, code: 'account_suspended', message: ACCOUNT_SUSPENDED });
    expect((await v1(w.app.url, key, '/comfort-runs')).status).toBe(401);
    expect((await w.app.db.collection('sessions').countDocuments({ sellerId: seller.sellerId }))).toBe(0);

    // The old session cannot pick or submit on either replica; a new socket on it is refused.
    const pick = await seller.fetch('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: 'any', gameAccountId: 'any', requestId: newId('pick') }) });
    expect(pick.status).toBe(401);
    expect((await onReplica('/api/comfort-trade/runs', { method: 'POST', body: JSON.stringify(submission()) })).status).toBe(401);
    const again = connect(w.app.url, { extraHeaders: { cookie: seller.cookie }, transports: ['websocket'], reconnection: false });
    sockets.push(again);
    await expect(connected(again)).rejects.toThrow(/unauthenticated/);

    // Sign-in is refused with the words, the right password or not wrongly said to be wrong.
    expect(await refusalOf(await signIn(w.app.url, seller.email, seller.password))).toMatchObject({ status: 403, code: 'account_suspended', message: ACCOUNT_SUSPENDED });
    expect(await refusalOf(await signIn(replica.url, seller.email, 'Wrong-Passw0rd'))).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect((await w.app.db.collection('sessions').countDocuments({ sellerId: seller.sellerId }))).toBe(0);

    // The run under way goes on and its income is credited to the suspended seller.
    const paid = await eventually(async () => {
      const r = await w.app.db.collection<ComfortRunDoc>(RUNS_COLLECTION).findOne({ _id: run.runId });
      return r?.status === 'paid' ? r : null;
    }, 60_000, 'run paid after the suspension');
    expect(paid.creditedCents).toBeGreaterThan(0);

    // Support reads the standing with who and why, and the balance (5,000 cents seeded plus the run's income).
    const report = (await w.inProcess(['seller', seller.sellerId, '--json'])).json();
    expect(report.seller.standing).toBe('suspended');
    expect(report.standingHistory).toEqual([expect.objectContaining({ standing: 'suspended', by: 'Dana (support)', why: 'bought cards with stolen game accounts' })]);
    const wallet = await w.wallets.get(seller.sellerId);
    expect(wallet.available + wallet.frozen).toBe(5_000 + paid.creditedCents!);

    // Reinstated: the seller signs in again and the key works again; the history keeps both decisions.
    const back = await w.inProcess(['account', 'reinstate', seller.sellerId, '--by', 'Lee (support)', '--why', 'the game accounts were the seller\'s own']);
    expect(back.code, back.stderr).toBe(0);
    expect((await signIn(replica.url, seller.email, seller.password)).status).toBe(200);
    expect((await v1(w.app.url, key, '/balance')).status).toBe(200);
    const record = await standingDoc(seller.sellerId);
    expect(record).toMatchObject({ standing: 'active', by: 'Lee (support)' });
    expect(record.history.map((h: { standing: string }) => h.standing)).toEqual(['suspended', 'active']);
  });

  it('a closed seller never signs in again; their balance is paid out by support to their saved details', async () => {
    const seller = await w.seller(4_000);
    const active = await w.inProcess(['account', 'pay-out', seller.sellerId, '--by', 'Dana (support)', '--why', 'asked by phone']);
    expect(active.code).toBe(1);
    expect(active.stderr).toMatch(/active and withdraws by themselves/);

    const closed = await w.cli(['account', 'close', seller.email, '--by', 'Dana (support)', '--why', 'repeated abuse after a suspension']);
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stdout).toMatch(/active -> closed by Dana \(support\)/);
    expect(await refusalOf(await signIn(w.app.url, seller.email, seller.password))).toMatchObject({ status: 403, code: 'account_closed', message: ACCOUNT_CLOSED });
    // Closing is final: reinstating and suspending are refused and change nothing.
    for (const action of ['reinstate', 'suspend']) {
      const r = await w.inProcess(['account', action, seller.sellerId, '--by', 'Lee (support)', '--why', 'second thoughts']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/This account is closed/);
    }
    expect((await signIn(w.app.url, seller.email, seller.password)).status).toBe(403);
    expect((await standingDoc(seller.sellerId)).history).toHaveLength(1);

    // The money is still the seller's: support pays the whole available balance to the saved PayPal address.
    const paid = await w.inProcess(['account', 'pay-out', seller.sellerId, '--by', 'Dana (support)', '--why', 'closing balance', '--json']);
    expect(paid.code, paid.stderr).toBe(0);
    const { withdrawal } = paid.json() as { withdrawal: WithdrawalStatus };
    expect(withdrawal).toMatchObject({ sellerId: seller.sellerId, method: 'paypal', address: seller.address });
    expect(withdrawal.fees.amountCents).toBe(4_000);
    await eventually(async () => {
      const r = await w.app.db.collection<WithdrawalStatus & { _id: string }>('withdrawals').findOne({ _id: withdrawal.withdrawalId as never });
      return r?.status === 'paid';
    }, 30_000, 'pay-out paid');
    expect((await w.wallets.get(seller.sellerId)).available).toBe(0);
    expect(await w.app.db.collection('support_log').findOne({ action: 'account.pay-out', sellerId: seller.sellerId })).toMatchObject({ by: 'Dana (support)', why: 'closing balance' });
    // Nothing left: a second pay-out is refused.
    const twice = await w.inProcess(['account', 'pay-out', seller.sellerId, '--by', 'Dana (support)', '--why', 'again']);
    expect(twice.code).toBe(1);
  });

  it('the support tool refuses a penalty without a name and a reason, and records nothing', async () => {
    const seller = await w.seller();
    for (const flags of [[], ['--by', 'Dana'], ['--why', 'abuse'], ['--by', ' ', '--why', 'abuse']]) {
      const r = await w.inProcess(['account', 'suspend', seller.sellerId, ...flags]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/needs --by NAME and --why TEXT/);
    }
    expect(await standingDoc(seller.sellerId)).toBeUndefined();
    expect((await seller.fetch('/api/wallet')).status).toBe(200);
  });
});
