/**
 * The provider simulator over HTTP: implements the market contract (docs/provider-contract.md),
 * serves a small page where a person or a browser test buys a card with a game account, and, in
 * test/dev mode only, endpoints that steer it (fail or delay verification, remove or add cards).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { PLATFORMS, type Platform } from '../../domain/pricing.js';
import { CONTRACT_PREFIX, type CardsResponse, type ProviderCard } from '../market/contract.js';
import { SimulatedMarket, type VerificationSteering } from './market.js';
import { registerPayoutRoutes, SimulatedPayouts } from './payouts.js';
import { DEV_CALLBACK_SECRET } from '../payout/callback-secret.js';
import { DEFAULT_TRANSFER_TIMING, scaleTiming, SimulatedTransfers, type TransferTiming } from './transfer.js';
import { registerTransferRoutes } from './transfer-routes.js';
import { keepState } from './state-file.js';

export interface SimulatorOptions {
  size?: number;
  seed?: number;
  /** Market life step; 0 turns the automatic ticks off (tests tick by hand). */
  tickMs?: number;
  auctionMs?: number;
  /** Enables /test/* steering endpoints. Never on in production. */
  testControl?: boolean;
  /** Bearer token the gateway must send (optional). */
  apiKey?: string;
  /** Signs payout callbacks (PAYOUT_CALLBACK_SECRET); shared with the API that receives them. The development secret when unset (main.ts refuses that in production). */
  payoutCallbackSecret?: string;
  /** How long a quoted payout rate stays locked. */
  quoteTtlMs?: number;
  /** How long a Payoneer consent's one-time code can be exchanged (default ten minutes). */
  consentTtlMs?: number;
  /** The consent codes' clock (tests move it); the wall clock without. */
  consentClock?: () => number;
  /** The redirect URIs registered for the Payoneer consent (PAYONEER_REDIRECT_URIS); none: only an API on this machine. */
  payoneerRedirectUris?: string[];
  /** Transfer orders' login and chunk timing in ms (default: real-world, `DEFAULT_TRANSFER_TIMING`). */
  transferTiming?: Partial<TransferTiming>;
  /** How many times faster than `transferTiming` transfers run (SIMULATOR_TIME_SCALE; default 1). */
  timeScale?: number;
  /** Where orders, payouts and purchases are kept across restarts (SIMULATOR_STATE_FILE; state-file.ts). In memory only without it. */
  stateFile?: string;
}

export interface Simulator {
  app: FastifyInstance;
  market: SimulatedMarket;
  payouts: SimulatedPayouts;
  transfers: SimulatedTransfers;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const coins = (n: number) => n.toLocaleString('en-US');
const isPlatform = (p: unknown): p is Platform => PLATFORMS.includes(p as Platform);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem;color:#1a202c}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.35rem;text-align:left}
.ok{color:#276749}.err{color:#c53030}label{display:block;margin:.5rem 0}input,select{padding:.3rem}
button{padding:.4rem 1rem;background:#2b6cb0;color:#fff;border:0;border-radius:4px;cursor:pointer}
</style></head><body><h1>${esc(title)}</h1><p><em>Provider simulator: a stand-in for the game's transfer market.</em></p>${body}</body></html>`;
}

function buyForm(c: ProviderCard, gameAccount = '', message = ''): string {
  return page(`Buy ${c.playerName}`, `${message}
<dl><dt>Player</dt><dd data-testid="sim-player">${esc(c.playerName)}</dd><dt>Version</dt><dd>${esc(c.versionName)}</dd>
<dt>Chemistry style</dt><dd>${esc(c.chemistryStyle)}</dd><dt>Platform</dt><dd>${esc(c.platform)}</dd>
<dt>Buy now price</dt><dd>${coins(c.buyNowPrice)} coins</dd><dt>Owner</dt><dd>${esc(c.owner)}</dd></dl>
<form method="post" action="/buy">
<input type="hidden" name="cardId" value="${esc(c.id)}"><input type="hidden" name="platform" value="${esc(c.platform)}">
<label>Your game account <input name="gameAccount" required maxlength="64" value="${esc(gameAccount)}" data-testid="sim-account"></label>
<button type="submit" data-testid="sim-buy">Buy now</button></form><p><a href="/">All cards</a></p>`);
}

/** Builds the simulator; `listen` starts it. */
export async function createSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const market = new SimulatedMarket({ size: opts.size ?? 60, seed: opts.seed ?? 42, auctionMs: opts.auctionMs ?? 60 * 60_000 });
  // Every request to a provider is a few fields; the consent form has its own, smaller limit.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const authorised = (auth: string | undefined) => !opts.apiKey || auth === `Bearer ${opts.apiKey}`;
  const payouts = new SimulatedPayouts({
    callbackSecret: opts.payoutCallbackSecret ?? DEV_CALLBACK_SECRET, quoteTtlMs: opts.quoteTtlMs ?? 15 * 60_000,
    consentTtlMs: opts.consentTtlMs, redirectUris: opts.payoneerRedirectUris, now: opts.consentClock,
  });
  registerPayoutRoutes(app, payouts, { testControl: !!opts.testControl, apiKey: opts.apiKey });
  const transfers = new SimulatedTransfers(scaleTiming({ ...DEFAULT_TRANSFER_TIMING, ...opts.transferTiming }, opts.timeScale ?? 1));
  registerTransferRoutes(app, transfers, { authorised, testControl: !!opts.testControl });
  const kept = opts.stateFile ? keepState(opts.stateFile, { market, transfers, payouts }) : null;
  if (kept) {
    // Written before the answer leaves: an order, payout or purchase the caller was told about survives a kill.
    app.addHook('onSend', async (req, _reply, payload) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') kept.flush();
      return payload;
    });
  }

  app.get(`${CONTRACT_PREFIX}/cards`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const res: CardsResponse = { cards: [...market.cards.values()], at: Date.now() };
    return res;
  });

  app.get<{ Params: { id: string } }>(`${CONTRACT_PREFIX}/cards/:id`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const c = market.cards.get(req.params.id);
    return c ? { card: c } : reply.code(404).send({ error: 'card_not_found' });
  });

  app.post<{ Body: { cardId?: unknown; platform?: unknown; gameAccount?: unknown } }>(`${CONTRACT_PREFIX}/verifications`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const { cardId, platform, gameAccount } = req.body ?? {};
    if (typeof cardId !== 'string' || !isPlatform(platform) || typeof gameAccount !== 'string' || !gameAccount.trim()) {
      return reply.code(400).send({ error: 'bad_request' });
    }
    const delay = market.steering.delayMs;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const answer = market.verify(cardId, platform, gameAccount);
    if (answer === 'error') return reply.code(503).send({ error: 'unavailable' });
    return answer;
  });

  // JSON purchase (for scripts and tests); the page below does the same with a form.
  app.post<{ Params: { id: string }; Body: { platform?: unknown; gameAccount?: unknown; price?: unknown } }>(`${CONTRACT_PREFIX}/cards/:id/buy`, async (req, reply) => {
    const { platform, gameAccount, price } = req.body ?? {};
    if (!isPlatform(platform) || typeof gameAccount !== 'string' || !gameAccount.trim()) return reply.code(400).send({ error: 'bad_request' });
    // Test steering only: buy at another price than the listed buy-now (the market moved, or a cheaper copy).
    const paid = opts.testControl && typeof price === 'number' && Number.isSafeInteger(price) && price > 0 ? price : undefined;
    const r = market.buy(req.params.id, platform, gameAccount, paid);
    return r.ok ? { purchase: r.purchase } : reply.code(r.error === 'card_not_found' ? 404 : 409).send({ error: r.error });
  });

  // The page a person uses to "buy" a card in the game.
  app.get<{ Querystring: { cardId?: string; q?: string } }>('/', async (req, reply) => {
    const q = (req.query.q ?? '').toLowerCase();
    const rows = [...market.cards.values()]
      .filter((c) => !q || c.playerName.toLowerCase().includes(q))
      .sort((a, b) => a.buyNowPrice - b.buyNowPrice)
      .slice(0, 200)
      .map((c) => `<tr><td>${esc(c.playerName)}</td><td>${esc(c.versionName)}</td><td>${esc(c.platform)}</td><td>${coins(c.buyNowPrice)}</td><td><a href="/buy?cardId=${encodeURIComponent(c.id)}">Buy</a></td></tr>`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(page('Transfer market', `<form><input name="q" placeholder="Player name" value="${esc(q)}"> <button>Search</button></form>
<table><thead><tr><th>Player</th><th>Version</th><th>Platform</th><th>Buy now</th><th></th></tr></thead><tbody>${rows}</tbody></table>`));
  });

  app.get<{ Querystring: { cardId?: string } }>('/buy', async (req, reply) => {
    const c = market.cards.get(String(req.query.cardId ?? ''));
    reply.type('text/html; charset=utf-8');
    if (!c) return reply.code(404).send(page('Card not found', '<p class="err" data-testid="sim-result">This card is no longer on the market.</p><p><a href="/">All cards</a></p>'));
    return reply.send(buyForm(c));
  });

  app.post<{ Body: Record<string, string> }>('/buy', async (req, reply) => {
    const { cardId = '', platform = '', gameAccount = '' } = req.body ?? {};
    reply.type('text/html; charset=utf-8');
    const card = market.cards.get(cardId);
    if (!isPlatform(platform) || !gameAccount.trim()) {
      return reply.code(400).send(card ? buyForm(card, gameAccount, '<p class="err">Please enter your game account.</p>') : page('Error', '<p class="err">Bad request</p>'));
    }
    const r = market.buy(cardId, platform, gameAccount);
    if (!r.ok) return reply.code(409).send(page('Not bought', `<p class="err" data-testid="sim-result">${r.error === 'card_not_found' ? 'This card is no longer on the market.' : 'This card is on another platform.'}</p>`));
    return reply.send(page('Bought', `<p class="ok" data-testid="sim-result">Bought ${esc(card!.playerName)} for ${coins(r.purchase.price)} coins with ${esc(r.purchase.gameAccount)}.</p><p>Go back to the marketplace and press Player Bought.</p>`));
  });

  if (opts.testControl) {
    app.post<{ Body: Partial<VerificationSteering> }>('/test/verification', async (req) => {
      const b = req.body ?? {};
      market.steering = {
        mode: b.mode === 'reject' || b.mode === 'error' ? b.mode : 'normal',
        delayMs: Math.max(0, Number(b.delayMs ?? 0) || 0),
        remaining: typeof b.remaining === 'number' ? b.remaining : null,
      };
      return { steering: market.steering };
    });
    app.get('/test/stats', async () => ({ verifyCalls: market.verifyCalls, cards: market.cards.size, purchases: market.purchases.size }));
    app.delete<{ Params: { id: string } }>('/test/cards/:id', async (req) => ({ removed: market.cards.delete(req.params.id) }));
    app.post<{ Body: { cards?: Partial<ProviderCard>[] } }>('/test/cards', async (req) => {
      const added = (req.body?.cards ?? []).map((o) => market.newCard(o));
      for (const c of added) market.cards.set(c.id, c);
      return { cards: added };
    });
    app.post<{ Body: { size?: number; seed?: number } }>('/test/reset', async (req) => {
      market.reset(Number(req.body?.size ?? 60), Number(req.body?.seed ?? 42));
      return { cards: market.cards.size };
    });
    app.post('/test/tick', async () => {
      market.tick();
      return { cards: market.cards.size };
    });
  }

  let timer: NodeJS.Timeout | null = null;
  if (opts.tickMs && opts.tickMs > 0) {
    // Not a sweep: the provider simulator's own market clock.
    timer = setInterval(() => market.tick(), opts.tickMs);
    timer.unref();
  }
  return {
    app,
    market,
    payouts,
    transfers,
    listen: (port, host = '127.0.0.1') => app.listen({ port, host }),
    close: async () => {
      if (timer) clearInterval(timer);
      transfers.close();
      await app.close();
      kept?.stop();
    },
  };
}
