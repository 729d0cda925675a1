/**
 * A socket handshake that meets a database that stops answering (issue 21): the server answers
 * `unavailable` with a pause within its handshake deadline, never `unauthenticated`; the page's
 * live socket (through the web's own retry, web/src/live/retry.ts) and an API seller's status
 * socket (through examples/status-socket-client.ts) connect again by themselves once the database
 * answers, and get events. A token or key that is really refused is still refused at once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '../../domain/live-events.js';
import { SOCKET_RETRY_AFTER_MS } from '../../domain/socket-retry.js';
import { HANDSHAKE_DEADLINE_MS } from '../../api/socket-refusal.js';
import { connectDatabase } from '../../infra/db.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';
import { SellerFeed } from '../../infra/seller-feed/feed.js';
import { createAnnouncer, type Announce } from '../../infra/seller-feed/announce.js';
import { withdrawalEvent } from '../../domain/seller-events.js';
import type { WithdrawalStatus } from '../../domain/withdrawal.js';
import { retryWhenUnavailable } from '../../web/src/live/retry.js';
import { followStatuses, type StatusEvent } from '../../examples/status-socket-client.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startDatabaseProxy, type DatabaseProxy } from '../support/freezable-proxy.js';
import { eventually, stopwatch } from '../support/wait.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Refusal { message: string; data?: { retryAfterMs?: number }; ms: number }

/** The deadline plus room for a loaded 2-core machine; the database's own deadline (10 s, twice for a retried read) is far past it. */
const REFUSED_WITHIN_MS = HANDSHAKE_DEADLINE_MS + 1_500;

describe('a socket handshake while the database stops answering', () => {
  let proxy: DatabaseProxy;
  let app: TestApp;
  // The test's own connection, straight to the database: it writes while the app's is frozen.
  let direct: Awaited<ReturnType<typeof connectDatabase>>;
  let keys: ApiKeys;
  let announce: Announce;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    proxy = await startDatabaseProxy(inject('mongoUri'));
    // The production deadline of database calls (10 s); a 1 s heartbeat so the driver looks again soon after the thaw.
    app = await startTestApp(undefined, { database: { uri: proxy.databaseUri, heartbeatMs: 1_000 } });
    direct = await connectDatabase(inject('mongoUri'), app.dbName);
    keys = await ApiKeys.open(direct.db!);
    announce = createAnnouncer({ feed: await SellerFeed.open(direct.db!), events: await eventsCollection(direct) });
  });
  // A thaw drops every connection through the proxy, so only a frozen proxy is thawed; a test that
  // fails while the database is frozen leaves it answering for the next.
  let frozen = false;
  const freeze = () => { frozen = true; proxy.freeze(); };
  const thaw = () => { frozen = false; proxy.thaw(); };
  afterEach(() => { if (frozen) thaw(); });
  afterAll(async () => {
    if (frozen) thaw();
    closers.forEach((close) => close());
    await app?.close();
    await direct?.close();
    await proxy?.close();
  });

  /** Every connect_error of a socket, with when it came (by `since`, started as the socket was). The deadlines are this file's subject. */
  const refusalsOf = (socket: Socket, since: () => number) => {
    const seen: Refusal[] = [];
    socket.on('connect_error', (err: Error & { data?: Refusal['data'] }) => seen.push({ message: err.message, data: err.data, ms: since() }));
    return seen;
  };
  const expectRetryLater = (r: Refusal) => {
    expect(r.message).toBe('unavailable');
    expect(r.data?.retryAfterMs).toBeGreaterThanOrEqual(SOCKET_RETRY_AFTER_MS.min);
    expect(r.data?.retryAfterMs).toBeLessThanOrEqual(SOCKET_RETRY_AFTER_MS.max);
    expect(r.ms).toBeLessThan(REFUSED_WITHIN_MS);
  };
  const newSeller = () => `seller-${randomBytes(5).toString('hex')}`;

  it('a page\'s live socket: unavailable within the deadline, tried again, connected and fed once the database answers', async () => {
    const sellerId = newSeller();
    const token = await app.mintLiveToken(sellerId);
    freeze();
    const since = stopwatch();
    const socket: Client = io(app.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    closers.push(() => socket.close());
    const refusals = refusalsOf(socket, since);
    const seen: string[] = [];
    closers.push(retryWhenUnavailable(socket, { retrying: (ms) => seen.push(`retrying ${ms}`), refused: (code) => seen.push(`refused ${code}`) }));
    const got: LiveEvent[] = [];
    socket.on('live:event', (e) => got.push(e));

    await eventually(async () => refusals.length >= 1, REFUSED_WITHIN_MS + 15_000, 'the first handshake answered');
    expectRetryLater(refusals[0]);
    // The web's retry connects again while the database is still frozen, and is told to wait again.
    await eventually(async () => refusals.length >= 2, 20_000, 'a second handshake, tried by the client itself');
    expect(refusals[1]).toMatchObject({ message: 'unavailable' });
    expect(seen[0]).toMatch(/^retrying \d+$/);
    expect(seen.every((s) => s.startsWith('retrying '))).toBe(true);
    // It waited the pause it was given (less 20 % of spread) before trying again.
    expect(refusals[1].ms - refusals[0].ms).toBeGreaterThanOrEqual(0.8 * refusals[0].data!.retryAfterMs!);

    const sinceThaw = stopwatch();
    thaw();
    await eventually(async () => socket.connected, 60_000, 'the live socket connected after the thaw');
    const reconnectMs = sinceThaw();
    await publishEvent(await eventsCollection(direct), { sellerId, type: 'probe:sent', subject: 'probe', data: { n: 1 } });
    await eventually(async () => got.some((e) => e.type === 'probe:sent'), 30_000, 'a live event on the reconnected socket');
    console.log(`live socket: unavailable after ${refusals[0].ms} ms (retryAfterMs ${refusals[0].data?.retryAfterMs}), ${refusals.length} refusals while frozen; connected ${reconnectMs} ms after the thaw; event after ${sinceThaw()} ms`);
  });

  it('an API seller\'s status socket with a good key: unavailable within the deadline, then the example client connects again and replays', async () => {
    const sellerId = newSeller();
    await keys.enableApiAccess(sellerId, 'support:test', 'socket-unavailable test');
    const { secret } = await keys.issueKey(sellerId, { name: 'bot', scopes: ['read'] });
    const change = (v: number) => ({ ...withdrawalEvent({ withdrawalId: 'w1', state: 'requested', status: 'requested', fees: { amountCents: 2_000, feeCents: 0, handlingFeeCents: 50, totalPayoutCents: 1_950 } } as unknown as WithdrawalStatus, v), sellerId });

    freeze();
    const since = stopwatch();
    const got: StatusEvent[] = [];
    const closed: string[] = [];
    const retries: number[] = [];
    let ready = false;
    const client = followStatuses({
      url: app.url, key: secret, after: 0,
      onEvent: (e) => { got.push(e); },
      onReady: () => { ready = true; },
      onClosed: (reason) => closed.push(reason),
      onRetry: (ms) => retries.push(ms),
    });
    closers.push(client.close);
    const refusals = refusalsOf(client.socket, since);
    await eventually(async () => refusals.length >= 1, REFUSED_WITHIN_MS + 15_000, 'the first handshake answered');
    expectRetryLater(refusals[0]);
    expect(closed).toEqual([]);
    expect(retries.length).toBe(1);

    // Written while the app cannot read: the replay after the thaw brings it.
    await announce(change(1));
    const sinceThaw = stopwatch();
    thaw();
    await eventually(async () => ready, 60_000, 'the status socket ready after the thaw');
    const reconnectMs = sinceThaw();
    expect(got.map((e) => e.position)).toEqual([1]);
    await announce(change(2));
    await eventually(async () => got.length === 2, 30_000, 'a live event on the reconnected status socket');
    expect(got.map((e) => e.position)).toEqual([1, 2]);
    expect(closed).toEqual([]);
    console.log(`status socket: unavailable after ${refusals[0].ms} ms, ${refusals.length} refusals; ready ${reconnectMs} ms after the thaw`);
  });

  it('a token, session or key that is really refused as before: a revoked key and an ended session; a missing or forged one at once, even while the database is frozen', async () => {
    const refusalOf = async (nsp: '' | '/v1', auth: Record<string, unknown>) => {
      const since = stopwatch();
      const s: Client = io(`${app.url}${nsp}`, { auth, transports: ['websocket'], forceNew: true, reconnection: false });
      closers.push(() => s.close());
      const seen: string[] = [];
      const stop = retryWhenUnavailable(s, { retrying: (ms) => seen.push(`retrying ${ms}`), refused: (code) => seen.push(`refused ${code}`) });
      const message = await new Promise<string>((resolve) => {
        s.once('connect', () => resolve('connected'));
        s.once('connect_error', (err) => resolve(err.message));
      });
      stop();
      s.close();
      return { message, ms: since(), seen };
    };

    // Refusals that need the database: an ended session's token and a revoked key.
    const sellerId = newSeller();
    const token = await app.mintLiveToken(sellerId);
    await direct.collection('sessions').deleteMany({ sellerId });
    await keys.enableApiAccess(sellerId, 'support:test', 'socket-unavailable test');
    const issued = await keys.issueKey(sellerId, { name: 'bot', scopes: ['read'] });
    await keys.revokeKey(sellerId, issued.key.keyId);
    expect(await refusalOf('', { token })).toMatchObject({ message: 'unauthenticated', seen: ['refused unauthenticated'] });
    expect((await refusalOf('/v1', { key: issued.secret })).message).toBe('invalid_api_key');

    // Refusals that need no database read are answered at once even while it is frozen.
    freeze();
    try {
      for (const [nsp, auth, code] of [
        ['', {}, 'unauthenticated'], ['', { token: 'a.b.c.d' }, 'unauthenticated'],
        ['/v1', {}, 'invalid_api_key'], ['/v1', { key: 'cmk_not-a-key' }, 'invalid_api_key'],
      ] as const) {
        const r = await refusalOf(nsp, auth);
        expect(r.message, `${nsp} ${JSON.stringify(auth)}`).toBe(code);
        expect(r.ms).toBeLessThan(1_000);
        // The page's retry leaves them closed.
        if (nsp === '') expect(r.seen).toEqual([`refused ${code}`]);
      }
    } finally {
      thaw();
    }
  });
});
