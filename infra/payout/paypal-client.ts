/**
 * PayPal's REST API as our adapters call it: OAuth2 client credentials (one token, cached until shortly
 * before PayPal's `expires_in`, renewed once at a time), the bearer call that drops a refused token and
 * tries once more, and answers checked against what we read before anything acts on them. An outage, a
 * 401/403/429/5xx or an answer out of PayPal's document is PayoutUnavailableError (retried, never a failure).
 */
import { PayoutUnavailableError } from './gateway.js';
import { paypalTokenAnswer } from './paypal-answers.js';
import type { PaypalConfig } from './paypal-config.js';
import { answerProblems, type AnswerCheck } from '../provider-answers.js';

/** A token is renewed this long before PayPal says it expires (clock skew, a call in flight). */
const TOKEN_MARGIN_MS = 60_000;

export interface PaypalClientOptions extends Pick<PaypalConfig, 'clientId' | 'clientSecret' | 'baseUrl'> {
  timeoutMs?: number;
  now?: () => number;
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;

export function createPaypalClient(o: PaypalClientOptions) {
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
  const api = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown; json?: string }): Promise<Response> => {
    // `json`: a body already serialized (a webhook event sent back to PayPal exactly as PayPal sent it).
    const payload = init.json ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    for (let attempt = 0; ; attempt++) {
      const res = await send(path, {
        method: init.method,
        headers: {
          accept: 'application/json', authorization: `Bearer ${await accessToken()}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: payload }),
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

  return { api, json };
}
