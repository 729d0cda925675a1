/**
 * Withdrawals over HTTP: the emailed code (sent only when the seller asks), the request, the
 * history, the fee preview and the provider's signed callbacks. The logic is the withdrawal service
 * (api/withdrawals/service.ts), shared with the REST API v1; routes shape the answers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { MINIMUM_WITHDRAWAL_CENTS, PAYOUT_TIME_TEXT, PROCESSING_TIME_TEXT } from '../../domain/withdrawal.js';
import { parsePage } from '../../domain/player-trade.js';
import { toWithdrawalStatus } from '../../infra/withdrawals/records.js';
import { requireSeller, sellerOf } from '../auth/require-seller.js';
import type { WithdrawalOptions } from '../withdrawals/settings.js';
import { SIGNATURE_HEADER, type WithdrawalService } from '../withdrawals/service.js';

export { ALREADY_SENT, DETAILS_CHANGED, QUOTE_EXPIRED, QUOTE_UNAVAILABLE } from '../../domain/withdrawal.js';

/** The largest PayPal webhook delivery taken (PayPal's payout events are a few KB). */
const PAYPAL_WEBHOOK_MAX_BYTES = 64 * 1024;

/** The withdrawal slice: an encapsulated plugin over the service app.ts built (the provider's callback in a scope of its own, which reads its body as sent). */
export const withdrawalRoutes: FastifyPluginAsync<{ service: WithdrawalService; options: WithdrawalOptions }> = async (app, deps) => {
  const { service, options: o } = deps;
  const L = app.accounts.limits;
  const auth = { preHandler: requireSeller };

  app.get('/api/withdrawals/config', async () => ({
    minimumCents: MINIMUM_WITHDRAWAL_CENTS, fees: o.fees, payoutTime: PAYOUT_TIME_TEXT, processingTime: PROCESSING_TIME_TEXT,
    resendWaitSeconds: L.resendWaitSeconds, codeTtlSeconds: L.codeTtlSeconds,
  }));

  /** Fee, handling fee, total payout and (for another currency or USDT) the provider's rate, before confirming. */
  app.post('/api/withdrawals/quote', auth, async (req) => service.quote(sellerOf(req).id, req.body));

  app.post('/api/withdrawals/code', auth, async (req) => service.sendCode(sellerOf(req), req.body));

  /** Confirms a withdrawal with its emailed code: "Withdrawal request has been sent successfully", or a clear error and nothing moves. */
  app.post('/api/withdrawals', auth, async (req, reply) => reply.code(201).send(await service.confirm(sellerOf(req), req.body)));

  /** The withdrawal history, newest first. */
  app.get('/api/withdrawals', auth, async (req) => {
    const { page, size: pageSize } = parsePage(req.query as Record<string, unknown>, 10, 50);
    const r = await service.withdrawals.list(sellerOf(req).id, page, pageSize);
    return { items: r.items.map(toWithdrawalStatus), total: r.total, page, size: pageSize };
  });

  app.get<{ Params: { id: string } }>('/api/withdrawals/:id', auth, async (req) => {
    const doc = await service.withdrawals.get(sellerOf(req).id, req.params.id);
    if (!doc) throw new DomainError('not_found', 'withdrawal_not_found', 'Withdrawal not found');
    return { withdrawal: toWithdrawalStatus(doc) };
  });

  // The provider's signed callbacks: verified over the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/api/payouts/callback', async (req, reply) => {
      const r = await service.providerCallback(typeof req.body === 'string' ? req.body : '', req.headers[SIGNATURE_HEADER] as string | undefined, req.log);
      return reply.code(r.status).send(r.body);
    });
    // PayPal's payout webhooks (PAYPAL_WEBHOOK_ID): verified by PayPal over the event as sent.
    // PayPal's payout events are a few KB; each delivery is sent back to PayPal to verify, so a bigger body is refused before any call.
    scope.post('/api/payouts/paypal-webhook', { bodyLimit: PAYPAL_WEBHOOK_MAX_BYTES }, async (req, reply) => {
      const r = await service.paypalWebhook(typeof req.body === 'string' ? req.body : '', req.headers, req.log);
      return reply.code(r.status).send(r.body);
    });
  });
};
