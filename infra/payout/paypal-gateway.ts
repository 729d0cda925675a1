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
import { paypalBatchAnswer, paypalCreatedAnswer, paypalTokenAnswer, type PaypalBatch, type PaypalError } from './paypal-answers.js';
import type { PaypalConfig } from './paypal-config.js';
import { paypalItemView } from './paypal-states.js';
import { answerProblems, type AnswerCheck } from '../provider-answers.js';

/** Currencies PayPal takes without decimals. */
const WHOLE_UNIT_CURRENCIES = new Set(['JPY', 'HUF', 'TWD']);
/** A token is renewed this long before PayPal says it expires (clock skew, a call in flight). */
const TOKEN_MARGIN_MS = 60_000;
const BATCH_PATH = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]{1,30})(?:[/?#]|$)/;

export interface PaypalGatewayOptions extends Pick<PaypalConfig, 'clientId' | 'clientSecret' | 'baseUrl'> {
  timeoutMs?: number;
  now?: () => number;
}

/** PayPal's `amount.value`: minor units as a decimal string ("12.34"; "1234" for JPY). */
export function paypalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 1) throw new PayoutContractError('payout amount must be a positive whole number of minor units', 400, 'bad_request');
  return WHOLE_UNIT_CURRENCIES.has(currency) ? String(minor) : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function createPaypalGateway(o: PaypalGatewayOptions): PayoutGateway {
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? 10_000;
  let token: { value: string; renewAt: number } | null = null;
  let renewing: Promise<string> | null = null;

  const send = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(o.baseUrl + path, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PayoutUnavailableError(`PayPal unreachable: ${(err as Error).message}`);
    }
  };
  const json = async <T>(res: Response, check: AnswerCheck<T>, what: string): Promise<T> => {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new PayoutUnavailableError(`PayPal answered ${what} with a body that is not JSON`);
    }
    if (!check(body)) throw new PayoutUnavailableError(`PayPal answered ${what} out of its document: ${answerProblems(check)}`);
    return body;
  };

  /** OAuth2 client credentials (`POST /v1/oauth2/token`), cached until shortly before PayPal's `expires_in`; one request at a time. */
  const accessToken = async (): Promise<string> => {
    if (token && now() < token.renewAt) return token.value;
    renewing ??= (async () => {
      try {
        const res = await send('/v1/oauth2/token', {
          method: 'POST',
          headers: {
            accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`,
          },
          body: 'grant_type=client_credentials',
        });
        // Wrong credentials are our configuration, not the seller's payout: it waits (never fails) until fixed.
        if (!res.ok) {
          await res.body?.cancel().catch(() => undefined);
          throw new PayoutUnavailableError(`PayPal refused our client credentials (${res.status}): check PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_ENV`, res.status);
        }
        const t = await json(res, paypalTokenAnswer, 'the token request');
        token = { value: t.access_token, renewAt: now() + Math.max(0, t.expires_in * 1000 - TOKEN_MARGIN_MS) };
        return t.access_token;
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  };

  /** A call with the bearer token; a 401 drops the token and tries once more with a new one. */
  const api = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const res = await send(path, {
        method: init.method,
        headers: {
          accept: 'application/json', authorization: `Bearer ${await accessToken()}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel().catch(() => undefined);
        token = null;
        continue;
      }
      if (res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403) {
        await res.body?.cancel().catch(() => undefined);
        throw new PayoutUnavailableError(`PayPal answered ${res.status}`, res.status);
      }
      return res;
    }
  };

  /** The batch as PayPal has it now, as our contract's payout; null when PayPal has no such batch. */
  const readBatch = async (key: string, batchId: string): Promise<PayoutView | null> => {
    const res = await api(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!res.ok) throw new PayoutUnavailableError(`PayPal refused to show a payout batch (${res.status})`, res.status);
    return viewOf(key, await json(res, paypalBatchAnswer, 'a payout batch'));
  };
  const viewOf = (key: string, b: PaypalBatch): PayoutView => {
    // Another sender_batch_id's state would settle the wrong withdrawal.
    if (b.batch_header.sender_batch_header.sender_batch_id !== key) throw new PayoutUnavailableError('PayPal answered a payout batch under another sender_batch_id');
    const base = { payoutId: b.batch_header.payout_batch_id, key, updatedAt: now() };
    const item = b.items?.[0];
    if (!item) return { ...base, state: b.batch_header.batch_status === 'DENIED' ? 'failed' : 'pending', failure: b.batch_header.batch_status === 'DENIED' ? 'rejected' : null, reference: null };
    const v = paypalItemView(item);
    if (!v) throw new PayoutUnavailableError('PayPal answered a payout item in a state outside its document');
    return { ...base, ...v };
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
      throw new PayoutContractError(`PayPal refused the payout: ${res.status} ${code}`, res.status, code);
    },

    async status(key: string, payoutId?: string | null): Promise<PayoutView | null> {
      // PayPal finds a batch by its own id only: without it (never answered) nothing can be read.
      return payoutId ? readBatch(key, payoutId) : null;
    },
  };
}
