/**
 * Attacks on the live socket (issue 9, items 3, 9 and 12): a token or socket outliving its session,
 * a foreign page opening a socket with the seller's cookie, resync floods, and resync's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../domain/live-events.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, cookieFrom, sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { eventually } from '../support/servers.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { publishEvent } from '../../infra/live/publish.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let a: TestApp & { liveSecret: string };
let b: TestApp & { liveSecret: string };
const sockets: Client[] = [];
const limits = { resyncPerSeller: { max: 5, windowSeconds: 600 }, resendWaitSeconds: 1 };

beforeAll(async () => {
  // Two replicas on one database; they share nothing else.
  a = await startTestApp(undefined, { accounts: { limits } });
  b = await startTestApp({ dbName: a.dbName, liveSecret: a.liveSecret }, { accounts: { limits } });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await b?.close();
  await a?.close();
});

async function open(url: string, opts: { token?: string; cookie?: string; origin?: string }): Promise<Client> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket: Client = connect(url, { auth: opts.token ? { token: opts.token } : {}, extraHeaders: headers, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const liveToken = async (s: SignedInSeller) => ((await (await s.fetch('/api/live/token')).json()) as { token: string }).token;
const disconnected = (s: Client) => eventually(async () => !s.connected, 10_000, 'socket disconnected');
/**
 * An event published now reaches `socket`: the replica has handled everything before it (the notice that
 * closed the other socket included), so a wrong disconnect would have come first.
 */
async function stillFed(socket: Client, sellerId: string): Promise<void> {
  const n = Math.random();
  let got = false;
  const on = (e: { type: string; data?: unknown }) => { if (e.type === 'probe:sent' && (e.data as { n?: number })?.n === n) got = true; };
  socket.on('live:event', on);
  try {
    await publishEvent(await eventsCollection(a.db), { sellerId, type: 'probe:sent', subject: 'security-live', data: { n } });
    await eventually(async () => got || !socket.connected, 15_000, 'a probe event on the socket that stays');
  } finally {
    socket.off('live:event', on);
  }
}

/** A second session of the same seller (another device). */
async function secondSession(app: TestApp, s: SignedInSeller): Promise<SignedInSeller> {
  const res = await fetch(`${app.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email, password: s.password }) });
  expect(res.status).toBe(200);
  const csrf = ((await res.json()) as { csrf: string }).csrf;
  const cookie = cookieFrom(res);
  return { ...s, cookie, csrf, fetch: sellerFetch(app.url, cookie, csrf) };
}

describe('live access ends with the session (item 3)', () => {
  it('logout everywhere closes token and cookie sockets on every replica, and the old token opens nothing', async () => {
    const s = await createSignedInSeller(a);
    const token = await liveToken(s);
    const byTokenOnB = await open(b.url, { token });
    const byCookieOnA = await open(a.url, { cookie: s.cookie });
    const byCookieOnB = await open(b.url, { cookie: s.cookie });

    expect((await s.fetch('/api/auth/logout-all', { method: 'POST' })).status).toBe(200);
    await Promise.all([byTokenOnB, byCookieOnA, byCookieOnB].map(disconnected));
    await expect(open(b.url, { token })).rejects.toThrow(/unauthenticated/);
    await expect(open(a.url, { token })).rejects.toThrow(/unauthenticated/);
    await expect(open(a.url, { cookie: s.cookie })).rejects.toThrow(/unauthenticated/);
  });

  it('logout of one device closes only that device\'s sockets', async () => {
    const phone = await createSignedInSeller(a);
    const laptop = await secondSession(a, phone);
    const phoneSocket = await open(b.url, { token: await liveToken(phone) });
    const laptopSocket = await open(b.url, { token: await liveToken(laptop) });
    expect((await phone.fetch('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    await disconnected(phoneSocket);
    await stillFed(laptopSocket, phone.sellerId);
    expect(laptopSocket.connected).toBe(true);
  });

  it('a password change closes the other devices\' sockets and keeps this one', async () => {
    const here = await createSignedInSeller(a);
    const elsewhere = await secondSession(a, here);
    const mine = await open(b.url, { token: await liveToken(here) });
    const theirs = await open(b.url, { token: await liveToken(elsewhere) });
    const res = await here.fetch('/api/member/password', { method: 'POST', body: JSON.stringify({ oldPassword: here.password, password: 'Chang3dPass', confirmPassword: 'Chang3dPass' }) });
    expect(res.status).toBe(200);
    await disconnected(theirs);
    await stillFed(mine, here.sellerId);
    expect(mine.connected).toBe(true);
  });

  it('a password reset closes every socket of the seller', async () => {
    const s = await createSignedInSeller(a);
    const socket = await open(b.url, { token: await liveToken(s) });
    await fetch(`${a.url}/api/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email }) });
    const token = new URL(linkIn(await waitForMail(s.email, /Reset your password/))).searchParams.get('token');
    const res = await fetch(`${a.url}/api/auth/password/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'Re5etPass1', confirmPassword: 'Re5etPass1' }) });
    expect(res.status).toBe(200);
    await disconnected(socket);
  });

  it('re-checks sessions on its own: a session gone from the database ends its socket without any notice', async () => {
    const c = await startTestApp({ dbName: a.dbName, liveSecret: a.liveSecret }, { liveRecheckMs: 300 });
    try {
      const s = await createSignedInSeller(a);
      const socket = await open(c.url, { cookie: s.cookie });
      await a.db.collection('sessions').deleteMany({ sellerId: s.sellerId });
      await disconnected(socket);
    } finally {
      await c.close();
    }
  });
});

describe('socket origin (item 12)', () => {
  it('refuses a socket opened by a page of another site, with the seller\'s cookie', async () => {
    const s = await createSignedInSeller(a);
    await expect(open(a.url, { cookie: s.cookie, origin: 'https://evil.example.net' })).rejects.toThrow();
    const same = await open(a.url, { cookie: s.cookie, origin: a.url });
    expect(same.connected).toBe(true);
  });
});

describe('resync (items 9 and 12)', () => {
  it('answers the newest 500 events after the position, in order, and says it left older ones out', async () => {
    const s = await createSignedInSeller(a);
    for (let n = 0; n < 520; n++) await a.publish(s.sellerId, 'probe:sent', { n });
    const socket = await open(b.url, { token: await liveToken(s) });
    const result = await socket.emitWithAck('live:resync', null);
    if (!('data' in result)) throw new Error(JSON.stringify(result));
    expect(result.data).toHaveLength(500);
    const ids = result.data.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // The 20 left out are the oldest.
    expect(result.data.map((e) => (e.type === 'probe:sent' ? e.data.n : null))).toEqual(Array.from({ length: 500 }, (_, i) => i + 20));
    expect(result.truncated).toBe(true);
    const rest = await socket.emitWithAck('live:resync', result.data[489].id);
    if ('data' in rest) expect([rest.data.map((e) => (e.type === 'probe:sent' ? e.data.n : null)), rest.truncated]).toEqual([Array.from({ length: 10 }, (_, i) => i + 510), false]);
  });

  it('limits resyncs per seller', async () => {
    const s = await createSignedInSeller(a);
    const socket = await open(a.url, { token: await liveToken(s) });
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await socket.emitWithAck('live:resync', null));
    expect(results.slice(0, 5).every((r) => 'data' in r)).toBe(true);
    expect(results.slice(5).map((r) => ('error' in r ? r.error.code : 'data'))).toEqual(['rate_limited', 'rate_limited']);
  });
});
