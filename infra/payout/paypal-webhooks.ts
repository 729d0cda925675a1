/**
 * PayPal's webhooks for payouts (docs/provider-contract.md, "PayPal Payouts"), verified the way PayPal
 * specifies: the five PAYPAL-* transmission headers and the event exactly as received are sent back to
 * PayPal's `POST /v1/notifications/verify-webhook-signature` with our PAYPAL_WEBHOOK_ID, and only a
 * "SUCCESS" counts. Even then the event is only a hint: its batch is read back from PayPal, and what
 * PayPal shows there moves the withdrawal, so a replayed or stale event cannot pay or return anything.
 */
import { payoutOfBatch, readPaypalBatch } from './paypal-gateway.js';
import { createPaypalClient, type PaypalClientOptions } from './paypal-client.js';
import { answerCheck } from '../provider-answers.js';
import type { PayoutView } from './contract.js';

/** The transmission headers PayPal sends with each event, as its verify request names them. */
const HEADERS = {
  auth_algo: 'paypal-auth-algo', cert_url: 'paypal-cert-url', transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig', transmission_time: 'paypal-transmission-time',
} as const;
/** PayPal's limits on those fields (its verify-webhook-signature schema): longer ones are refused before any call. */
const MAX_HEADER = { auth_algo: 100, cert_url: 500, transmission_id: 50, transmission_sig: 500, transmission_time: 100 } as const;

const verifyAnswer = answerCheck<{ verification_status: 'SUCCESS' | 'FAILURE' }>({
  type: 'object', required: ['verification_status'], properties: { verification_status: { enum: ['SUCCESS', 'FAILURE'] } },
});

export type PaypalWebhookOutcome =
  | { kind: 'unsigned'; missing: string[] }
  | { kind: 'unreadable' }
  | { kind: 'forged' }
  | { kind: 'ignored'; eventType: string }
  | { kind: 'payout'; eventType: string; payout: PayoutView | null };

export type PaypalWebhooks = ReturnType<typeof createPaypalWebhooks>;

export function createPaypalWebhooks(o: PaypalClientOptions & { webhookId: string }) {
  const client = createPaypalClient(o);
  const now = o.now ?? Date.now;
  return {
    /** One delivery: its headers and raw body. PayPal being unreachable throws PayoutUnavailableError (answer 503: PayPal delivers again). */
    async receive(headers: Record<string, string | string[] | undefined>, raw: string): Promise<PaypalWebhookOutcome> {
      const sent: Record<string, string> = {};
      const missing: string[] = [];
      for (const [field, header] of Object.entries(HEADERS) as [keyof typeof HEADERS, string][]) {
        const v = headers[header];
        if (typeof v !== 'string' || !v || v.length > MAX_HEADER[field]) missing.push(header.toUpperCase());
        else sent[field] = v;
      }
      if (missing.length) return { kind: 'unsigned', missing };
      let event: { event_type?: unknown; resource?: { payout_batch_id?: unknown; batch_header?: { payout_batch_id?: unknown } } };
      try {
        event = JSON.parse(raw) as typeof event;
      } catch {
        return { kind: 'unreadable' };
      }
      if (!event || typeof event !== 'object' || typeof event.event_type !== 'string') return { kind: 'unreadable' };
      // The event goes back to PayPal byte for byte: a re-serialized one can fail PayPal's check.
      const json = `{${Object.entries({ ...sent, webhook_id: o.webhookId }).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${raw}}`;
      const res = await client.api('/v1/notifications/verify-webhook-signature', { method: 'POST', json });
      if (res.status === 400 || res.status === 422) {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'forged' };
      }
      const verdict = await client.json(res, verifyAnswer, 'the webhook verification');
      if (verdict.verification_status !== 'SUCCESS') return { kind: 'forged' };
      const eventType = event.event_type;
      if (!/^PAYMENT\.PAYOUTS(-ITEM|BATCH)\./.test(eventType)) return { kind: 'ignored', eventType };
      const batchId = event.resource?.payout_batch_id ?? event.resource?.batch_header?.payout_batch_id;
      if (typeof batchId !== 'string' || !/^[A-Za-z0-9_-]{1,30}$/.test(batchId)) return { kind: 'ignored', eventType };
      const batch = await readPaypalBatch(client, batchId);
      return { kind: 'payout', eventType, payout: batch ? payoutOfBatch(batch, now()) : null };
    },
  };
}
