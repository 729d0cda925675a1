/**
 * The simulated payout provider (docs/provider-contract.md, "Payout provider"): quotes, payouts
 * idempotent by key, signed callbacks, Payoneer consent, and steering for tests (each failure a
 * seller can meet, provider down, slow confirmation, duplicate callbacks). In-memory state.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_METHODS } from '../../domain/account-schemas.js';
import {
  PAYOUT_PREFIX, SIGNATURE_HEADER, signBody,
  type CreatePayoutRequest, type PayoutView, type ProviderFailure, type QuoteResponse,
} from '../payout/contract.js';

/** How the next payouts end: paid, one of the failures, or `pending` (slow: waits for /test/payouts/:key/settle). */
export type PayoutOutcome = 'paid' | ProviderFailure | 'pending';
export interface PayoutSteering {
  outcome: PayoutOutcome;
  /** Time from creation to the final state and its callback. */
  confirmDelayMs: number;
  /** Answer 503 to creations and status reads. */
  down: boolean;
  /** Extra copies of each callback (a confirmation delivered twice). */
  duplicates: number;
  /** Time between creating a payout and answering the call that created it (the caller may die in between). */
  answerDelayMs: number;
}

/** How and when a pending payout ends on its own (kept, so a restarted simulator still ends it). */
interface Due { at: number; state: 'paid' | 'failed'; failure: ProviderFailure | null; duplicates: number }
interface SimPayout extends PayoutView { request: CreatePayoutRequest; createdAt: number; callbacks: number; due: Due | null }

/** What the payout provider keeps across the simulator's restarts (state-file.ts). */
export interface PayoutState {
  payouts: SimPayout[];
  quotes: QuoteResponse[];
  consents: [string, { email: string; payeeId: string; expiresAt: number }][];
  payees: string[];
  steering: PayoutSteering;
  byAddress: [string, Partial<PayoutSteering>][];
}

/** Euro rates the simulator quotes (units per euro, as the contract's decimal string). */
const RATES: Record<string, string> = {
  USD: '1.0850', GBP: '0.8550', CHF: '0.9600', PLN: '4.3200', SEK: '11.4500', NOK: '11.7000', DKK: '7.4600', CZK: '25.1000',
  HUF: '395.0000', RON: '4.9700', TRY: '37.2000', BRL: '6.1000', CNY: '7.8500', SAR: '4.0700', AED: '3.9800', USDT: '1.0790',
};
/** Minor units of `amountCents` euro in `currency` at `rate` (rounded down: the seller never gets a fraction the provider lacks). */
export const convert = (amountCents: number, rate: string): number => {
  const [i, f = ''] = rate.split('.');
  const scaled = BigInt(i! + f.padEnd(4, '0').slice(0, 4));
  return Number((BigInt(amountCents) * scaled) / 10000n);
};

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const htmlPage = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left}button{padding:.4rem 1rem}</style></head>
<body><main><h1>${esc(title)}</h1><p><em>Payout provider simulator.</em></p>${body}</main></body></html>`;

const PAYEE_METHODS = new Set(['payoneer', 'payoneer-wallet']);
/** A code is exchanged right after the redirect; ten minutes is generous. */
const CONSENT_TTL_MS = 10 * 60_000;
const MAX_PENDING_CONSENTS = 10_000;
/** The consent page's form is a few short fields. */
const CONSENT_BODY_LIMIT = 4 * 1024;
const CONSENT_CALLBACK_PATH = '/api/member/payoneer/callback';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class SimulatedPayouts {
  readonly payouts = new Map<string, SimPayout>();
  readonly quotes = new Map<string, QuoteResponse>();
  /** Codes a consent issued and not yet exchanged, oldest first; each expires (`consentTtlMs`). */
  readonly consents = new Map<string, { email: string; payeeId: string; expiresAt: number }>();
  /** Payees bound by a consent (Payoneer methods pay only these). */
  readonly payees = new Set<string>();
  steering: PayoutSteering = { outcome: 'paid', confirmDelayMs: 50, down: false, duplicates: 0, answerDelayMs: 0 };
  /** Steering for one address, over the default (a browser test steers its seller's address). */
  readonly byAddress = new Map<string, Partial<PayoutSteering>>();
  createCalls = 0;
  callbackErrors = 0;

  /** `now`: the consent codes' clock (tests move it instead of waiting for a code to expire). */
  constructor(private readonly opts: { callbackSecret: string; quoteTtlMs: number; consentTtlMs?: number; redirectUris?: readonly string[]; now?: () => number }) {}

  /**
   * Whether a consent may send the browser back to `uri`: only to a redirect URI registered with the
   * provider (PAYONEER_REDIRECT_URIS), exactly, or, with none registered (development), to the
   * consent callback of an API on this machine. Anything else would hand a seller's code to a stranger.
   */
  redirectAllowed(uri: string): boolean {
    if (this.opts.redirectUris?.length) return this.opts.redirectUris.includes(uri);
    try {
      const u = new URL(uri);
      return /^https?:$/.test(u.protocol) && LOOPBACK_HOSTS.has(u.hostname) && u.pathname === CONSENT_CALLBACK_PATH && !u.search && !u.hash && !u.username && !u.password;
    } catch {
      return false;
    }
  }

  /** A one-time code for an allowed consent; null when too many are pending. Expired codes are dropped first, so memory stays bounded. */
  issueConsent(email: string, now = (this.opts.now ?? Date.now)()): string | null {
    for (const [code, c] of this.consents) {
      if (c.expiresAt > now) break;
      this.consents.delete(code);
    }
    if (this.consents.size >= MAX_PENDING_CONSENTS) return null;
    const code = randomBytes(16).toString('hex');
    this.consents.set(code, { email, payeeId: `payee_${randomBytes(6).toString('hex')}`, expiresAt: now + (this.opts.consentTtlMs ?? CONSENT_TTL_MS) });
    return code;
  }

  /** Exchanges a code once: the consent it stands for, or null when unknown, used or expired. */
  redeemConsent(code: string, now = (this.opts.now ?? Date.now)()): { email: string; payeeId: string } | null {
    const c = this.consents.get(code);
    if (!c) return null;
    this.consents.delete(code);
    if (c.expiresAt <= now) return null;
    this.payees.add(c.payeeId);
    return { email: c.email, payeeId: c.payeeId };
  }

  steer(address: string): PayoutSteering {
    return { ...this.steering, ...this.byAddress.get(address) };
  }

  quote(currency: string, amountCents: number): QuoteResponse | null {
    const rate = RATES[currency];
    if (!rate) return null;
    const q = { quoteId: `q_${randomBytes(8).toString('hex')}`, currency, rate, payoutMinor: convert(amountCents, rate), expiresAt: Date.now() + this.opts.quoteTtlMs };
    this.quotes.set(q.quoteId, q);
    return q;
  }

  create(req: CreatePayoutRequest): { ok: true; payout: PayoutView } | { ok: false; status: number; error: string } {
    this.createCalls++;
    const existing = this.payouts.get(req.key);
    if (existing) {
      const same = existing.request.amountCents === req.amountCents && existing.request.address === req.address && existing.request.method === req.method;
      return same ? { ok: true, payout: view(existing) } : { ok: false, status: 409, error: 'key_reused' };
    }
    if (req.quoteId) {
      const q = this.quotes.get(req.quoteId);
      if (!q || q.currency !== req.currency) return { ok: false, status: 409, error: 'quote_unknown' };
      if (q.expiresAt < Date.now()) return { ok: false, status: 409, error: 'quote_expired' };
    }
    const p: SimPayout = {
      payoutId: `po_${randomBytes(8).toString('hex')}`, key: req.key, state: 'pending', failure: null, reference: null,
      updatedAt: Date.now(), request: req, createdAt: Date.now(), callbacks: 0, due: null,
    };
    this.payouts.set(req.key, p);
    const s = this.steer(req.address);
    const at = Date.now() + s.confirmDelayMs;
    // Payoneer pays a payee bound by consent; anything else (an email typed into a form) is not an account.
    if (PAYEE_METHODS.has(req.method) && !this.payees.has(req.address)) {
      p.due = { at, state: 'failed', failure: 'wrong_address', duplicates: s.duplicates };
    } else if (s.outcome !== 'pending') {
      p.due = { at, state: s.outcome === 'paid' ? 'paid' : 'failed', failure: s.outcome === 'paid' ? null : s.outcome as ProviderFailure, duplicates: s.duplicates };
    }
    this.scheduleDue(p);
    return { ok: true, payout: view(p) };
  }

  private scheduleDue(p: SimPayout): void {
    const due = p.due;
    if (!due || p.state !== 'pending') return;
    setTimeout(() => void this.settle(p.key, due.state, due.failure, due.duplicates), Math.max(0, due.at - Date.now())).unref();
  }

  saved(): PayoutState {
    return {
      payouts: [...this.payouts.values()], quotes: [...this.quotes.values()], consents: [...this.consents], payees: [...this.payees],
      steering: this.steering, byAddress: [...this.byAddress],
    };
  }

  /** The payouts as they were saved; a pending one that was due to end still ends (at once if its time passed). */
  restore(state: PayoutState): void {
    this.payouts.clear();
    for (const p of state.payouts) this.payouts.set(p.key, p);
    this.quotes.clear();
    for (const q of state.quotes) this.quotes.set(q.quoteId, q);
    this.consents.clear();
    for (const [code, c] of state.consents) this.consents.set(code, c);
    this.payees.clear();
    for (const id of state.payees) this.payees.add(id);
    this.steering = state.steering;
    this.byAddress.clear();
    for (const [address, s] of state.byAddress) this.byAddress.set(address, s);
    for (const p of this.payouts.values()) this.scheduleDue(p);
  }

  /** Ends a pending payout and calls back (plus `duplicates` copies); an ended payout only calls back again. */
  async settle(key: string, state: 'paid' | 'failed', failure: ProviderFailure | null, duplicates = 0): Promise<PayoutView | null> {
    const p = this.payouts.get(key);
    if (!p) return null;
    if (p.state === 'pending') {
      p.state = state;
      p.failure = state === 'failed' ? (failure ?? 'rejected') : null;
      p.reference = state === 'paid' ? `TX-${randomBytes(6).toString('hex').toUpperCase()}` : null;
      p.updatedAt = Date.now();
    }
    for (let i = 0; i <= duplicates; i++) await this.callback(p);
    return view(p);
  }

  /** Posts the payout's current state to its callback URL, signed; a few tries, then it stays for the status poll. */
  async callback(p: SimPayout): Promise<void> {
    if (!p.request.callbackUrl) return;
    const body = JSON.stringify({ payout: view(p) });
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(p.request.callbackUrl, {
          method: 'POST', body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(this.opts.callbackSecret, body) },
          signal: AbortSignal.timeout(5_000),
        });
        await res.body?.cancel().catch(() => undefined);
        p.callbacks++;
        if (res.ok) return;
      } catch { /* the receiver is down: try again, then leave it to the status poll */ }
      this.callbackErrors++;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

const view = (p: SimPayout): PayoutView => ({ payoutId: p.payoutId, key: p.key, state: p.state, failure: p.failure, reference: p.reference, updatedAt: p.updatedAt });
const OUTCOMES: readonly PayoutOutcome[] = ['paid', 'wrong_address', 'unverified_account', 'receive_only_hold', 'rejected', 'pending'];

/** Mounts the payout contract, the Payoneer consent page, the payouts page and (testControl) the steering endpoints. */
export function registerPayoutRoutes(app: FastifyInstance, sim: SimulatedPayouts, opts: { testControl: boolean; apiKey?: string }) {
  const authorised = (auth: string | undefined) => !opts.apiKey || auth === `Bearer ${opts.apiKey}`;

  app.post<{ Body: { currency?: unknown; amountCents?: unknown } }>(`${PAYOUT_PREFIX}/quotes`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const { currency, amountCents } = req.body ?? {};
    if (typeof currency !== 'string' || !Number.isSafeInteger(amountCents) || (amountCents as number) <= 0) return reply.code(400).send({ error: 'bad_request' });
    if (sim.steering.down) return reply.code(503).send({ error: 'unavailable' });
    const q = sim.quote(currency, amountCents as number);
    return q ?? reply.code(422).send({ error: 'currency_not_supported' });
  });

  app.post<{ Body: Partial<CreatePayoutRequest> }>(`${PAYOUT_PREFIX}/payouts`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const b = req.body ?? {};
    if (typeof b.key !== 'string' || !b.key || !PAYMENT_METHODS.includes(b.method as never) || typeof b.address !== 'string' || !b.address
      || typeof b.trueName !== 'string' || !Number.isSafeInteger(b.amountCents) || (b.amountCents as number) <= 0 || typeof b.currency !== 'string') {
      return reply.code(400).send({ error: 'bad_request' });
    }
    if (sim.steer(b.address).down) return reply.code(503).send({ error: 'unavailable' });
    const isNew = !sim.payouts.has(b.key);
    const r = sim.create({ ...(b as CreatePayoutRequest), quoteId: b.quoteId ?? null, callbackUrl: b.callbackUrl ?? null });
    // A slow answer to the call that created the payout: its caller may die before it learns the payout exists.
    const delay = sim.steer(b.address).answerDelayMs;
    if (r.ok && isNew && delay > 0) await new Promise((res) => setTimeout(res, delay));
    return r.ok ? reply.code(201).send({ payout: r.payout }) : reply.code(r.status).send({ error: r.error });
  });

  app.get<{ Params: { key: string } }>(`${PAYOUT_PREFIX}/payouts/:key`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const p = sim.payouts.get(req.params.key);
    if (p && sim.steer(p.request.address).down) return reply.code(503).send({ error: 'unavailable' });
    return p ? { payout: view(p) } : reply.code(404).send({ error: 'payout_not_found' });
  });

  // Payoneer binding: our site redirects the seller here; consent sends them back with a one-time code.
  app.get<{ Querystring: { redirect_uri?: string; state?: string } }>('/payoneer/consent', async (req, reply) => {
    const { redirect_uri = '', state = '' } = req.query;
    reply.type('text/html; charset=utf-8');
    if (!sim.redirectAllowed(redirect_uri) || !state) return reply.code(400).send(htmlPage('Payoneer', '<p>Bad request: this return address is not registered</p>'));
    return reply.send(htmlPage('Connect your Payoneer account', `<form method="post" action="/payoneer/consent">
<input type="hidden" name="redirect_uri" value="${esc(redirect_uri)}"><input type="hidden" name="state" value="${esc(state)}">
<p><label>Payoneer account email <input name="email" type="email" required data-testid="payoneer-email"></label></p>
<p>Coin Market asks to send payouts to this Payoneer account.</p>
<button type="submit" name="decision" value="allow" data-testid="payoneer-allow">Allow</button>
<button type="submit" name="decision" value="deny" data-testid="payoneer-deny">Deny</button></form>`));
  });
  app.post<{ Body: Record<string, string> }>('/payoneer/consent', { bodyLimit: CONSENT_BODY_LIMIT }, async (req, reply) => {
    const { redirect_uri = '', state = '', email = '', decision = '' } = req.body ?? {};
    if (!sim.redirectAllowed(redirect_uri) || !state) return reply.code(400).send({ error: 'bad_request' });
    const target = new URL(redirect_uri);
    target.searchParams.set('state', state);
    if (decision !== 'allow' || !email.includes('@')) target.searchParams.set('error', 'access_denied');
    else {
      const code = sim.issueConsent(email.trim().toLowerCase());
      if (!code) return reply.code(503).send({ error: 'unavailable' });
      target.searchParams.set('code', code);
    }
    return reply.redirect(target.toString(), 302);
  });
  app.post<{ Body: { code?: unknown } }>(`${PAYOUT_PREFIX}/payoneer/token`, async (req, reply) => {
    if (!authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
    const c = sim.redeemConsent(String(req.body?.code ?? ''));
    return c ?? reply.code(400).send({ error: 'invalid_code' });
  });

  // A page that shows the payouts the simulator received.
  app.get('/payouts', async (_req, reply) => {
    const rows = [...sim.payouts.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, 500).map((p) =>
      `<tr><td>${esc(new Date(p.createdAt).toISOString())}</td><td>${esc(p.request.method)}</td><td>${esc(p.request.address)}</td><td>${esc(p.request.trueName)}</td>`
      + `<td>${(p.request.amountCents / 100).toFixed(2)} EUR</td><td>${esc(p.request.currency)}</td><td data-testid="payout-state">${esc(p.state)}${p.failure ? ` (${esc(p.failure)})` : ''}</td><td>${esc(p.reference ?? '')}</td><td>${p.callbacks}</td></tr>`).join('');
    return reply.type('text/html; charset=utf-8').send(htmlPage('Payouts received',
      `<table><thead><tr><th>Created</th><th>Method</th><th>Address</th><th>Name</th><th>Amount</th><th>Currency</th><th>State</th><th>Reference</th><th>Callbacks</th></tr></thead><tbody>${rows}</tbody></table>`));
  });

  if (!opts.testControl) return;
  app.post<{ Body: Partial<PayoutSteering> & { address?: string } }>('/test/payouts/steering', async (req) => {
    const b = req.body ?? {};
    const s: Partial<PayoutSteering> = {};
    if (OUTCOMES.includes(b.outcome as PayoutOutcome)) s.outcome = b.outcome;
    if (typeof b.confirmDelayMs === 'number') s.confirmDelayMs = Math.max(0, b.confirmDelayMs);
    if (typeof b.down === 'boolean') s.down = b.down;
    if (typeof b.duplicates === 'number') s.duplicates = Math.max(0, Math.min(10, b.duplicates));
    if (typeof b.answerDelayMs === 'number') s.answerDelayMs = Math.max(0, Math.min(60_000, b.answerDelayMs));
    if (b.address) sim.byAddress.set(b.address, { ...sim.byAddress.get(b.address), ...s });
    else sim.steering = { ...sim.steering, ...s };
    return { steering: sim.steering, address: b.address ? sim.steer(b.address) : null };
  });
  app.post<{ Params: { key: string }; Body: { state?: string; failure?: ProviderFailure; duplicates?: number } }>('/test/payouts/:key/settle', async (req, reply) => {
    const b = req.body ?? {};
    const p = await sim.settle(req.params.key, b.state === 'failed' ? 'failed' : 'paid', b.failure ?? null, b.duplicates ?? 0);
    return p ? { payout: p } : reply.code(404).send({ error: 'payout_not_found' });
  });
  // The provider's rate lock runs out (a long outage outlasts the 15 minutes): one quote, or all.
  app.post<{ Body: { quoteId?: string } }>('/test/payouts/quotes/expire', async (req) => {
    let expired = 0;
    for (const q of sim.quotes.values()) {
      if (req.body?.quoteId && q.quoteId !== req.body.quoteId) continue;
      q.expiresAt = Date.now() - 1;
      expired++;
    }
    return { expired };
  });
  app.get('/test/payouts', async () => ({
    payouts: [...sim.payouts.values()].map((p) => ({ ...view(p), amountCents: p.request.amountCents, address: p.request.address, currency: p.request.currency, quoteId: p.request.quoteId, callbacks: p.callbacks })),
    createCalls: sim.createCalls,
  }));
  app.post('/test/payouts/reset', async () => {
    sim.payouts.clear();
    sim.byAddress.clear();
    sim.steering = { outcome: 'paid', confirmDelayMs: 50, down: false, duplicates: 0, answerDelayMs: 0 };
    sim.createCalls = 0;
    return { ok: true };
  });
}
