/**
 * Which payout methods a payout provider pays (docs/withdrawals.md, "Manual payouts"). Payouts go to
 * PAYOUT_PROVIDER_URL only: in production nothing stands in for a missing one (not PROVIDER_URL, which
 * compose points at the simulator, and which answers every payout "paid"). A method the provider does
 * not pay (no URL at all, or not in PAYOUT_PROVIDER_METHODS) is a manual payout: its withdrawals wait
 * for support, who pays them in the provider's own dashboard and records the provider's reference.
 */
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/account-schemas.js';
import { PayoutConfigError } from './callback-secret.js';

export interface PayoutProviderConfig {
  url: string;
  apiKey?: string;
  /** The methods this provider pays; every other method is paid by hand. */
  methods: readonly PaymentMethod[];
}

/**
 * PAYOUT_PROVIDER_URL, PAYOUT_API_KEY and PAYOUT_PROVIDER_METHODS (comma-separated; every method when
 * unset). Outside production, PROVIDER_URL and PROVIDER_API_KEY still stand in (the development stack
 * and the tests run one simulator for every provider). Null: no provider, every method is manual.
 * Throws PayoutConfigError (exit 2) for an unknown method, or a method list without a provider.
 */
export function payoutProviderFromEnv(env: NodeJS.ProcessEnv): PayoutProviderConfig | null {
  const production = env.NODE_ENV === 'production';
  const url = env.PAYOUT_PROVIDER_URL?.trim() || (production ? '' : env.PROVIDER_URL?.trim() ?? '');
  const listed = (env.PAYOUT_PROVIDER_METHODS ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  const unknown = listed.filter((m) => !(PAYMENT_METHODS as readonly string[]).includes(m));
  if (unknown.length) {
    throw new PayoutConfigError(`PAYOUT_PROVIDER_METHODS: unknown payout method ${unknown.map((m) => JSON.stringify(m)).join(', ')}; the methods are ${PAYMENT_METHODS.join(', ')}.`);
  }
  if (!url) {
    if (listed.length) throw new PayoutConfigError('PAYOUT_PROVIDER_METHODS is set but PAYOUT_PROVIDER_URL is not: name the provider that pays these methods, or unset the list (every method is then paid by hand).');
    return null;
  }
  const apiKey = env.PAYOUT_API_KEY || (production ? '' : env.PROVIDER_API_KEY) || undefined;
  return { url, ...(apiKey ? { apiKey } : {}), methods: listed.length ? PAYMENT_METHODS.filter((m) => listed.includes(m)) : PAYMENT_METHODS };
}

/** The methods support pays by hand under this configuration (for the start-up log). */
export const manualMethods = (p: PayoutProviderConfig | null): PaymentMethod[] => PAYMENT_METHODS.filter((m) => !p?.methods.includes(m));
