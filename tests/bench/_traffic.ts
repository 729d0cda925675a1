/**
 * Mixed seller traffic for `npm run chaos` and `npm run soak`, through the public HTTP and socket
 * APIs only (behind Caddy): each seller has a browser session (player purchases) and an API key
 * (comfort runs with error sub-states and resubmits, withdrawals with the emailed code, a status
 * socket, a webhook endpoint on a receiver that fails half the time). Every POST that may be retried
 * carries an Idempotency-Key (API) or requestId (web) kept across its retries, as a careful client does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { Db } from 'mongodb';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { freshCodes } from '../support/comfort.js';
import { benchPayoutSettings } from '../support/proven.js';
import { cookieFrom, GOOD_PASSWORD, sellerFetch, solveChallenge, uniqueEmail, type CaptchaChallenge } from '../support/sellers.js';

export const SEED_CENTS = 20_000;
const SELLER_ERRORS = ['wrong_password', 'wrong_backup_codes'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Request timings and outcomes: an answer below 500 is "ok" (a refusal is an answer), else an error. */
export class Meter {
  samples: { at: number; ms: number; ok: boolean; op: string }[] = [];
  /** Refusals (4xx) by operation, status and error code: expected ones (a card gone, too little money) and surprises. */
  refusals: Record<string, number> = {};
  record(op: string, ms: number, ok: boolean) { this.samples.push({ at: Date.now(), ms, ok, op }); }
  /** Samples since `from` (epoch ms); older ones are dropped when `drop`. */
  since(from: number, drop = false) {
    const out = this.samples.filter((s) => s.at >= from);
    if (drop) this.samples = out;
    return out;
  }
}

export interface WebhookHit { seller: number; deliveryId: string; position: number; answered: number; at: number }

/** One receiver for every seller's endpoint (/hook/<seller>): answers 500 to about half the deliveries, at random. */
export async function startReceiver(): Promise<{ url: string; hits: WebhookHit[]; close(): Promise<void> }> {
  const hits: WebhookHit[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const answered = Math.random() < 0.5 ? 500 : 200;
      try {
        const e = JSON.parse(body) as { deliveryId: string; position: number };
        hits.push({ seller: Number(req.url!.split('/').pop()), deliveryId: e.deliveryId, position: e.position, answered, at: Date.now() });
      } catch { /* not a delivery */ }
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

export interface SocketLog { connects: number; last: number; gaps: number; repeats: number; serverCloses: number }

export type TrafficSeller = Awaited<ReturnType<typeof createTrafficSeller>>;

/** A seller made through the public API from its own address, with payout settings, an API key, money to withdraw, a webhook and a status socket. */
export async function createTrafficSeller(i: number, ctx: { url: string; mailUrl: string; db: Db; hookUrl: string; meter: Meter }) {
  const ip = `10.${(i >> 8) & 255}.${i & 255}.${1 + Math.floor(Math.random() * 250)}`;
  const xff = { 'x-forwarded-for': ip };
  const email = uniqueEmail(`chaos${i}`);
  const captcha = solveChallenge((await (await fetch(`${ctx.url}/api/captcha`, { headers: xff })).json()) as CaptchaChallenge).payload;
  const res = await fetch(`${ctx.url}/api/auth/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...xff },
    body: JSON.stringify({ email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, agreement: true, captcha }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { seller: { id: string }; csrf: string };
  const cookie = cookieFrom(res);
  const raw = sellerFetch(ctx.url, cookie, body.csrf);
  const web = (path: string, init: RequestInit = {}) => raw(path, { ...init, headers: { ...xff, ...(init.headers as Record<string, string>) } });
  const sellerId = body.seller.id;
  await benchPayoutSettings(ctx.db, { sellerId, email, password: GOOD_PASSWORD, cookie, csrf: body.csrf, fetch: web }, {
    contactMethod: 'telegram', contactValue: `chaos_${i}`, paymentMethod: 'paypal', paymentAddress: `chaos${i}-${sellerId.slice(-6)}@example.com`, currency: 'EUR', trueName: 'Chaos Seller',
  });
  const keys = await ApiKeys.open(ctx.db);
  await keys.enableApiAccess(sellerId, 'support:bench', 'chaos benchmark');
  const key = (await keys.issueKey(sellerId, { name: 'chaos bot', scopes: ['read', 'trade', 'withdraw', 'webhooks'] })).secret;
  // The seller's starting money, as one ledger entry (what a released purchase leaves).
  await (await Wallets.open(ctx.db)).apply({ sellerId, opId: `seed:${sellerId}`, kind: 'player_freeze_released', delta: { available: SEED_CENTS }, ref: `bench-seed-${sellerId}` });

  const call = (path: string, init: { method?: string; body?: unknown; idem?: string } = {}) => fetch(`${ctx.url}/api/v1${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${key}`, ...xff, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.idem ? { 'idempotency-key': init.idem } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  /** A call retried (same key) until it gets an answer below 500 that is not "still in progress"; null after `tries`. */
  const settled = async (op: string, send: () => Promise<Response>, tries = 40): Promise<{ status: number; body: any } | null> => {
    for (let t = 0; t < tries; t++) {
      const t0 = performance.now();
      try {
        const r = await send();
        const b = await r.json().catch(() => null);
        ctx.meter.record(op, performance.now() - t0, r.status < 500);
        if (r.status >= 400 && r.status < 500) {
          const k = `${op} ${r.status} ${b?.error?.code ?? ''}`;
          ctx.meter.refusals[k] = (ctx.meter.refusals[k] ?? 0) + 1;
        }
        // Rate limited: the same call again when the key's limit says (Retry-After), as a retrying client does.
        if (r.status === 429) {
          await sleep(Number(r.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        if (r.status < 500 && !(r.status === 409 && b?.error?.code === 'idempotency_in_progress')) return { status: r.status, body: b };
      } catch {
        ctx.meter.record(op, performance.now() - t0, false);
      }
      await sleep(500 + Math.random() * 1000);
    }
    return null;
  };

  const hook = await settled('webhook register', () => call('/webhooks', { body: { url: `${ctx.hookUrl}/hook/${i}`, description: 'chaos' }, idem: `hook-${sellerId}` }));
  if (hook?.status !== 201 && hook?.status !== 200) throw new Error(`webhook: ${JSON.stringify(hook)}`);

  const socketLog: SocketLog = { connects: 0, last: 0, gaps: 0, repeats: 0, serverCloses: 0 };
  const socket: Socket = io(`${ctx.url}/v1`, {
    transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 2_000, extraHeaders: xff,
    auth: (cb) => cb({ key, after: socketLog.last }),
  });
  socket.on('connect', () => { socketLog.connects++; });
  // The server closes a socket it cannot keep in order (docs/api-events.md); socket.io does not reconnect by itself then.
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    socketLog.serverCloses++;
    setTimeout(() => socket.connect(), 500);
  });
  // The server could not check the key (its database down for a moment): socket.io does not retry that refusal by itself.
  socket.on('connect_error', (err: Error & { data?: { retryAfterMs?: number } }) => {
    if (err.message === 'unavailable') setTimeout(() => socket.connect(), err.data?.retryAfterMs ?? 1_000);
  });
  socket.on('event', (e: { position: number }) => {
    if (e.position <= socketLog.last) socketLog.repeats++;
    else if (e.position > socketLog.last + 1) { socketLog.gaps++; socketLog.last = e.position; }
    else socketLog.last = e.position;
  });

  let gameAccount: { id: string; name: string; platform: string } | null = null;
  const mails = async () => ((await (await fetch(`${ctx.mailUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { id: number; subject: string; text: string }[])
    .filter((m) => /withdrawal verification code/i.test(m.subject));

  return {
    i, sellerId, email, key, web, call, settled, socket, socketLog,
    /** One comfort run; a third of them meet a login error the seller fixes by resubmitting. */
    async comfortRun(simUrl: string) {
      const gameEmail = `g-${randomBytes(5).toString('hex')}@example.com`;
      if (Math.random() < 0.35) {
        await fetch(`${simUrl}/test/transfer/rules`, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: gameEmail, error: pick(SELLER_ERRORS), afterChunks: Math.floor(Math.random() * 2), times: 1 }),
        }).catch(() => undefined);
      }
      const sub = { platform: 'ps', coinAmount: pick([100_000, 150_000, 200_000]), transferTime: '24h', email: gameEmail, password: 'Game-Pass-1', backupCodes: freshCodes() };
      return settled('comfort submit', () => call('/comfort-runs', { body: sub, idem: randomUUID() }).then((r) => r), 40);
    },
    /** Resubmits every run of this seller that waits for new login details. */
    async resubmitWaiting() {
      const list = await settled('comfort list', () => call('/comfort-runs?status=error&limit=100'), 3);
      for (const run of (list?.body?.items ?? []) as { runId: string; waitingFor: string; sellerActions: string[] }[]) {
        if (!run.sellerActions?.includes('resubmit')) continue;
        const idem = randomUUID();
        await settled('comfort resubmit', () => call(`/comfort-runs/${run.runId}/resubmit`, { body: { password: 'Game-Pass-2', backupCodes: freshCodes() }, idem }), 20);
      }
    },
    /**
     * A withdrawal of a few euros through the API and the emailed code; `tries` per call (a test that
     * kills the API asks for more). Never a bare null: a failure names the step it stopped at.
     */
    async withdraw(tries = { code: 20, confirm: 30 }) {
      const before = (await mails()).length;
      const amountCents = 2000 + 100 * Math.floor(Math.random() * 20);
      const idem = randomUUID();
      const sent = await settled('withdrawal code', () => call('/withdrawals/code', { body: { amountCents, email }, idem }), tries.code);
      if (!sent) return { status: 0, body: { step: 'code request', error: `no answer below 500 in ${tries.code} tries` } };
      if (sent.status !== 200) return sent;
      // The catcher lists newest first: a code request retried across an API kill may have mailed an
      // earlier code for a draft the answer does not name, so the newest mail holds the answer's code.
      let code: string | undefined;
      for (let t0 = Date.now(); !code && Date.now() - t0 < 120_000; await sleep(300)) {
        const m = await mails().catch(() => []);
        if (m.length > before) code = /\b(\d{6})\b/.exec(m[0]!.text)?.[1];
      }
      if (!code) return { status: 0, body: { step: 'code mail', error: 'no code mail within 120 s', withdrawalId: sent.body.withdrawalId } };
      const confirm = randomUUID();
      const done = await settled('withdrawal confirm', () => call('/withdrawals', { body: { withdrawalId: sent.body.withdrawalId, code }, idem: confirm }), tries.confirm);
      return done ?? { status: 0, body: { step: 'confirm', error: `no answer below 500 in ${tries.confirm} tries` } };
    },
    /** A player purchase through the web session: pick a card, buy it on the market page, press Player Bought. */
    async playerPurchase(simUrl: string) {
      const list = await settled('cards', () => web('/api/player-trade/cards?size=100'), 3);
      const cards = (list?.body?.items ?? []) as { id: string; platform: string; buyNowPrice: number }[];
      if (!cards.length) return null;
      const card = pick(cards);
      if (!gameAccount || gameAccount.platform !== card.platform) {
        const name = `club${i}${randomBytes(3).toString('hex')}`;
        const acc = await settled('game account', () => web('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name }) }), 10);
        if (acc?.status !== 201) return acc;
        gameAccount = { id: acc.body.account.id, name, platform: card.platform };
      }
      const requestId = randomUUID();
      const picked = await settled('pick', () => web('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: card.id, gameAccountId: gameAccount!.id, requestId }) }), 20);
      const purchaseId = picked?.body?.purchase?.purchaseId as string | undefined;
      if (!purchaseId || picked?.body?.purchase?.state !== 'reserved') return picked;
      await fetch(`${simUrl}/market/v1/cards/${card.id}/buy`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: card.platform, gameAccount: gameAccount.name }),
      }).catch(() => undefined);
      return settled('bought', () => web(`/api/player-trade/purchases/${purchaseId}/bought`, { method: 'POST' }), 20);
    },
  };
}

/** Each seller acts every 1-4 s until `until()` says stop: comfort runs, resubmits, withdrawals, purchases, reads. */
export async function runTraffic(sellers: TrafficSeller[], simUrl: string, until: () => boolean, counts: Record<string, number>) {
  await Promise.all(sellers.map(async (s) => {
    while (!until()) {
      const r = Math.random();
      const op = r < 0.3 ? 'comfort' : r < 0.5 ? 'purchase' : r < 0.65 ? 'withdrawal' : r < 0.8 ? 'resubmit' : 'read';
      counts[op] = (counts[op] ?? 0) + 1;
      try {
        if (op === 'comfort') await s.comfortRun(simUrl);
        else if (op === 'purchase') await s.playerPurchase(simUrl);
        else if (op === 'withdrawal') await s.withdraw();
        else if (op === 'resubmit') await s.resubmitWaiting();
        else await s.settled('read', () => s.call(pick(['/balance', '/ledger?limit=20', '/withdrawals', '/comfort-runs'])), 1);
      } catch (err) {
        counts.thrown = (counts.thrown ?? 0) + 1;
        if (counts.thrown <= 5) console.log(`  [traffic] seller ${s.i} ${op}: ${(err as Error).message}`);
      }
      await sleep(1000 + Math.random() * 3000);
    }
  }));
}
