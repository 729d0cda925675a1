/**
 * The PayPal Payouts adapter (docs/provider-contract.md, "PayPal Payouts"): our payout contract spoken
 * to PayPal's own API as PayPal documents it (tests/contracts/paypal/payments_payouts_batch_v1.json).
 * One payout batch of one item per withdrawal, `sender_batch_id` = our idempotency key: PayPal pays a
 * sender_batch_id once in 30 days and refuses a repeat with a link to the original batch, which is read
 * back, so a retried activity whose first answer was lost never pays twice. Failures follow the
 * gateway's rule: an outage, a 401/403 or an answer out of contract throws PayoutUnavailableError
 * (retried, then support; the money stays pending); a refusal of the request throws PayoutContractError.
 */
import type { CreatePayoutRequest, PayoutView } from './contract.js';
import { PayoutContractError, PayoutUnavailableError, type PayoutGateway } from './gateway.js';
import { paypalBatchAnswer, paypalCreatedAnswer, type PaypalBatch, type PaypalError } from './paypal-answers.js';
import { createPaypalClient, type PaypalClient, type PaypalClientOptions } from './paypal-client.js';
import { paypalItemView } from './paypal-states.js';

/** Currencies PayPal takes without decimals. */
const WHOLE_UNIT_CURRENCIES = new Set(['JPY', 'HUF', 'TWD']);
/** PayPal's refusals that are about our (the sender's) account, never the seller's payout. */
const OUR_ACCOUNT_REFUSALS = new Set(['insufficient_funds', 'sender_restricted', 'sender_account_locked']);
const BATCH_PATH = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]{1,30})(?:[/?#]|$)/;

export type PaypalGatewayOptions = PaypalClientOptions;

/** PayPal's `amount.value`: minor units as a decimal string ("12.34"; "1234" for JPY). */
export function paypalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 1) throw new PayoutContractError('payout amount must be a positive whole number of minor units', 400, 'bad_request');
  return WHOLE_UNIT_CURRENCIES.has(currency) ? String(minor) : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function createPaypalGateway(o: PaypalGatewayOptions): PayoutGateway {
  const now = o.now ?? Date.now;
  const client = createPaypalClient(o);
  const { api, json } = client;

  /** The batch as PayPal has it now, as our contract's payout; null when PayPal has no such batch. */
  const readBatch = async (key: string, batchId: string): Promise<PayoutView | null> => {
    const b = await readPaypalBatch(client, batchId);
    if (!b) return null;
    // Another sender_batch_id's state would settle the wrong withdrawal.
    if (b.batch_header.sender_batch_header.sender_batch_id !== key) throw new PayoutUnavailableError('PayPal answered a payout batch under another sender_batch_id');
    return payoutOfBatch(b, now());
  };

  return {
    quote: async () => { throw new PayoutUnavailableError('PayPal Payouts gives no quotes: quotes come from the payout provider'); },
    payoneerToken: async () => { throw new PayoutUnavailableError('PayPal Payouts does not bind Payoneer payees'); },

    async create(p: CreatePayoutRequest): Promise<PayoutView> {
      const currency = p.quoteId ? p.currency : 'EUR';
      const minor = p.quoteId ? p.payoutMinor ?? null : p.amountCents;
      if (minor === null) throw new PayoutContractError('a payout in another currency than EUR needs the quoted amount', 400, 'bad_request');
      const res = await api('/v1/payments/payouts', {
        method: 'POST',
        body: {
          sender_batch_header: { sender_batch_id: p.key, recipient_type: 'EMAIL', email_subject: 'You have a payout' },
          items: [{ recipient_type: 'EMAIL', receiver: p.address, amount: { currency, value: paypalAmount(minor, currency) }, sender_item_id: p.key.slice(-63) }],
        },
      });
      if (res.status === 201 || res.status === 200) {
        const c = await json(res, paypalCreatedAnswer, 'the payout request');
        const denied = c.batch_header.batch_status === 'DENIED';
        return { payoutId: c.batch_header.payout_batch_id, key: p.key, state: denied ? 'failed' : 'pending', failure: denied ? 'rejected' : null, reference: null, updatedAt: now() };
      }
      let err: PaypalError = {};
      try {
        err = (await res.json()) as PaypalError;
      } catch { /* an empty or non-JSON refusal: only its status is known */ }
      // PayPal's answer to a sender_batch_id used before: a refusal with a link to the original batch, read back.
      const original = (err.links ?? []).map((l) => BATCH_PATH.exec(l.href ?? '')?.[1]).find(Boolean);
      if (original) {
        const existing = await readBatch(p.key, original);
        if (existing) return existing;
        throw new PayoutUnavailableError('PayPal named an earlier payout batch for this key that it cannot show');
      }
      const code = typeof err.name === 'string' && /^[A-Z0-9_]{1,64}$/.test(err.name) ? err.name.toLowerCase() : 'rejected';
      // Our own PayPal balance cannot cover it: nothing the seller did or can fix, so it never fails their
      // withdrawal; retried, then it waits for support (top up the balance, then "retry").
      if (OUR_ACCOUNT_REFUSALS.has(code)) throw new PayoutUnavailableError(`PayPal refused the payout for our own account: ${code}; top up or fix the PayPal account, then retry from support`, res.status);
      throw new PayoutContractError(`PayPal refused the payout: ${res.status} ${code}`, res.status, code);
    },

    async status(key: string, payoutId?: string | null): Promise<PayoutView | null> {
      // PayPal finds a batch by its own id only: without it (never answered) nothing can be read.
      return payoutId ? readBatch(key, payoutId) : null;
    },
  };
}

/** A payout batch read from PayPal (`GET /v1/payments/payouts/{id}`), checked; null when PayPal has no such batch. */
export async function readPaypalBatch(client: PaypalClient, batchId: string): Promise<PaypalBatch | null> {
  const res = await client.api(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, { method: 'GET' });
  if (res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) throw new PayoutUnavailableError(`PayPal refused to show a payout batch (${res.status})`, res.status);
  return client.json(res, paypalBatchAnswer, 'a payout batch');
}

/** One batch of one item as our contract's payout, under the sender_batch_id PayPal shows for it (our key). */
export function payoutOfBatch(b: PaypalBatch, at: number): PayoutView {
  const base = { payoutId: b.batch_header.payout_batch_id, key: b.batch_header.sender_batch_header.sender_batch_id ?? '', updatedAt: at };
  const item = b.items?.[0];
  const denied = b.batch_header.batch_status === 'DENIED';
  if (!item) return { ...base, state: denied ? 'failed' : 'pending', failure: denied ? 'rejected' : null, reference: null };
  const v = paypalItemView(item);
  if (!v) throw new PayoutUnavailableError('PayPal answered a payout item in a state outside its document');
  return { ...base, ...v };
}
