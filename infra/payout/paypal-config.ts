/**
 * PayPal Payouts credentials (docs/provider-contract.md, "PayPal Payouts"). With PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET set, the `paypal` method is paid through PayPal's own API (infra/payout/paypal-gateway.ts);
 * without them it is paid as before (the payout provider, or by hand). Half a configuration stops the start:
 * a missing secret must never quietly turn PayPal payouts into manual ones, or the reverse.
 */
import { PayoutConfigError } from './callback-secret.js';

export const PAYPAL_HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;
export type PaypalEnv = keyof typeof PAYPAL_HOSTS;

export interface PaypalConfig {
  clientId: string;
  /** Never logged, never in an error message. */
  clientSecret: string;
  env: PaypalEnv;
  /** PayPal's API root: the host of `env`, or PAYPAL_API_URL (a test mock; refused in production). */
  baseUrl: string;
  /** PAYPAL_WEBHOOK_ID: the webhook registered at PayPal for payout events; null: no webhooks, status reads only. */
  webhookId: string | null;
}

/** PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_ENV (sandbox|live), PAYPAL_API_URL and PAYPAL_WEBHOOK_ID; null when PayPal is not configured. */
export function paypalFromEnv(env: NodeJS.ProcessEnv): PaypalConfig | null {
  const production = env.NODE_ENV === 'production';
  const clientId = env.PAYPAL_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim() ?? '';
  const mode = env.PAYPAL_ENV?.trim() ?? '';
  const override = env.PAYPAL_API_URL?.trim() ?? '';
  const webhookId = env.PAYPAL_WEBHOOK_ID?.trim() ?? '';
  if (!clientId && !clientSecret) {
    if (mode || override || webhookId) throw new PayoutConfigError('PAYPAL_ENV, PAYPAL_API_URL or PAYPAL_WEBHOOK_ID is set but PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not: set both, or unset PayPal entirely.');
    return null;
  }
  if (!clientId || !clientSecret) throw new PayoutConfigError(`PayPal needs both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; ${clientId ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'} is missing.`);
  // Production names its environment: a sandbox payout there pays nobody, a live one in staging pays for real.
  if (!mode && production) throw new PayoutConfigError('PAYPAL_ENV is required in production: "live" (or "sandbox" for a rehearsal).');
  const which = (mode || 'sandbox') as PaypalEnv;
  if (!(which in PAYPAL_HOSTS)) throw new PayoutConfigError(`PAYPAL_ENV must be "sandbox" or "live", not ${JSON.stringify(mode)}.`);
  if (override) {
    // A base-URL override only points the adapter at a mock of PayPal's API (tests): production talks to PayPal itself.
    if (production) throw new PayoutConfigError('PAYPAL_API_URL is for a test mock of PayPal and is refused in production: unset it (PAYPAL_ENV picks PayPal\'s host).');
    let url: URL;
    try {
      url = new URL(override);
    } catch {
      throw new PayoutConfigError('PAYPAL_API_URL is not a URL.');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PayoutConfigError('PAYPAL_API_URL must be an http(s) URL.');
  }
  // PayPal's document: the webhook id is letters and digits, at most 50.
  if (webhookId && !/^[A-Za-z0-9]{1,50}$/.test(webhookId)) throw new PayoutConfigError('PAYPAL_WEBHOOK_ID must be the webhook\'s id as PayPal shows it (letters and digits, at most 50).');
  return { clientId, clientSecret, env: which, baseUrl: (override || PAYPAL_HOSTS[which]).replace(/\/+$/, ''), webhookId: webhookId || null };
}
