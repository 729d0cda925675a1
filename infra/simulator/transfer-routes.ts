/**
 * The transfer contract over HTTP (docs/provider-contract.md, "Transfer orders"), the test steering
 * under /test/transfer/*, and the page where a person plays the game's side by hand (/transfer):
 * list orders, push progress, complete, cancel, raise any sub-state, set the coins left on the
 * account (remainder), switch automatic progress. Steering and the page exist only with test control
 * on (never in production).
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_SUB_STATES, SUB_STATE_TEXT, TRANSFER_TIMES } from '../../domain/comfort-trade.js';
import { PLATFORMS, type Platform } from '../../domain/pricing.js';
import { TRANSFER_PREFIX, type SubmitOrderRequest, type TransferCredentials } from '../transfer/contract.js';
import { isOrderError, type SimulatedTransfers, type TransferRule } from './transfer.js';
import { routePath } from '../route-path.js';

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function isCredentials(c: unknown): c is TransferCredentials {
  const x = c as TransferCredentials;
  return !!x && typeof x.email === 'string' && typeof x.password === 'string' && x.email !== '' && x.password !== ''
    && (x.backupCodes === null || (Array.isArray(x.backupCodes) && x.backupCodes.length === 6 && x.backupCodes.every((s) => /^\d{8}$/.test(s))))
    && (x.authSecret === null || (typeof x.authSecret === 'string' && x.authSecret.length === 16))
    && (x.backupCodes !== null) !== (x.authSecret !== null);
}

function isSubmit(b: unknown): b is SubmitOrderRequest {
  const x = b as SubmitOrderRequest;
  return !!x && typeof x.orderId === 'string' && x.orderId.length > 0 && x.orderId.length <= 200
    && PLATFORMS.includes(x.platform as Platform) && Number.isSafeInteger(x.coins) && x.coins > 0
    && (TRANSFER_TIMES as readonly string[]).includes(x.transferTime) && isCredentials(x.credentials);
}

export function registerTransferRoutes(app: FastifyInstance, t: SimulatedTransfers, opts: { authorised: (h: string | undefined) => boolean; testControl: boolean }) {
  const P = TRANSFER_PREFIX;
  app.addHook('onRequest', async (req, reply) => {
    // On the route reached: the router decodes `/%74ransfer/v1/...` to the same orders.
    if (routePath(req).startsWith(P) && !opts.authorised(req.headers.authorization)) return reply.code(401).send({ error: 'unauthorised' });
  });
  const answer = (reply: { code(n: number): { send(b: unknown): unknown } }, r: ReturnType<SimulatedTransfers['resume']>) =>
    r === 'not_found' ? reply.code(404).send({ error: 'order_not_found' }) : r === 'not_waiting' ? reply.code(409).send({ error: 'not_waiting' }) : { order: r };

  app.post(`${P}/orders`, async (req, reply) => {
    if (!isSubmit(req.body)) return reply.code(400).send({ error: 'bad_request' });
    const r = t.submit(req.body);
    return reply.code(r.created ? 201 : 200).send({ order: r.order });
  });
  app.get<{ Params: { id: string } }>(`${P}/orders/:id`, async (req, reply) => {
    const o = t.get(req.params.id);
    return o ? { order: o } : reply.code(404).send({ error: 'order_not_found' });
  });
  app.post<{ Params: { id: string }; Body: { credentials?: unknown } }>(`${P}/orders/:id/resubmit`, async (req, reply) => {
    if (!isCredentials(req.body?.credentials)) return reply.code(400).send({ error: 'bad_request' });
    return answer(reply, t.resubmit(req.params.id, req.body.credentials));
  });
  app.post<{ Params: { id: string } }>(`${P}/orders/:id/resume`, async (req, reply) => answer(reply, t.resume(req.params.id)));
  app.post<{ Params: { id: string } }>(`${P}/orders/:id/cancel`, async (req, reply) => answer(reply, t.cancel(req.params.id)));

  if (!opts.testControl) return;

  // --- steering for tests
  app.post<{ Body: Partial<TransferRule> }>('/test/transfer/rules', async (req, reply) => {
    const b = req.body ?? {};
    if (typeof b.email !== 'string' || !isOrderError(b.error)) return reply.code(400).send({ error: 'bad_request' });
    const rule: TransferRule = { email: b.email.toLowerCase(), error: b.error, afterChunks: Math.max(0, Number(b.afterChunks ?? 0) || 0), times: Math.max(1, Number(b.times ?? 1) || 1) };
    t.rules.push(rule);
    return { rule };
  });
  app.post<{ Body: { auto?: boolean; loginMs?: number; chunkMs?: number; chunkCoins?: number; remainder?: number } }>('/test/transfer/settings', async (req) => {
    const b = req.body ?? {};
    if (typeof b.auto === 'boolean') t.auto = b.auto;
    for (const k of ['loginMs', 'chunkMs', 'chunkCoins'] as const) if (Number(b[k]) > 0) t.timing[k] = Number(b[k]);
    if (Number(b.remainder) >= 0) t.defaultRemainder = Number(b.remainder);
    return { auto: t.auto, timing: t.timing, remainder: t.defaultRemainder };
  });
  app.get('/test/transfer/orders', async () => ({ orders: [...t.orders.values()].map((o) => ({ ...t.snapshot(o), email: o.email })) }));
  app.get('/test/transfer/stats', async () => ({ calls: t.calls, orders: t.orders.size }));
  /** What the provider last received as credentials (tests check a resubmit reached it). */
  app.get<{ Params: { id: string } }>('/test/transfer/orders/:id/credentials', async (req, reply) => {
    const o = t.orders.get(req.params.id);
    return o ? { credentials: o.credentials } : reply.code(404).send({ error: 'order_not_found' });
  });
  app.post<{ Params: { id: string }; Body: { action?: string; error?: string; coins?: number } }>('/test/transfer/orders/:id', async (req, reply) => {
    const id = req.params.id;
    const b = req.body ?? {};
    if (b.action === 'push') return { order: t.push(id) };
    if (b.action === 'complete') return { order: t.complete(id) };
    if (b.action === 'raise' && isOrderError(b.error)) return { order: t.raise(id, b.error) };
    if (b.action === 'remainder') { t.setRemainder(id, Number(b.coins ?? 0)); return { order: t.get(id) }; }
    if (b.action === 'stale') { t.markStale(id); return { ok: true }; }
    return reply.code(400).send({ error: 'bad_request' });
  });
  app.post('/test/transfer/reset', async () => { t.reset(); return { ok: true }; });

  // --- the page a person uses to play the game's side
  const errors = ['provider_error', ...ERROR_SUB_STATES] as const;
  const label = (e: string) => (e === 'provider_error' ? 'Error (temporary)' : SUB_STATE_TEXT[e as keyof typeof SUB_STATE_TEXT].label);
  const minutes = (ms: number) => (ms >= 60_000 ? `${(ms / 60_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} min` : `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} s`);
  app.get('/transfer', async (_req, reply) => {
    const rows = [...t.orders.values()].reverse().map((o) => {
      const id = encodeURIComponent(o.orderId);
      const live = o.state === 'transferring' || o.state === 'error';
      return `<tr data-testid="sim-order" data-order-id="${esc(o.orderId)}"><td>${esc(o.orderId)}</td><td>${esc(o.email)}</td><td>${esc(o.platform)}</td>
<td>${o.coinsTransferred.toLocaleString('en-US')} / ${o.coins.toLocaleString('en-US')} (remainder ${o.remainder.toLocaleString('en-US')})</td><td>${o.successCount}/${o.totalCount}</td>
<td data-testid="sim-state">${esc(o.state)}${o.error ? ` (${esc(label(o.error))})` : ''}</td><td>${live ? `
<form method="post" action="/transfer/${id}"><button name="action" value="push">Push progress</button>
<button name="action" value="complete">Complete</button>
<button name="action" value="cancel">Cancel order</button></form>
<form method="post" action="/transfer/${id}"><select name="error" aria-label="Sub-state">${errors.map((e) => `<option value="${e}">${esc(label(e))}</option>`).join('')}</select>
<button name="action" value="raise">Raise</button></form>
<form method="post" action="/transfer/${id}"><label>Coins left on the account <input name="coins" type="number" min="0" max="${o.coins}" step="1" value="${o.remainder}"></label>
<button name="action" value="remainder">Set remainder</button></form>` : 'ended'}</td></tr>`;
    }).join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Transfer orders</title><style>body{font-family:system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.35rem;text-align:left;vertical-align:top}form{margin:0 0 .3rem}input{width:8rem}</style></head>
<body><h1>Transfer orders</h1><p><em>Provider simulator: you play the game's side. Automatic progress is ${t.auto ? 'on' : 'off'}:
login ${minutes(t.timing.loginMs)}, then ${t.timing.chunkCoins.toLocaleString('en-US')} coins every ${minutes(t.timing.chunkMs)}.</em> <a href="/transfer">Refresh</a></p>
<form method="post" action="/transfer/auto"><button name="auto" value="${t.auto ? 'off' : 'on'}">Turn automatic progress ${t.auto ? 'off' : 'on'}</button></form>
<table><thead><tr><th>Order</th><th>Account</th><th>Platform</th><th>Coins</th><th>Chunks</th><th>State</th><th>Act</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });
  app.post<{ Body: Record<string, string> }>('/transfer/auto', async (req, reply) => {
    const v = req.body?.auto;
    if (v !== 'on' && v !== 'off') return reply.code(400).type('text/plain; charset=utf-8').send('auto must be "on" or "off"');
    t.auto = v === 'on';
    return reply.redirect('/transfer', 303);
  });
  /** The page's buttons: push, complete, cancel, raise a sub-state, set the remainder. A bad form answers why and changes nothing. */
  app.post<{ Params: { id: string }; Body: Record<string, string> }>('/transfer/:id', async (req, reply) => {
    const id = req.params.id;
    const { action, error, coins } = req.body ?? {};
    const bad = (code: number, why: string) => reply.code(code).type('text/plain; charset=utf-8').send(why);
    if (!t.orders.has(id)) return bad(404, `No order ${id}`);
    if (action === 'push') t.push(id);
    else if (action === 'complete') t.complete(id);
    else if (action === 'cancel') t.cancel(id);
    else if (action === 'raise') {
      if (!isOrderError(error)) return bad(400, `Unknown sub-state: choose one of ${errors.join(', ')}`);
      t.raise(id, error);
    } else if (action === 'remainder') {
      const n = Number(coins);
      if (coins === undefined || coins === '' || !Number.isSafeInteger(n) || n < 0) return bad(400, 'Coins left on the account must be a whole number, 0 or more');
      t.setRemainder(id, n);
    } else return bad(400, 'Unknown action: push, complete, cancel, raise or remainder');
    return reply.redirect('/transfer', 303);
  });
}
